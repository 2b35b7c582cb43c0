#include "sweeptable.h"

#include "config/sweepgrid.h"
#include "report/reportcsv.h"
#include "store/runstore.h"
#include "tables/tablespec.h"
#include "tables/tablewriters.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>

namespace gatefold::widgets {

namespace {

constexpr int kOneQueryFrom = 32;  // selected runs from which all records are read at once

} // namespace

QString SweepRun::title() const
{
    return QStringLiteral("%1 %2").arg(id).arg(name);
}

SweepTable SweepTable::read(store::RunStore &store, const QList<qint64> &runIds, const QString &metric,
                            Reduction reduction, std::map<qint64, config::ComparedRun> *settings)
{
    SweepTable t;
    t.m_metric = metric;
    t.m_reduction = reduction;
    // The unit and the better end as the result tables have them for this metric.
    if (const auto columns = tables::columnsFromText(QStringLiteral("metric:") + metric, nullptr);
        columns && columns->size() == 1) {
        t.m_percent = columns->front().format.style == tables::NumberFormat::Style::Percent;
        t.m_lowerIsBetter = columns->front().best == tables::Best::Min;
    }
    t.readRuns(store, runIds, settings);
    t.findVaried();
    return t;
}

void SweepTable::readRuns(store::RunStore &store, const QList<qint64> &runIds,
                          std::map<qint64, config::ComparedRun> *settings)
{
    QList<qint64> ids = runIds;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    // Many runs: the store's records in one query rather than a query each.
    const bool oneQuery = ids.size() > kOneQueryFrom;
    std::map<qint64, store::RunRecord> records;
    if (oneQuery)
        for (store::RunRecord &r : store.runs())
            records.emplace(r.id, std::move(r));
    std::set<qint64> sweeps;
    for (qint64 id : ids) {
        std::optional<store::RunRecord> record;
        if (!oneQuery)
            record = store.run(id);
        else if (const auto it = records.find(id); it != records.end())
            record = it->second;
        if (!record)
            continue;
        SweepRun run;
        run.id = id;
        run.name = record->name;
        if (settings) {
            auto it = settings->find(id);
            if (it == settings->end())
                it = settings->emplace(id, config::comparedRun(record->configJson)).first;
            run.settings = it->second;
        } else {
            run.settings = config::comparedRun(record->configJson);
        }
        if (record->sweepId > 0)
            sweeps.insert(record->sweepId);
        const store::MetricSummary s = store.metricSummary(id, m_metric);
        run.measured = s.count > 0;
        run.value = m_reduction == Reduction::Last ? s.last : m_lowerIsBetter ? s.min : s.max;
        m_runs.push_back(std::move(run));
    }
    // What the runs' sweeps drew from a log-uniform range is laid on a log axis, however narrow.
    for (qint64 sweepId : sweeps)
        if (const auto sweep = store.sweep(sweepId))
            for (const auto &[key, distribution] : train::sweepDistributions(sweep->gridJson))
                if (distribution == QLatin1String("log_uniform"))
                    m_logKeys.insert(key);
}

void SweepTable::findVaried()
{
    // What varies among the runs drawn; with fewer than two drawn, among all (for the CSV).
    std::vector<config::ComparedRun> measuredSettings;
    for (const SweepRun *run : measured())
        measuredSettings.push_back(run->settings);
    std::vector<config::ComparedRun> compared = measuredSettings;
    if (compared.size() < 2) {
        compared.clear();
        for (const SweepRun &run : m_runs)
            compared.push_back(run.settings);
    }
    m_varied = config::differingSettings(compared);
    std::vector<const config::ComparedRun *> drawn;
    for (const SweepRun *run : measured())
        drawn.push_back(&run->settings);
    for (const QString &key : m_varied)
        m_axes.push_back(SweepAxis::of(key, drawn, m_logKeys.count(key) > 0));
    // Seed repeats: the measured runs grouped by what varies among them but the seed — what
    // groupBySettings(…, allButSeed) would find again, without a second pass over every setting.
    QStringList beyondSeed = m_varied;
    beyondSeed.removeIf(config::isSeedKey);
    m_repeats = config::groupBySettings(measuredSettings, beyondSeed, false);
}

SweepTable::State SweepTable::state() const
{
    if (m_runs.size() < 2)
        return State::TooFewRuns;
    if (measured().size() < 2)
        return State::TooFewMeasured;
    return m_varied.isEmpty() ? State::NothingVaried : State::Ready;
}

QString SweepTable::metricLabel() const
{
    const QString how = m_reduction == Reduction::Last ? QCoreApplication::translate("SweepTable", "last")
                                                       : QCoreApplication::translate("SweepTable", "best");
    return m_percent ? QStringLiteral("%1 (%2, %)").arg(m_metric, how) : QStringLiteral("%1 (%2)").arg(m_metric, how);
}

QString SweepTable::shownText(double value) const
{
    return m_percent ? QStringLiteral("%1 %").arg(100.0 * value, 0, 'f', 2) : QString::number(value, 'g', 5);
}

QString SweepTable::describe(const SweepRun &run) const
{
    QStringList lines = {run.title()};
    for (const QString &key : m_varied)
        lines << QStringLiteral("%1 = %2").arg(key, run.settings.text(key));
    lines << QStringLiteral("%1: %2").arg(metricLabel(), run.measured ? shownText(run.value) : QStringLiteral("—"));
    return lines.join(QLatin1Char('\n'));
}

std::vector<const SweepRun *> SweepTable::measured() const
{
    std::vector<const SweepRun *> out;
    for (const SweepRun &run : m_runs)
        if (run.measured)
            out.push_back(&run);
    return out;
}

std::vector<const SweepRun *> SweepTable::missing() const
{
    std::vector<const SweepRun *> out;
    for (const SweepRun &run : m_runs)
        if (!run.measured)
            out.push_back(&run);
    return out;
}

QByteArray SweepTable::csv() const
{
    QStringList header = {QStringLiteral("run"), QStringLiteral("name")};
    header << m_varied;
    header << QStringLiteral("%1 (%2)").arg(m_metric, m_reduction == Reduction::Last ? QStringLiteral("last")
                                                                                      : QStringLiteral("best"));
    QString out;
    auto line = [&out](const QStringList &fields) {
        QStringList quoted;
        for (const QString &f : fields)
            quoted << tables::csvField(f);
        out += quoted.join(QLatin1Char(',')) + QStringLiteral("\r\n");
    };
    line(header);
    for (const SweepRun &run : m_runs) {
        QStringList fields = {QString::number(run.id), run.name};
        for (const QString &key : m_varied)
            fields << (run.settings.applies(key) ? run.settings.text(key) : QString());
        fields << (run.measured ? QString::fromLatin1(report::exactNumber(run.value)) : QString());
        line(fields);
    }
    return out.toUtf8();
}

} // namespace gatefold::widgets
