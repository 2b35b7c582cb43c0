#include "sweepaxis.h"

#include "config/settingcomparison.h"

#include <QJsonValue>

#include <algorithm>
#include <cmath>

namespace gatefold::widgets {

namespace {

constexpr double kLogSpan = 100.0;  // two decades: a log axis (a sweep of lr over 1e-4 … 1e-2)
const QString kMissingText = QStringLiteral("—");

// Category order: numbers ascending, then texts ascending, "—" last.
bool categoryBefore(const QString &a, const QString &b)
{
    if ((a == kMissingText) != (b == kMissingText))
        return b == kMissingText;
    bool aNumber = false, bNumber = false;
    const double x = a.toDouble(&aNumber), y = b.toDouble(&bNumber);
    if (aNumber != bNumber)
        return aNumber;
    if (aNumber)
        return x < y;
    return a < b;
}

} // namespace

SweepAxis SweepAxis::of(const QString &key, const std::vector<const config::ComparedRun *> &runs,
                        bool logDistribution)
{
    SweepAxis axis;
    axis.m_key = key;
    bool numeric = true;
    QStringList texts;
    for (const config::ComparedRun *run : runs) {
        const QString text = run->text(key);
        if (!texts.contains(text))
            texts << text;
        if (!run->applies(key)) {
            axis.m_missing = true;
            continue;
        }
        const QJsonValue value = run->flat.value(key);
        if (!value.isDouble())
            numeric = false;
        else if (!std::count(axis.m_values.begin(), axis.m_values.end(), value.toDouble()))
            axis.m_values.push_back(value.toDouble());
    }
    std::sort(axis.m_values.begin(), axis.m_values.end());
    if (numeric && !axis.m_values.empty()) {
        axis.m_min = axis.m_values.front();
        axis.m_max = axis.m_values.back();
        const bool wide = axis.m_max / axis.m_min >= kLogSpan;
        axis.m_kind = axis.m_min > 0 && (wide || logDistribution) ? Kind::Log : Kind::Linear;
        return axis;
    }
    axis.m_values.clear();
    std::sort(texts.begin(), texts.end(), categoryBefore);
    axis.m_categories = texts;
    axis.m_kind = Kind::Categorical;
    return axis;
}

bool SweepAxis::position(const config::ComparedRun &run, double *x) const
{
    if (m_kind == Kind::Categorical) {
        *x = double(m_categories.indexOf(run.text(m_key)));
        return *x >= 0;
    }
    if (!run.applies(m_key))
        return false;
    *x = run.flat.value(m_key).toDouble();
    return true;
}

double SweepAxis::normalisedValue(double value) const
{
    if (m_max <= m_min)
        return 0.5;
    if (m_kind == Kind::Log)
        return (std::log10(value) - std::log10(m_min)) / (std::log10(m_max) - std::log10(m_min));
    return (value - m_min) / (m_max - m_min);
}

double SweepAxis::normalised(const config::ComparedRun &run) const
{
    if (m_kind == Kind::Categorical) {
        const int index = int(m_categories.indexOf(run.text(m_key)));
        return m_categories.size() < 2 ? 0.5 : double(index) / double(m_categories.size() - 1);
    }
    if (!run.applies(m_key))
        return missingPlace();
    return normalisedValue(run.flat.value(m_key).toDouble());
}

std::vector<SweepAxis::Tick> SweepAxis::ticks(int maxTicks) const
{
    std::vector<Tick> out;
    if (m_kind == Kind::Categorical) {
        const int n = int(m_categories.size());
        const int every = std::max(1, (n + maxTicks - 1) / maxTicks);
        for (int i = 0; i < n; i += every)
            out.push_back({n < 2 ? 0.5 : double(i) / double(n - 1), m_categories[i]});
        return out;
    }
    if (int(m_values.size()) <= maxTicks) {
        for (double v : m_values)
            out.push_back({normalisedValue(v), QString::number(v, 'g', 4)});
    } else if (m_kind == Kind::Log) {
        for (double decade = std::pow(10.0, std::ceil(std::log10(m_min))); decade <= m_max * (1 + 1e-9); decade *= 10)
            out.push_back({normalisedValue(decade), QString::number(decade, 'g', 3)});
    } else {
        for (double v : roundValues(m_min, m_max))
            out.push_back({normalisedValue(v), QString::number(v, 'g', 6)});
    }
    if (m_missing)
        out.push_back({missingPlace(), kMissingText});
    return out;
}

std::vector<double> SweepAxis::roundValues(double low, double high, int count)
{
    if (!(high > low) || count < 2)
        return {low};
    const double rough = (high - low) / count;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = 10 * magnitude;
    for (double m : {1.0, 2.0, 2.5, 5.0})
        if (m * magnitude >= rough) {
            step = m * magnitude;
            break;
        }
    std::vector<double> out;
    for (double k = std::ceil(low / step - 1e-9); k * step <= high + 1e-9 * step; ++k)
        out.push_back(std::abs(k) < 1e-12 ? 0.0 : k * step);
    return out;
}

} // namespace gatefold::widgets
