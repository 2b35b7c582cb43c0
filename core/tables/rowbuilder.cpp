#include "rowbuilder.h"

#include "config/settingcomparison.h"
#include "store/runstore.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gatefold::tables {
namespace {

// Aggregates per-run values: mean and sample standard deviation (n − 1).
// Equal values give that value and a spread of exactly 0 (a float mean of
// equal numbers can be one ulp off, which would show as "± 0.00").
TableCell numberCell(const std::vector<double> &values)
{
    TableCell cell;
    cell.numeric = true;
    cell.n = int(values.size());
    if (values.empty()) {
        cell.missing = true;
        return cell;
    }
    if (values.size() > 1)  // the interval of the mean (95 %, Student t); exactly 0 for equal values
        cell.halfWidth = meanInterval(values).halfWidth;
    if (std::all_of(values.begin(), values.end(), [&](double v) { return v == values.front(); })) {
        cell.mean = values.front();
        cell.std = 0.0;
        if (cell.halfWidth)
            cell.halfWidth = 0.0;
        return cell;
    }
    const double mean = std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
    double ss = 0;
    for (double v : values)
        ss += (v - mean) * (v - mean);
    cell.mean = mean;
    cell.std = values.size() > 1 ? std::sqrt(ss / double(values.size() - 1)) : 0.0;
    return cell;
}

QString groupName(const std::vector<const TableRun *> &runs)
{
    QStringList names;
    for (const TableRun *r : runs)
        names << r->record.name;
    names.removeDuplicates();
    if (names.size() == 1)
        return names.front();
    static const QRegularExpression seedWord(QStringLiteral("\\s*\\bseed=\\S+"));
    QStringList stripped;
    for (const QString &n : names)
        stripped << QString(n).remove(seedWord).trimmed();
    stripped.removeDuplicates();
    if (stripped.size() == 1)
        return stripped.front();
    return QStringLiteral("%1 (+%2)").arg(names.front()).arg(names.size() - 1);
}

// Whether the runs' configs agree on every key but the seed and bookkeeping: then they differ in
// nothing beyond the seed, without reading which settings apply (the common case, and a cheap one).
bool sameButSeed(const std::vector<const TableRun *> &runs)
{
    const auto counts = [](const QString &key) { return !config::isSeedKey(key) && !config::isBookkeepingKey(key); };
    const QJsonObject &first = runs.front()->config;
    for (const TableRun *r : runs) {
        const QJsonObject &c = r->config;
        for (auto it = c.begin(); it != c.end(); ++it)
            if (counts(it.key()) && first.value(it.key()) != it.value())
                return false;
        for (auto it = first.begin(); it != first.end(); ++it)
            if (counts(it.key()) && !c.contains(it.key()))
                return false;
    }
    return true;
}

// "text:I": the I-th text of the spec's row.
TableCell fixedTextCell(int i, const RowSpec *fixed)
{
    TableCell cell;
    cell.text = fixed ? fixed->texts.value(i) : QString();
    cell.missing = cell.text.isEmpty();
    return cell;
}

TableCell runCountCell(const std::vector<const TableRun *> &runs)
{
    TableCell cell = numberCell({double(runs.size())});
    cell.std = 0;
    return cell;
}

TableCell seedsCell(const std::vector<const TableRun *> &runs)
{
    TableCell cell;
    QStringList seeds;
    for (const TableRun *r : runs)
        seeds << QString::number(r->record.seed);
    cell.text = seeds.join(QStringLiteral(", "));
    cell.missing = runs.empty();
    return cell;
}

// "config:KEY": the runs' distinct values of the setting.
TableCell configCell(const QString &key, const std::vector<const TableRun *> &runs)
{
    TableCell cell;
    QStringList values;
    for (const TableRun *r : runs)
        if (r->config.contains(key))
            values << valueText(r->config.value(key));
    values.removeDuplicates();
    cell.text = values.join(QStringLiteral(", "));
    cell.missing = values.isEmpty();
    return cell;
}

} // namespace

RowBuilder::RowBuilder(store::RunStore &store, const TableSpec &spec, CostTimer &timer)
    : m_store(store), m_spec(spec), m_timer(timer)
{
}

bool RowBuilder::fillRow(TableRow *row, const std::vector<const TableRun *> &runs, const RowSpec *fixed, QString *error)
{
    const std::vector<const TableRun *> counted = countedRuns(runs);
    row->counted = int(counted.size());
    for (const TableRun *r : counted)
        row->countedIds.push_back(r->record.id);
    if (counted.size() > 1 && !sameButSeed(counted)) {
        std::vector<config::ComparedRun> compared;
        for (const TableRun *r : counted)
            compared.push_back(config::comparedRun(r->config));
        row->pooledKeys = config::differingBeyondSeed(compared);
    }
    for (const ColumnSpec &column : m_spec.columns) {
        TableCell cell;
        if (!cellFor(column, runs, counted, fixed, &cell, error))
            return false;
        row->cells.push_back(cell);
    }
    return true;
}

std::vector<const TableRun *> RowBuilder::countedRuns(const std::vector<const TableRun *> &runs)
{
    std::vector<const ColumnSpec *> metrics;
    for (const ColumnSpec &column : m_spec.columns)
        if (column.source.startsWith(QLatin1String("metric:")))
            metrics.push_back(&column);
    if (metrics.empty())
        return runs;
    std::vector<const TableRun *> out;
    for (const TableRun *r : runs)
        if (std::any_of(metrics.begin(), metrics.end(), [&](const ColumnSpec *c) { return metric(*r, *c).has_value(); }))
            out.push_back(r);
    return out;
}

