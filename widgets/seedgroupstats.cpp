#include "seedgroupstats.h"

#include <QCoreApplication>

namespace gatefold::widgets {
namespace {

// The words' translation context.
struct SeedStatsWords {
    Q_DECLARE_TR_FUNCTIONS(SeedStatsWords)
};

QString statNumber(double v, bool percent)
{
    return QString::number(percent ? 100.0 * v : v, 'f', percent ? 2 : 4);
}

QString signedStatNumber(double v, bool percent)
{
    const QString text = statNumber(v, percent);
    return v >= 0 ? QStringLiteral("+") + text : text;
}

} // namespace

SeedGroupStats seedGroupStats(const std::vector<tables::SeedValue> &row, const std::vector<tables::SeedValue> *baseline,
                              bool mixed, bool baselineMixed, double alpha, bool higherIsBetter)
{
    SeedGroupStats s;
    std::vector<double> values;
    for (const tables::SeedValue &v : row)
        values.push_back(v.value);
    s.interval = tables::meanInterval(values);
    if (!baseline)
        return s;
    if (mixed)
        s.untested = SeedStatsWords::tr("These runs differ in more than the seed: not one experiment, no test");
    else if (baselineMixed)
        s.untested = SeedStatsWords::tr("The baseline's runs differ in more than the seed: not one experiment, no test");
    else if (row.empty())
        s.untested = SeedStatsWords::tr("No run of this group has measured the metric: nothing to test");
    else if (row.size() < 2)
        s.untested = SeedStatsWords::tr("Only 1 seed: no p-value (a t-test needs at least two runs in each group)");
    else if (baseline->size() < 2)
        s.untested = SeedStatsWords::tr("The baseline has fewer than 2 seeds: no p-value (a t-test needs at least two runs "
                                        "in each group)");
    else {
        s.test = tables::testAgainstBaseline(row, *baseline);
        if (!s.test)
            s.untested = SeedStatsWords::tr("No spread in either group: the t-test is undefined");
    }
    s.verdict = tables::verdictOf(s.test, alpha, higherIsBetter);
    return s;
}

namespace seedstatstext {

QString interval(const tables::MeanInterval &mi, bool percent)
{
    if (!mi.halfWidth)
        return QStringLiteral("—");
    return QStringLiteral("[%1, %2]").arg(statNumber(mi.mean - *mi.halfWidth, percent), statNumber(mi.mean + *mi.halfWidth, percent));
}

QString difference(const tables::TTest &t, bool percent)
{
    return QStringLiteral("%1 [%2, %3]")
        .arg(signedStatNumber(t.difference, percent), statNumber(t.difference - t.halfWidth, percent),
             statNumber(t.difference + t.halfWidth, percent));
}

QString p(double p)
{
    return QString::number(p, 'g', 3);
}

QString testName(const tables::TTest &t)
{
    return (t.paired ? SeedStatsWords::tr("paired by seed (df %1)") : SeedStatsWords::tr("Welch (df %1)")).arg(QString::number(t.df, 'g', 3));
}

QString verdict(const SeedGroupStats &s)
{
    if (s.baseline)
        return SeedStatsWords::tr("baseline");
    switch (s.verdict) {
    case tables::Verdict::Better:
        return SeedStatsWords::tr("better");
    case tables::Verdict::Worse:
        return SeedStatsWords::tr("worse");
    case tables::Verdict::NotSignificant:
        return SeedStatsWords::tr("not significant");
    case tables::Verdict::Untested:
        break;
    }
    return QStringLiteral("—");
}

QColor verdictColour(tables::Verdict v)
{
    if (v == tables::Verdict::Better)
        return QColor(46, 160, 67, 90);
    if (v == tables::Verdict::Worse)
        return QColor(215, 58, 73, 90);
    return QColor(0, 0, 0, 0);
}

QString fewSeeds(int n)
{
    if (n >= tables::kFewSeeds)
        return QString();
    if (n == 0)
        return SeedStatsWords::tr("no run has measured the metric");
    if (n == 1)
        return SeedStatsWords::tr("only 1 seed: no interval and no test");
    return SeedStatsWords::tr("only %1 seeds: the interval is wide and the test weak").arg(n);
}

QColor fewSeedsColour()
{
    return QColor(230, 180, 30, 80);
}

} // namespace seedstatstext
} // namespace gatefold::widgets
