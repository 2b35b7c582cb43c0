#include "tablesignificance.h"

#include "metricdirection.h"

#include <algorithm>

namespace gatefold::tables {

namespace {

QString labelFrom(const ComputedTable &table, const TableRow &row, bool (*wanted)(const QString &source))
{
    QStringList parts;
    for (size_t c = 0; c < table.columns.size() && c < row.cells.size(); ++c) {
        const TableCell &cell = row.cells[c];
        const bool says = std::any_of(cell.text.begin(), cell.text.end(), [](QChar ch) { return ch.isLetterOrNumber(); });
        if (wanted(table.columns[c].source) && !cell.numeric && !cell.missing && says)  // not a "—" placeholder
            parts << cell.text;
    }
    return parts.join(QStringLiteral(" / "));
}

bool isNameSource(const QString &source)
{
    return source == QLatin1String("name") || source.startsWith(QLatin1String("text:"));
}

bool isSettingSource(const QString &source)
{
    return source.startsWith(QLatin1String("config:"));
}

QString labelList(const ComputedTable &table)
{
    QStringList quoted;
    for (const QString &l : rowLabels(table))
        quoted << QStringLiteral("'%1'").arg(l);
    return quoted.join(QStringLiteral(", "));
}

} // namespace

QString rowLabel(const ComputedTable &table, size_t row)
{
    const TableRow &r = table.rows[row];
    QString label = labelFrom(table, r, isNameSource);
    if (label.isEmpty())
        label = labelFrom(table, r, isSettingSource);
    return label.isEmpty() ? QStringLiteral("row %1").arg(row + 1) : label;
}

QStringList rowLabels(const ComputedTable &table)
{
    QStringList labels;
    for (size_t r = 0; r < table.rows.size(); ++r)
        labels << rowLabel(table, r);
    return labels;
}

std::optional<int> findBaselineRow(const ComputedTable &table, const QString &text, QString *error)
{
    const QStringList labels = rowLabels(table);
    std::vector<int> exact, partial;
    for (int r = 0; r < labels.size(); ++r) {
        if (labels[r] == text)
            exact.push_back(r);
        else if (labels[r].contains(text, Qt::CaseInsensitive))
            partial.push_back(r);
    }
    if (exact.size() == 1)
        return exact.front();
    if (exact.empty() && partial.size() == 1)
        return partial.front();
    if (error) {
        if (labels.isEmpty())
            *error = QStringLiteral("baseline '%1': the table has no rows").arg(text);
        else if (exact.empty() && partial.empty())
            *error = QStringLiteral("baseline '%1' names no row; the rows are %2").arg(text, labelList(table));
        else
            *error = QStringLiteral("baseline '%1' names %2 rows; name one of %3 (its whole label)")
                         .arg(text)
                         .arg(exact.empty() ? partial.size() : exact.size())
                         .arg(labelList(table));
    }
    return std::nullopt;
}

bool isMetricColumn(const ColumnSpec &column)
{
    return column.source.startsWith(QLatin1String("metric:"));
}

void testRowsAgainst(ComputedTable *table, int baseline, double alpha)
{
    table->baselineRow = baseline;
    table->alpha = alpha;
    for (size_t r = 0; r < table->rows.size(); ++r)
        table->rows[r].baseline = int(r) == baseline;
    const TableRow &base = table->rows[size_t(baseline)];
    for (size_t c = 0; c < table->columns.size(); ++c) {
        if (!isMetricColumn(table->columns[c]))
            continue;
        const bool higher = higherIsBetter(table->columns[c].source.mid(7));
        const TableCell &reference = base.cells[c];
        for (size_t r = 0; r < table->rows.size(); ++r) {
            TableCell &cell = table->rows[r].cells[c];
            cell.test.reset();
            cell.verdict = Verdict::Untested;
            if (int(r) == baseline || cell.missing || reference.missing)
                continue;
            cell.test = testAgainstBaseline(cell.seedValues, reference.seedValues);
            cell.verdict = verdictOf(cell.test, alpha, higher);
        }
    }
}

bool applyBaseline(ComputedTable *table, const QString &text, double alpha, QString *error)
{
    const auto row = findBaselineRow(*table, text, error);
    if (!row)
        return false;
    testRowsAgainst(table, *row, alpha);
    return true;
}

int fewestRuns(const ComputedTable &table, const TableRow &row)
{
    int fewest = -1;
    for (size_t c = 0; c < table.columns.size(); ++c)
        if (isMetricColumn(table.columns[c]) && !row.cells[c].missing)
            fewest = fewest < 0 ? row.cells[c].n : std::min(fewest, row.cells[c].n);
    return std::max(fewest, 0);
}

bool hasFewRuns(const TableCell &cell)
{
    return cell.numeric && !cell.missing && cell.n > 0 && cell.n < kFewSeeds;
}

QString verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Better: return QStringLiteral("better");
    case Verdict::Worse: return QStringLiteral("worse");
    case Verdict::NotSignificant: return QStringLiteral("not significant");
    case Verdict::Untested: break;
    }
    return QStringLiteral("untested");
}

QString testName(const TTest &test)
{
    return test.paired ? QStringLiteral("paired") : QStringLiteral("welch");
}

} // namespace gatefold::tables