bool RowBuilder::cellFor(const ColumnSpec &column, const std::vector<const TableRun *> &runs,
                         const std::vector<const TableRun *> &counted, const RowSpec *fixed, TableCell *cell,
                         QString *error)
{
    const QString &s = column.source;
    if (s == QLatin1String("name"))
        *cell = nameCell(runs);
    else if (s.startsWith(QLatin1String("text:")))
        *cell = fixedTextCell(s.mid(5).toInt(), fixed);
    else if (s == QLatin1String("runs"))
        *cell = runCountCell(counted);
    else if (s == QLatin1String("seeds"))
        *cell = seedsCell(counted);
    else if (s.startsWith(QLatin1String("config:")))
        *cell = configCell(s.mid(7), runs);
    else if (s.startsWith(QLatin1String("metric:")))
        *cell = metricCell(runs, column);
    else
        return costCell(runs, column, cell, error);
    return true;
}

// The runs' shared name (their seeds left out), or with Grouping::Key "KEY=value".
TableCell RowBuilder::nameCell(const std::vector<const TableRun *> &runs) const
{
    TableCell cell;
    const bool byKey = m_spec.grouping == TableSpec::Grouping::Key;
    if (runs.empty()) {
        cell.missing = byKey;
        return cell;
    }
    cell.text = byKey ? QStringLiteral("%1=%2").arg(m_spec.groupKey, valueText(runs.front()->config.value(m_spec.groupKey)))
                      : groupName(runs);
    return cell;
}

TableCell RowBuilder::metricCell(const std::vector<const TableRun *> &runs, const ColumnSpec &column)
{
    std::vector<double> values;
    std::vector<SeedValue> seeded;
    for (const TableRun *r : runs)
        if (const auto v = metric(*r, column)) {
            values.push_back(*v);
            seeded.push_back({r->record.seed, *v});
        }
    TableCell cell = numberCell(values);
    cell.seedValues = std::move(seeded);
    return cell;
}

bool RowBuilder::costCell(const std::vector<const TableRun *> &runs, const ColumnSpec &column, TableCell *cell,
                          QString *error)
{
    std::vector<double> values;
    bool pending = false;
    QString problem;
    for (const TableRun *r : runs) {
        TimedCost v;
        if (!cost(*r, column, &v, error))
            return false;
        if (v.state == TimedCost::State::Measured)
            values.push_back(v.value);
        pending = pending || v.state == TimedCost::State::Pending;
        if (v.state == TimedCost::State::Failed && problem.isEmpty())
            problem = v.problem;
    }
    *cell = numberCell(values);
    if (pending || !problem.isEmpty()) {
        cell->missing = true;
        cell->pending = pending && problem.isEmpty();
        cell->problem = problem;
    }
    return true;
}

bool RowBuilder::cost(const TableRun &run, const ColumnSpec &column, TimedCost *value, QString *error)
{
    const QByteArray &json = run.record.configJson;
    const auto key = std::make_pair(architectureKey(json), column.deployed);
    if (column.source == QLatin1String("latency") || column.source == QLatin1String("throughput")) {
        const bool latency = column.source == QLatin1String("latency");
        auto &cache = latency ? m_latency : m_throughput;
        auto it = cache.find(key);
        if (it == cache.end())
            it = cache.emplace(key, latency ? m_timer.latencyMs(json, column.deployed)
                                            : m_timer.throughput(json, column.deployed)).first;
        *value = it->second;
        return true;
    }
    auto it = m_cost.find(key);
    if (it == m_cost.end()) {
        const auto c = runCost(json, column.deployed, error);
        if (!c)
            return false;
        it = m_cost.emplace(key, *c).first;
    }
    *value = TimedCost::measured(column.source == QLatin1String("params") ? it->second.params : it->second.gflops);
    return true;
}

std::optional<double> RowBuilder::metric(const TableRun &run, const ColumnSpec &column)
{
    const auto cacheKey = std::make_pair(run.record.id, column.source + QLatin1Char('\n') + column.stat);
    auto it = m_metrics.find(cacheKey);
    if (it == m_metrics.end())
        it = m_metrics.emplace(cacheKey, readMetric(run, column)).first;
    return it->second;
}

std::optional<double> RowBuilder::readMetric(const TableRun &run, const ColumnSpec &column)
{
    const QString key = column.source.mid(7);
    const QString &stat = column.stat;
    if (stat.startsWith('@'))
        return m_store.metricAtEpoch(run.record.id, key, stat.mid(1).toDouble());
    if (stat == QLatin1String("mean")) {
        const auto points = m_store.metrics(run.record.id, key);
        if (points.empty())
            return std::nullopt;
        double sum = 0;
        for (const auto &p : points)
            sum += p.value;
        return sum / double(points.size());
    }
    const auto s = m_store.metricSummary(run.record.id, key);
    if (s.count == 0)
        return std::nullopt;
    return stat == QLatin1String("max") ? s.max : stat == QLatin1String("min") ? s.min : s.last;
}

} // namespace gatefold::tables
