#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace gatefold::config {
struct ComparedRun;
}

namespace gatefold::widgets {

// How the sweep view lays one varied setting along an axis: a number on a
// linear axis, or on a logarithmic one where its values are positive and span
// two decades or more (optim.lr over 1e-4 … 1e-2), or drawn from a log-uniform
// range; anything else — text,
// true/false, a mix — as categories, evenly spaced in the order of their values
// (numbers ascending). A run the setting does not apply to ("—") is a category
// of its own at the end of a categorical axis, and sits below a numeric one.
class SweepAxis
{
public:
    enum class Kind { Linear, Log, Categorical };

    // The axis of `key` over `runs` (the values of the runs it applies to). `logDistribution`: the
    // values were drawn from a log-uniform range, so a log axis however narrow their span.
    static SweepAxis of(const QString &key, const std::vector<const config::ComparedRun *> &runs,
                        bool logDistribution = false);

    const QString &key() const { return m_key; }
    Kind kind() const { return m_kind; }
    bool isNumeric() const { return m_kind != Kind::Categorical; }
    double minimum() const { return m_min; }  // numeric: the smallest and largest value
    double maximum() const { return m_max; }
    const QStringList &categories() const { return m_categories; }  // categorical: in axis order
    bool hasMissing() const { return m_missing; }                   // a run it does not apply to
    int valueCount() const { return int(isNumeric() ? m_values.size() : m_categories.size()); }  // distinct places

    // Where `run` sits along a scatter's x axis: the value (numeric) or the
    // category's index; false where it has no place (numeric, not applying).
    bool position(const config::ComparedRun &run, double *x) const;
    // Where `run` sits on a parallel-coordinates axis, 0 (bottom) … 1 (top):
    // numeric values linearly or by their logarithm between the smallest and
    // the largest, categories evenly spaced; missingPlace() for "—" on a numeric axis.
    double normalised(const config::ComparedRun &run) const;
    static constexpr double missingPlace() { return -0.12; }

    // The labelled places of a parallel-coordinates axis (normalised) and their texts (numbers to 4
    // significant digits): every value while there are at most `maxTicks` of them, else round values (a decade
    // apart at most on a log axis).
    struct Tick {
        double at;
        QString text;
    };
    std::vector<Tick> ticks(int maxTicks = 8) const;

    // Round values within [low, high] a 1, 2, 2.5 or 5 × 10^k step apart, about `count` of them
    // (for an axis of measured values: 7.5, 10, 12.5 … rather than 7.813, 10.64 …).
    static std::vector<double> roundValues(double low, double high, int count = 5);

private:
    double normalisedValue(double value) const;

    QString m_key;
    Kind m_kind = Kind::Categorical;
    double m_min = 0, m_max = 0;
    QStringList m_categories;
    std::vector<double> m_values;  // numeric: the distinct values, ascending
    bool m_missing = false;
};

} // namespace gatefold::widgets
