#include "tablewriters.h"

#include "tablesignificance.h"

#include <QRegularExpression>

#include <algorithm>

namespace gatefold::tables {
namespace {

bool hasGroups(const ComputedTable &table, size_t column)
{
    return std::any_of(table.rows.begin(), table.rows.end(),
                       [&](const TableRow &r) { return showsStd(r.cells[column], table.columns[column]); });
}

bool isNumberColumn(const ComputedTable &table, size_t column)
{
    bool any = false;
    for (const TableRow &r : table.rows) {
        if (r.cells[column].missing)
            continue;
        if (!r.cells[column].numeric)
            return false;
        any = true;
    }
    return any;
}

// A number in LaTeX: scientific as $m\times10^{e}$, the rest as plain text (escaped: "%" signs, "," groups).
QString latexNumber(double value, const NumberFormat &format)
{
    const QString plain = formatNumber(value, format);
    if (format.style != NumberFormat::Style::Scientific || !plain.contains('e'))
        return latexEscape(plain);
    const int e = plain.indexOf('e');
    const QString mantissa = plain.left(e);
    const int exponent = plain.mid(e + 1).toInt();
    return QStringLiteral("$%1\\times10^{%2}$").arg(mantissa).arg(exponent);
}

QString latexCell(const TableCell &cell, const ColumnSpec &column, Spread spread)
{
    if (cell.missing)
        return QStringLiteral("--");
    if (!cell.numeric)
        return latexEscape(cell.text);
    QString text = column.source == QLatin1String("runs") ? meanText(cell, column) : latexNumber(cell.mean, column.format);
    if (showsStd(cell, column))
        text += QStringLiteral(" $\\pm$ ") + latexNumber(spreadOf(cell, spread), column.format);
    return cell.bold ? QStringLiteral("\\textbf{%1}").arg(text) : text;
}

const QString kBetterMark = QStringLiteral("$^{\\blacktriangle}$");
const QString kWorseMark = QStringLiteral("$^{\\blacktriangledown}$");
const QString kFewMark = QStringLiteral("$^{\\ast}$");

// A metric cell's marks of significance: better or worse than the baseline, few runs.
QString significanceMarks(const ComputedTable &table, const TableRow &row, size_t c)
{
    const TableCell &cell = row.cells[c];
    if (!isMetricColumn(table.columns[c]) || cell.missing)
        return QString();
    QString marks;
    if (table.tested() && !row.baseline)
        marks += cell.verdict == Verdict::Better ? kBetterMark : cell.verdict == Verdict::Worse ? kWorseMark : QString();
    if (table.showsStatistics() && hasFewRuns(cell))
        marks += kFewMark;
    return marks;
}

// The baseline row says so after its first text (unless that already says "baseline").
void markBaseline(const TableRow &row, QStringList *cells)
{
    for (size_t c = 0; c < row.cells.size(); ++c) {
        const TableCell &cell = row.cells[c];
        if (cell.numeric || cell.missing)
            continue;
        if (!cell.text.contains(QLatin1String("baseline"), Qt::CaseInsensitive))
            (*cells)[int(c)] += QStringLiteral("\\,(baseline)");
        return;
    }
    if (!cells->isEmpty())
        (*cells)[0] += QStringLiteral("\\,(baseline)");
}

// The footnote mark of the i-th pooled row: †, ‡, §, ¶, ‖, then doubled (††, ‡‡, …).
QString latexMark(int i)
{
    static const QStringList marks = {QStringLiteral("\\dagger"), QStringLiteral("\\ddagger"), QStringLiteral("\\S"),
                                      QStringLiteral("\\P"), QStringLiteral("\\|")};
    const QString one = marks[i % marks.size()];
    return QStringLiteral("$^{%1}$").arg(one.repeated(i / int(marks.size()) + 1));
}

// The cells of one row; a pooled row's metric cells (its first cell when it has none) carry `mark`,
// after the marks of significance.
QStringList latexRow(const ComputedTable &table, const TableRow &row, const QString &mark)
{
    QStringList cells;
    int marked = 0;
    for (size_t c = 0; c < table.columns.size(); ++c) {
        QString text = latexCell(row.cells[c], table.columns[c], table.spread) + significanceMarks(table, row, c);
        if (!mark.isEmpty() && table.columns[c].source.startsWith(QLatin1String("metric:")) && !row.cells[c].missing) {
            text += mark;
            ++marked;
        }
        cells << text;
    }
    if (!mark.isEmpty() && marked == 0 && !cells.isEmpty())
        cells[0] += mark;
    if (row.baseline)
        markBaseline(row, &cells);
    return cells;
}

// The notes under a table with intervals or tests: what "±" is, the marks, the test, alpha and the baseline.
QStringList statisticsNotes(const ComputedTable &table)
{
    QStringList notes;
    if (table.spread == Spread::Ci95)
        notes << QStringLiteral("$\\pm$\\,half-width of the 95\\,\\% confidence interval of the mean "
                                "(Student $t$, $n-1$ degrees of freedom).");
    if (table.tested())
        notes << QStringLiteral("%1/%2\\,significantly better/worse than the baseline, %3, at $\\alpha = %4$: "
                                "two-sided Welch's $t$-test over the runs' values, paired by seed where both rows "
                                "hold the same seeds.")
                     .arg(kBetterMark, kWorseMark, latexEscape(rowLabel(table, size_t(table.baselineRow))),
                          QString::number(table.alpha, 'g', 6));
    const bool few = std::any_of(table.rows.begin(), table.rows.end(), [&](const TableRow &row) {
        for (size_t c = 0; c < table.columns.size(); ++c)
            if (!significanceMarks(table, row, c).isEmpty() && hasFewRuns(row.cells[c]))
                return true;
        return false;
    });
    if (few)
        notes << QStringLiteral("%1\\,fewer than %2 runs: a weak interval%3; one run: none.")
                     .arg(kFewMark)
                     .arg(kFewSeeds)
                     .arg(table.tested() ? QStringLiteral(" and test") : QString());
    return notes;
}

// A statistic in the unit of its column's numbers (scaled, percent × 100) at full precision.
QString statisticText(double value, const NumberFormat &format)
{
    const double v = value * format.scale * (format.style == NumberFormat::Style::Percent ? 100.0 : 1.0);
    return QString::number(v, 'g', 15);
}

// The CSV columns of a metric column's statistics: n and the mean's 95 % interval; against a baseline
// the difference, its interval, t, df, p, the test and the verdict.
QStringList statisticsHeader(const ComputedTable &table, const QString &name)
{
    QStringList names = {QStringLiteral("n"), QStringLiteral("ci_low"), QStringLiteral("ci_high")};
    if (table.tested())
        names << QStringLiteral("diff") << QStringLiteral("diff_ci_low") << QStringLiteral("diff_ci_high")
              << QStringLiteral("t") << QStringLiteral("df") << QStringLiteral("p") << QStringLiteral("test")
              << QStringLiteral("verdict");
    QStringList out;
    for (const QString &n : names)
        out << csvField(name + QLatin1Char(' ') + n);
    return out;
}

// The statistics of one metric cell (statisticsHeader's columns): empty where there is no value, "—"
// where a test is impossible (a side with fewer than two runs); the baseline row's verdict "baseline".
QStringList statisticsFields(const ComputedTable &table, const TableRow &row, size_t c)
{
    const TableCell &cell = row.cells[c];
    const NumberFormat &f = table.columns[c].format;
    QStringList out;
    const bool interval = !cell.missing && cell.halfWidth.has_value();
    out << (cell.missing ? QString() : QString::number(cell.n))
        << (interval ? statisticText(cell.mean - *cell.halfWidth, f) : QString())
        << (interval ? statisticText(cell.mean + *cell.halfWidth, f) : QString());
    if (!table.tested())
        return out;
    const TableCell &base = table.rows[size_t(table.baselineRow)].cells[c];
    if (row.baseline || cell.missing || base.missing) {
        const QString none = row.baseline && !cell.missing ? QStringLiteral("baseline") : QString();
        return out << QString() << QString() << QString() << QString() << QString() << QString() << QString() << none;
    }
    const QString dash = QStringLiteral("—");
    if (!cell.test)  // the means still differ by this much; no interval, t or p
        return out << statisticText(cell.mean - base.mean, f) << dash << dash << dash << dash << dash << dash
                   << verdictName(cell.verdict);
    const TTest &t = *cell.test;
    return out << statisticText(t.difference, f) << statisticText(t.difference - t.halfWidth, f)
               << statisticText(t.difference + t.halfWidth, f) << QString::number(t.t, 'g', 15)
               << QString::number(t.df, 'g', 15) << QString::number(t.p, 'g', 15) << testName(t)
               << csvField(verdictName(cell.verdict));
}

} // namespace

QString latexEscape(const QString &text)
{
    QString out;
    out.reserve(text.size() * 2);
    for (const QChar ch : text) {
        switch (ch.unicode()) {
        case '\\': out += QStringLiteral("\\textbackslash{}"); break;
        case '_': out += QStringLiteral("\\_"); break;
        case '&': out += QStringLiteral("\\&"); break;
        case '%': out += QStringLiteral("\\%"); break;
        case '$': out += QStringLiteral("\\$"); break;
        case '#': out += QStringLiteral("\\#"); break;
        case '{': out += QStringLiteral("\\{"); break;
        case '}': out += QStringLiteral("\\}"); break;
        case '~': out += QStringLiteral("\\textasciitilde{}"); break;
        case '^': out += QStringLiteral("\\textasciicircum{}"); break;
        case '<': out += QStringLiteral("\\textless{}"); break;
        case '>': out += QStringLiteral("\\textgreater{}"); break;
        case '|': out += QStringLiteral("\\textbar{}"); break;
        // Letters pdflatex's default utf8 input cannot set in text (Greek) and signs used in run names.
        case 0x03BB: out += QStringLiteral("\\ensuremath{\\lambda}"); break;
        case 0x03B1: out += QStringLiteral("\\ensuremath{\\alpha}"); break;
        case 0x03C4: out += QStringLiteral("\\ensuremath{\\tau}"); break;
        case 0x00B1: out += QStringLiteral("\\ensuremath{\\pm}"); break;
        case 0x00D7: out += QStringLiteral("\\ensuremath{\\times}"); break;
        case 0x2192: out += QStringLiteral("\\ensuremath{\\rightarrow}"); break;
        case 0x2026: out += QStringLiteral("\\ldots{}"); break;
        case '\n':
        case '\r':
        case '\t': out += ' '; break;
        default: out += ch;
        }
    }
    return out;
}

QString writeLatex(const ComputedTable &table)
{
    const size_t n = table.columns.size();
    QString align;
    for (size_t c = 0; c < n; ++c)
        align += isNumberColumn(table, c) ? 'r' : 'l';
    QStringList lines;
    if (table.tested())  // the marks are amssymb's
        lines << QStringLiteral("% needs \\usepackage{booktabs} and \\usepackage{amssymb} (\\blacktriangle, \\blacktriangledown)");
    lines << QStringLiteral("\\begin{table}[t]") << QStringLiteral("  \\centering");
    if (!table.caption.isEmpty())
        lines << QStringLiteral("  \\caption{%1}").arg(latexEscape(table.caption));
    if (!table.label.isEmpty())
        lines << QStringLiteral("  \\label{%1}").arg(QString(table.label).remove(QRegularExpression(QStringLiteral("[\\\\{}%#$&~^\\s]"))));
    lines << QStringLiteral("  \\begin{tabular}{%1}").arg(align) << QStringLiteral("    \\toprule");
    QStringList headers;
    for (const QString &h : table.headers)
        headers << latexEscape(h);
    lines << QStringLiteral("    %1 \\\\").arg(headers.join(QStringLiteral(" & "))) << QStringLiteral("    \\midrule");
    QString section;
    QStringList notes;  // one a pooled row, under the table
    for (size_t r = 0; r < table.rows.size(); ++r) {
        const TableRow &row = table.rows[r];
        if (r == 0 || row.section != section) {
            if (r > 0)
                lines << QStringLiteral("    \\midrule");
            if (!row.section.isEmpty())
                lines << QStringLiteral("    \\multicolumn{%1}{l}{\\textit{%2}} \\\\").arg(n).arg(latexEscape(row.section));
            section = row.section;
        }
        const QString mark = row.pooled() ? latexMark(int(notes.size())) : QString();
        if (row.pooled())
            notes << QStringLiteral("%1\\,%2%3.").arg(mark, latexEscape(pooledNote(row)),
                                                     table.tested() && !row.baseline
                                                         ? QStringLiteral("; tested against the baseline as one group")
                                                         : QString());
        lines << QStringLiteral("    %1 \\\\").arg(latexRow(table, row, mark).join(QStringLiteral(" & ")));
    }
    lines << QStringLiteral("    \\bottomrule") << QStringLiteral("  \\end{tabular}");
    notes << statisticsNotes(table);
    // Pooled rows say so under the table, where a reader of the paper sees it (no package needed).
    if (!notes.isEmpty()) {
        lines << QStringLiteral("  \\par\\smallskip");
        for (const QString &note : notes)
            lines << QStringLiteral("  {\\footnotesize %1\\par}").arg(note);
    }
    lines << QStringLiteral("\\end{table}");
    return lines.join('\n') + '\n';
}

QString latexDocument(const ComputedTable &table)
{
    return QStringLiteral("\\documentclass{article}\n\\usepackage{booktabs}\n%1"
                          "\\begin{document}\n%2\\end{document}\n")
        .arg(table.tested() ? QStringLiteral("\\usepackage{amssymb}\n") : QString(), writeLatex(table));
}

QString csvField(const QString &text)
{
    if (!text.contains(',') && !text.contains('"') && !text.contains('\n') && !text.contains('\r'))
        return text;
    return '"' + QString(text).replace(QStringLiteral("\""), QStringLiteral("\"\"")) + '"';
}

QString writeCsv(const ComputedTable &table)
{
    const bool sections = table.hasSections();
    const bool statistics = table.showsStatistics();
    std::vector<bool> split;
    QStringList header;
    if (sections)
        header << QStringLiteral("section");
    for (size_t c = 0; c < table.columns.size(); ++c) {
        // With intervals or tests every metric column has its std and statistics columns.
        const bool stats = statistics && isMetricColumn(table.columns[c]);
        split.push_back(stats || hasGroups(table, c));
        header << csvField(table.headers[int(c)]);
        if (split.back())
            header << csvField(table.headers[int(c)] + QStringLiteral(" std"));
        if (stats)
            header << statisticsHeader(table, table.headers[int(c)]);
    }
    // A table with a pooled row tells every row's n and what its runs differ in, in two more columns.
    const bool pooled = table.pooledRows() > 0;
    if (pooled)
        header << QStringLiteral("n") << csvField(QStringLiteral("pooled across (not only the seed)"));
    QString out = header.join(',') + QStringLiteral("\r\n");
    for (const TableRow &row : table.rows) {
        QStringList fields;
        if (sections)
            fields << csvField(row.section);
        for (size_t c = 0; c < table.columns.size(); ++c) {
            const TableCell &cell = row.cells[c];
            const NumberFormat &f = table.columns[c].format;
            if (cell.missing)
                fields << QString();
            else if (cell.numeric)
                fields << csvField(meanText(cell, table.columns[c]));
            else
                fields << csvField(cell.text);
            if (split[c])
                fields << (showsStd(cell, table.columns[c]) ? csvField(formatNumber(cell.std, f)) : QString());
            if (statistics && isMetricColumn(table.columns[c]))
                fields << statisticsFields(table, row, c);
        }
        if (pooled)
            fields << QString::number(row.counted) << csvField(row.pooledKeys.join(QStringLiteral("; ")));
        out += fields.join(',') + QStringLiteral("\r\n");
    }
    return out;
}

std::optional<std::vector<QStringList>> parseCsv(const QString &text)
{
    std::vector<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    bool fieldStarted = false;
    for (int i = 0; i < text.size(); ++i) {
        const QChar ch = text[i];
        if (quoted) {
            if (ch == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += ch;
            }
        } else if (ch == '"' && field.isEmpty()) {
            quoted = true;
            fieldStarted = true;
        } else if (ch == ',') {
            record << field;
            field.clear();
            fieldStarted = true;
        } else if (ch == '\r' || ch == '\n') {
            if (ch == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            record << field;
            records.push_back(record);
            record.clear();
            field.clear();
            fieldStarted = false;
        } else {
            field += ch;
            fieldStarted = true;
        }
    }
    if (quoted)
        return std::nullopt;
    if (fieldStarted || !field.isEmpty()) {
        record << field;
        records.push_back(record);
    }
    return records;
}

} // namespace gatefold::tables
