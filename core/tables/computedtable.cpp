#include "computedtable.h"

#include "config/fieldtable.h"
#include "config/flatconfig.h"

#include "rowbuilder.h"
#include "rowgroups.h"
#include "store/runstore.h"
#include "tablerun.h"
#include "tablesignificance.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace gatefold::tables {
namespace {

// The runs `runIds` in that order; nullopt with `error` when one is not in the store.
std::optional<std::vector<TableRun>> loadRuns(store::RunStore &store, const std::vector<qint64> &runIds, QString *error)
{
    std::vector<TableRun> runs;
    runs.reserve(runIds.size());
    for (qint64 id : runIds) {
        const auto record = store.run(id);
        if (!record) {
            if (error)
                *error = QStringLiteral("there is no run %1 in %2; `gatefold-cli runs` lists them").arg(id).arg(store.displayName());
            return std::nullopt;
        }
        runs.push_back({*record, config::flatConfig(record->configJson)});
    }
    return runs;
}

// The spec's caption, label, columns and headers, without rows yet.
ComputedTable headedTable(const TableSpec &spec)
{
    ComputedTable table;
    table.caption = spec.caption;
    table.label = spec.label;
    table.columns = spec.columns;
    for (const ColumnSpec &c : spec.columns)
        table.headers << headerOf(c);
    return table;
}

// One row per group, in the groups' order; false with `error` when a cell cannot be computed.
bool addRows(ComputedTable *table, const std::vector<RowGroup> &groups, RowBuilder &builder, QString *error)
{
    for (const RowGroup &g : groups) {
        TableRow row;
        row.section = g.fixed ? g.fixed->section : QString();
        for (const TableRun *r : g.runs)
            row.runIds.push_back(r->record.id);
        if (!builder.fillRow(&row, g.runs, g.fixed, error))
            return false;
        table->rows.push_back(std::move(row));
    }
    return true;
}

// Rows ordered by `column` within their section (missing cells last either way); sections keep their order.
void sortRows(ComputedTable *table, int column, bool descending)
{
    QStringList sectionOrder;
    for (const TableRow &row : table->rows)
        if (!sectionOrder.contains(row.section))
            sectionOrder << row.section;
    std::stable_sort(table->rows.begin(), table->rows.end(), [&](const TableRow &a, const TableRow &b) {
        if (a.section != b.section)
            return sectionOrder.indexOf(a.section) < sectionOrder.indexOf(b.section);
        const TableCell &x = a.cells[size_t(column)];
        const TableCell &y = b.cells[size_t(column)];
        if (x.missing != y.missing)
            return y.missing;  // missing last either way
        if (x.numeric && y.numeric)
            return descending ? x.mean > y.mean : x.mean < y.mean;
        const int cmp = QString::localeAwareCompare(x.text, y.text);
        return descending ? cmp > 0 : cmp < 0;
    });
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
            if (row.pooled())  // not one experiment: never ranked
                continue;
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
            cell.bold = !row.pooled() && cell.numeric && !cell.missing && formatNumber(cell.mean, column.format) == bestText;
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

int ComputedTable::pooledRows() const
{
    return int(std::count_if(rows.begin(), rows.end(), [](const TableRow &r) { return r.pooled(); }));
}

QString pooledNote(const TableRow &row, int maxKeys)
{
    if (!row.pooled())
        return QString();
    QStringList keys = row.pooledKeys.mid(0, maxKeys);
    if (row.pooledKeys.size() > maxKeys)
        keys << QStringLiteral("…");
    return QStringLiteral("mean over %1 runs that differ in %2, not only in the seed; not ranked for the best")
        .arg(row.counted)
        .arg(keys.join(QStringLiteral(", ")));
}

QByteArray architectureKey(const QByteArray &configJson)
{
    const QJsonObject flat = config::flatConfig(configJson);
    QJsonObject model;  // the model's settings (the field table says which), and any key it does not know
    for (auto it = flat.begin(); it != flat.end(); ++it)
        if (!config::isTrainingKey(it.key().toStdString()))
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

double spreadOf(const TableCell &cell, Spread spread)
{
    return spread == Spread::Ci95 ? cell.halfWidth.value_or(0.0) : cell.std;
}

QString cellText(const TableCell &cell, const ColumnSpec &column, Spread spread)
{
    if (cell.missing)
        return QString();
    if (!cell.numeric)
        return cell.text;
    QString text = meanText(cell, column);
    if (showsStd(cell, column))
        text += QStringLiteral(" ± ") + formatNumber(spreadOf(cell, spread), column.format);
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
    const auto runs = loadRuns(store, runIds, error);
    if (!runs)
        return std::nullopt;
    // Rows: the spec's fixed rows, or groups of runs.
    const auto groups = groupRuns(*runs, spec, error);
    if (!groups)
        return std::nullopt;
    ComputedTable table = headedTable(spec);
    RowBuilder builder(store, spec, timer);
    if (!addRows(&table, *groups, builder, error))
        return std::nullopt;
    if (spec.sortColumn >= 0)
        sortRows(&table, spec.sortColumn, spec.sortDescending);
    markBest(&table);
    table.spread = spec.spread;
    table.alpha = spec.alpha;
    if (!spec.baseline.isEmpty() && !applyBaseline(&table, spec.baseline, spec.alpha, error))
        return std::nullopt;
    return table;
}

} // namespace gatefold::tables
