#include "computedtable.h"

#include "runcost.h"
#include "store/runstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMap>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace gatefold::tables {
namespace {

void flattenInto(const QJsonObject &o, const QString &prefix, QJsonObject *out)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + '.' + it.key();
        if (it.value().isObject())
            flattenInto(it.value().toObject(), key, out);
        else
            out->insert(key, it.value());
    }
}

QJsonObject flatConfig(const QByteArray &json)
{
    QJsonObject out;
    flattenInto(QJsonDocument::fromJson(json).object(), QString(), &out);
    return out;
}

QString valueText(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 12);
    if (v.isArray()) {
        QStringList parts;
        for (const QJsonValue &x : v.toArray())
            parts << valueText(x);
        return parts.join(',');
    }
    return QString();
}

struct RunData {
    store::RunRecord record;
    QJsonObject config;
};

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
    if (std::all_of(values.begin(), values.end(), [&](double v) { return v == values.front(); })) {
        cell.mean = values.front();
        cell.std = 0.0;
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

QString groupName(const std::vector<const RunData *> &runs)
{
    QStringList names;
    for (const RunData *r : runs)
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

class Builder
{
public:
    Builder(store::RunStore &store, const TableSpec &spec, CostTimer &timer)
        : m_store(store), m_spec(spec), m_timer(timer)
    {
    }

    // A cost of one run: params and GFLOPs in closed form, latency and throughput from the timer; false
    // with `error` when the config cannot be read. Runs of one architecture share one cost and one timing.
    bool cost(const RunData &run, const ColumnSpec &column, TimedCost *value, QString *error)
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

    std::optional<double> metric(const RunData &run, const ColumnSpec &column)
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

    bool fillRow(TableRow *row, const std::vector<const RunData *> &runs, const RowSpec *fixed, QString *error)
    {
        for (const ColumnSpec &column : m_spec.columns) {
            const QString &s = column.source;
            TableCell cell;
            if (s == QLatin1String("name")) {
                cell.text = runs.empty() ? QString() : groupName(runs);
                if (runs.empty() && m_spec.grouping == TableSpec::Grouping::Key)
                    cell.missing = true;
                if (m_spec.grouping == TableSpec::Grouping::Key && !runs.empty())
                    cell.text = QStringLiteral("%1=%2").arg(m_spec.groupKey, valueText(runs.front()->config.value(m_spec.groupKey)));
            } else if (s.startsWith(QLatin1String("text:"))) {
                const int i = s.mid(5).toInt();
                cell.text = fixed ? fixed->texts.value(i) : QString();
                cell.missing = cell.text.isEmpty();
            } else if (s == QLatin1String("runs")) {
                cell = numberCell({double(runs.size())});
                cell.std = 0;
            } else if (s == QLatin1String("seeds")) {
                QStringList seeds;
                for (const RunData *r : runs)
                    seeds << QString::number(r->record.seed);
                cell.text = seeds.join(QStringLiteral(", "));
                cell.missing = runs.empty();
            } else if (s.startsWith(QLatin1String("config:"))) {
                QStringList values;
                for (const RunData *r : runs)
                    if (r->config.contains(s.mid(7)))
                        values << valueText(r->config.value(s.mid(7)));
                values.removeDuplicates();
                cell.text = values.join(QStringLiteral(", "));
                cell.missing = values.isEmpty();
            } else if (s.startsWith(QLatin1String("metric:"))) {
                std::vector<double> values;
                for (const RunData *r : runs)
                    if (const auto v = metric(*r, column))
                        values.push_back(*v);
                cell = numberCell(values);
            } else if (!costCell(runs, column, &cell, error)) {
                return false;
            }
            row->cells.push_back(cell);
        }
        return true;
    }

private:
    // A cost over the row's runs: their mean ± spread, or missing while one is pending or has failed.
    bool costCell(const std::vector<const RunData *> &runs, const ColumnSpec &column, TableCell *cell, QString *error)
    {
        std::vector<double> values;
        bool pending = false;
        QString problem;
        for (const RunData *r : runs) {
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

    store::RunStore &m_store;
    const TableSpec &m_spec;
    CostTimer &m_timer;
    std::map<std::pair<QByteArray, bool>, RunCost> m_cost;
    std::map<std::pair<QByteArray, bool>, TimedCost> m_latency;
    std::map<std::pair<QByteArray, bool>, TimedCost> m_throughput;
};

bool matches(const RunData &run, const QJsonObject &match)
{
    for (auto it = match.begin(); it != match.end(); ++it)
        if (valueText(run.config.value(it.key())) != valueText(it.value()))
            return false;
    return true;
}

void markBest(ComputedTable *table)
{
    for (size_t c = 0; c < table->columns.size(); ++c) {
        const ColumnSpec &column = table->columns[c];
        if (column.best == Best::None)
            continue;
        const TableCell *best = nullptr;
        for (const TableRow &row : table->rows) {
            const TableCell &cell = row.cells[c];
            if (!cell.numeric || cell.missing || !std::isfinite(cell.mean))
                continue;
            if (!best || (column.best == Best::Max ? cell.mean > best->mean : cell.mean < best->mean))
                best = &cell;
        }
        if (!best)
            continue;
        // Ties as the reader sees them: every cell printed like the best is bold.
        const QString bestText = formatNumber(best->mean, column.format);
        for (TableRow &row : table->rows) {
            TableCell &cell = row.cells[c];
            cell.bold = cell.numeric && !cell.missing && formatNumber(cell.mean, column.format) == bestText;
        }
    }
}

} // namespace

bool ComputedTable::hasSections() const
{
    return std::any_of(rows.begin(), rows.end(), [](const TableRow &r) { return !r.section.isEmpty(); });
}

int ComputedTable::pendingCells() const
{
    int pending = 0;
    for (const TableRow &row : rows)
        for (const TableCell &cell : row.cells)
            pending += cell.pending ? 1 : 0;
    return pending;
}

QStringList ComputedTable::problems() const
{
    QStringList out;
    for (const TableRow &row : rows)
        for (size_t c = 0; c < row.cells.size(); ++c)
            if (!row.cells[c].problem.isEmpty()) {
                QStringList runs;
                for (qint64 id : row.runIds)
                    runs << QString::number(id);
                out << QStringLiteral("%1 of run %2: %3").arg(headers.value(qsizetype(c)), runs.join(QStringLiteral(", ")),
                                                             row.cells[c].problem);
            }
    out.removeDuplicates();
    return out;
}

QByteArray architectureKey(const QByteArray &configJson)
{
    static const QStringList training = {"train.", "data.", "aug.", "optim.", "cde.", "compute.", "init."};
    const QJsonObject config = flatConfig(configJson);
    QJsonObject model;
    for (auto it = config.begin(); it != config.end(); ++it)
        if (std::none_of(training.begin(), training.end(), [&](const QString &p) { return it.key().startsWith(p); }))
            model.insert(it.key(), it.value());
    return QJsonDocument(model).toJson(QJsonDocument::Compact);
}

QString formatNumber(double value, const NumberFormat &format)
{
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    double v = value * format.scale;
    if (format.style == NumberFormat::Style::Scientific)
        return QString::number(v, 'e', format.decimals);
    if (format.style == NumberFormat::Style::Percent)
        v *= 100.0;
    QString text;
    if (format.thousands) {
        QLocale c(QLocale::C);
        c.setNumberOptions(QLocale::DefaultNumberOptions);  // C locale groups with ','
        text = c.toString(v, 'f', format.decimals);
    } else {
        text = QString::number(v, 'f', format.decimals);
    }
    if (text.startsWith('-') && text.mid(1).count(QRegularExpression(QStringLiteral("[1-9]"))) == 0)
        text = text.mid(1);  // "-0.00" reads as a sign error
    if (format.style == NumberFormat::Style::Percent && format.percentSign)
        text += '%';
    return text;
}

bool showsStd(const TableCell &cell, const ColumnSpec &column)
{
    if (!cell.numeric || cell.missing || cell.n < 2 || !column.showStd || column.source == QLatin1String("runs"))
        return false;
    return column.source.startsWith(QLatin1String("metric:")) || cell.std > 0;
}

QString meanText(const TableCell &cell, const ColumnSpec &column)
{
    if (column.source == QLatin1String("runs"))
        return QString::number(qint64(std::llround(cell.mean)));
    return formatNumber(cell.mean, column.format);
}

QString cellText(const TableCell &cell, const ColumnSpec &column)
{
    if (cell.missing)
        return QString();
    if (!cell.numeric)
        return cell.text;
    QString text = meanText(cell, column);
    if (showsStd(cell, column))
        text += QStringLiteral(" ± ") + formatNumber(cell.std, column.format);
    return text;
}

std::optional<ComputedTable> computeTable(store::RunStore &store, const std::vector<qint64> &runIds,
                                          const TableSpec &spec, CostTimer &timer, QString *error)
{
    const QStringList problems = validateSpec(spec);
    if (!problems.isEmpty()) {
        if (error)
            *error = problems.join(QStringLiteral("; "));
        return std::nullopt;
    }
    std::vector<RunData> runs;
    runs.reserve(runIds.size());
    for (qint64 id : runIds) {
        const auto record = store.run(id);
        if (!record) {
            if (error)
                *error = QStringLiteral("there is no run %1 in %2; `gatefold-cli runs` lists them").arg(id).arg(store.displayName());
            return std::nullopt;
        }
        runs.push_back({*record, flatConfig(record->configJson)});
    }

    ComputedTable table;
    table.caption = spec.caption;
    table.label = spec.label;
    table.columns = spec.columns;
    for (const ColumnSpec &c : spec.columns)
        table.headers << headerOf(c);

    // Rows: the spec's fixed rows (each takes the runs matching it, first match wins), or groups of runs.
    std::vector<std::pair<const RowSpec *, std::vector<const RunData *>>> groups;
    if (!spec.rows.empty()) {
        for (const RowSpec &r : spec.rows)
            groups.push_back({&r, {}});
        for (const RunData &run : runs)
            for (auto &g : groups)
                if (matches(run, g.first->match)) {
                    g.second.push_back(&run);
                    break;
                }
    } else {
        QMap<QString, size_t> index;  // group identity → position (first appearance keeps run order)
        for (const RunData &run : runs) {
            QString identity;
            if (spec.grouping == TableSpec::Grouping::None) {
                identity = QString::number(run.record.id);
            } else if (spec.grouping == TableSpec::Grouping::Seed) {
                QJsonObject c = run.config;
                c.remove(QStringLiteral("train.seed"));
                identity = QString::fromUtf8(QJsonDocument(c).toJson(QJsonDocument::Compact));
            } else {
                identity = run.config.contains(spec.groupKey) ? valueText(run.config.value(spec.groupKey))
                                                              : QStringLiteral("\x01missing");
            }
            auto it = index.find(identity);
            if (it == index.end()) {
                it = index.insert(identity, groups.size());
                groups.push_back({nullptr, {}});
            }
            groups[*it].second.push_back(&run);
        }
        if (spec.grouping == TableSpec::Grouping::Key) {
            bool anyHasKey = false;
            for (const RunData &run : runs)
                anyHasKey = anyHasKey || run.config.contains(spec.groupKey);
            if (!runs.empty() && !anyHasKey) {
                if (error)
                    *error = QStringLiteral("no run has the setting '%1'; `gatefold-cli config --keys` lists the keys")
                                 .arg(spec.groupKey);
                return std::nullopt;
            }
        }
    }

    Builder builder(store, spec, timer);
    for (const auto &g : groups) {
        TableRow row;
        row.section = g.first ? g.first->section : QString();
        for (const RunData *r : g.second)
            row.runIds.push_back(r->record.id);
        if (!builder.fillRow(&row, g.second, g.first, error))
            return std::nullopt;
        table.rows.push_back(std::move(row));
    }

    if (spec.sortColumn >= 0) {
        const int c = spec.sortColumn;
        QStringList sectionOrder;  // rows are ordered within their section; sections keep their order
        for (const TableRow &row : table.rows)
            if (!sectionOrder.contains(row.section))
                sectionOrder << row.section;
        std::stable_sort(table.rows.begin(), table.rows.end(), [&](const TableRow &a, const TableRow &b) {
            if (a.section != b.section)
                return sectionOrder.indexOf(a.section) < sectionOrder.indexOf(b.section);
            const TableCell &x = a.cells[size_t(c)];
            const TableCell &y = b.cells[size_t(c)];
            if (x.missing != y.missing)
                return y.missing;  // missing last either way
            if (x.numeric && y.numeric)
                return spec.sortDescending ? x.mean > y.mean : x.mean < y.mean;
            const int cmp = QString::localeAwareCompare(x.text, y.text);
            return spec.sortDescending ? cmp > 0 : cmp < 0;
        });
    }
    markBest(&table);
    return table;
}

} // namespace gatefold::tables
