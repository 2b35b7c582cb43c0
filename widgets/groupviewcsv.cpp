// GroupView's CSV copy: each group with its numbers in full precision, as the table shows them rounded.

#include "groupview.h"

#include "tables/tablewriters.h"

#include <QLocale>
#include <QTableWidget>

#include <algorithm>

namespace gatefold::widgets {

QString GroupView::csv() const
{
    using tables::csvField;
    auto number = [](double v) { return QString::number(v, 'g', QLocale::FloatingPointShortest); };
    auto meanStd = [&](const std::vector<double> &values) {
        const tables::MeanInterval mi = tables::meanInterval(values);
        return QStringList{number(mi.mean), values.size() > 1 ? number(mi.std) : QString()};
    };
    QString out = QStringLiteral("group,runs,seeds,best_mean,best_std,last_mean,last_std,tested,ci_low,ci_high,baseline,"
                                 "difference,difference_low,difference_high,p,test,df,verdict,alpha,warning,also_differ\n");
    const QString baseline = [&] {
        for (const SeedGroupStats &s : m_stats)
            if (s.baseline)
                return m_baseline;
        return QString();
    }();
    for (size_t r = 0; r < m_groups.rows.size(); ++r) {
        const SettingsGroupRow &g = m_groups.rows[r];
        const SeedGroupStats &s = m_stats[r];
        std::vector<qint64> sorted = g.seeds;
        std::sort(sorted.begin(), sorted.end());
        QStringList seeds;
        for (const qint64 seed : sorted)
            seeds << QString::number(seed);
        QStringList fields{csvField(g.name(m_groups.keys)), QString::number(g.runIds.size()), seeds.join(QLatin1Char(' '))};
        fields << meanStd(g.best) << meanStd(g.last) << (testBest() ? QStringLiteral("best") : QStringLiteral("last"));
        const auto &mi = s.interval;
        fields << (mi.halfWidth ? number(mi.mean - *mi.halfWidth) : QString()) << (mi.halfWidth ? number(mi.mean + *mi.halfWidth) : QString());
        fields << csvField(baseline);
        if (s.test)
            fields << number(s.test->difference) << number(s.test->difference - s.test->halfWidth)
                   << number(s.test->difference + s.test->halfWidth) << number(s.test->p)
                   << (s.test->paired ? QStringLiteral("paired") : QStringLiteral("welch")) << number(s.test->df);
        else
            fields << QString() << QString() << QString() << QString() << QString() << QString();
        const QString verdict = s.baseline ? QStringLiteral("baseline")
                              : s.verdict == tables::Verdict::Better ? QStringLiteral("better")
                              : s.verdict == tables::Verdict::Worse ? QStringLiteral("worse")
                              : s.verdict == tables::Verdict::NotSignificant ? QStringLiteral("not significant")
                                                                               : QString();
        fields << verdict << number(alpha()) << csvField(seedstatstext::fewSeeds(int(g.runIds.size())))
               << csvField(g.alsoDiffer.join(QStringLiteral(" ")));
        out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    return out;
}

} // namespace gatefold::widgets
