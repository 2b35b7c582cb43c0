#include "tablepreview.h"

#include "tablebuildertext.h"

#include "tables/tablesignificance.h"
#include "tables/tablewriters.h"

#include <QColor>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace gatefold::widgets {

TablePreview::TablePreview(QWidget *parent)
    : QWidget(parent)
{
    m_model = new QStandardItemModel(this);
    m_view = new QTableView;
    m_view->setModel(m_model);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_latex = new QPlainTextEdit;
    m_latex->setReadOnly(true);
    m_latex->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_latex->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *tabs = new QTabWidget;
    tabs->addTab(m_view, TableBuilderText::tr("Table"));
    tabs->addTab(m_latex, TableBuilderText::tr("LaTeX"));
    m_status = new QLabel;
    m_status->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(tabs, 1);
    layout->addWidget(m_status);
}

void TablePreview::showTable(const tables::ComputedTable &table)
{
    m_model->clear();
    const bool sections = table.hasSections();
    QStringList headers = table.headers;
    if (sections)
        headers.prepend(TableBuilderText::tr("Section"));
    m_model->setHorizontalHeaderLabels(headers);
    const QColor pooledTint(230, 150, 30, 70);
    for (const auto &row : table.rows) {
        QList<QStandardItem *> items;
        if (sections)
            items << new QStandardItem(row.section);
        // A row pooling runs that differ in more than the seed: tinted, its numbers marked †, why in the tooltip.
        const QString pooled = row.pooled() ? pooledText(row) : QString();
        for (size_t c = 0; c < row.cells.size(); ++c) {
            const auto &cell = row.cells[c];
            QString text = cellText(cell, table.columns[c], table.spread);
            if (row.pooled() && cell.numeric && !cell.missing && table.columns[c].source.startsWith(QLatin1String("metric:")))
                text += QStringLiteral(" †");
            auto *item = new QStandardItem(text);
            if (row.pooled()) {
                item->setBackground(pooledTint);
                item->setToolTip(pooled);
            }
            markSignificance(table, row, c, item);
            if (!cell.problem.isEmpty()) {  // why there is no number, in place
                item->setToolTip(cell.problem);
                item->setForeground(QColor(0xc0, 0x39, 0x2b));
            }
            if (cell.bold) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            if (cell.numeric)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            items << item;
        }
        m_model->appendRow(items);
    }
    m_view->resizeColumnsToContents();
    m_latex->setPlainText(tables::writeLatex(table));
    m_status->setText(statusText(table));
    m_status->setToolTip(table.tested() ? TableBuilderText::tr("▲ / ▼: significantly better / worse than the baseline "
                                                               "row (Welch's two-sided t-test, paired by seed where "
                                                               "both rows hold the same seeds).")
                                        : QString());
}

QString TablePreview::statusText(const tables::ComputedTable &table)
{
    QString status = TableBuilderText::tr("%n row(s)", nullptr, int(table.rows.size()));
    if (table.pooledRows() > 0)  // n and the settings: in the row's tooltip and under the LaTeX table
        status += QStringLiteral(". ")
                + TableBuilderText::tr("† %n row(s) pool runs differing in more than the seed; never bold.", nullptr,
                                       table.pooledRows());
    if (table.tested()) {
        int better = 0, worse = 0;
        for (const auto &row : table.rows)
            for (const auto &cell : row.cells) {
                better += cell.verdict == tables::Verdict::Better ? 1 : 0;
                worse += cell.verdict == tables::Verdict::Worse ? 1 : 0;
            }
        status += QStringLiteral(". ")
                + TableBuilderText::tr("Baseline %1, α = %2: ▲ %3 cell(s) better, ▼ %4 worse.")
                      .arg(tables::rowLabel(table, size_t(table.baselineRow)))
                      .arg(table.alpha)
                      .arg(better)
                      .arg(worse);
    }
    if (const int pending = table.pendingCells())
        status += QLatin1Char(' ') + TableBuilderText::tr("The engine is timing the models of %n cell(s); they fill in "
                                                          "as the numbers arrive.", nullptr, pending);
    return status;
}

void TablePreview::markSignificance(const tables::ComputedTable &table, const tables::TableRow &row, size_t c,
                                    QStandardItem *item)
{
    const tables::TableCell &cell = row.cells[c];
    QStringList tips;
    if (!item->toolTip().isEmpty())
        tips << item->toolTip();
    if (table.tested() && row.baseline) {
        item->setBackground(QColor(60, 130, 220, 60));
        tips << TableBuilderText::tr("The baseline row: the others are tested against it.");
    }
    const bool metric = tables::isMetricColumn(table.columns[c]) && !cell.missing;
    if (metric && table.showsStatistics() && tables::hasFewRuns(cell)) {
        item->setBackground(QColor(240, 200, 40, 90));
        tips << (cell.n == 1 ? TableBuilderText::tr("One run: no interval and no test.")
                             : TableBuilderText::tr("Only %1 runs (fewer than %2): the interval and the test are weak.")
                                   .arg(cell.n).arg(tables::kFewSeeds));
    }
    if (metric && table.tested() && !row.baseline) {
        if (cell.verdict == tables::Verdict::Better)
            item->setText(item->text() + QStringLiteral(" ▲"));
        else if (cell.verdict == tables::Verdict::Worse)
            item->setText(item->text() + QStringLiteral(" ▼"));
        tips << testText(table, row, c);
        if (row.pooled())
            tips << TableBuilderText::tr("Its runs differ in more than the seed; tested against the baseline as one group.");
    }
    tips.removeAll(QString());
    item->setToolTip(tips.join(QLatin1Char('\n')));
}

QString TablePreview::testText(const tables::ComputedTable &table, const tables::TableRow &row, size_t c)
{
    const tables::TableCell &cell = row.cells[c];
    if (!table.tested() || row.baseline || cell.missing || !tables::isMetricColumn(table.columns[c]))
        return QString();
    if (!cell.test)
        return TableBuilderText::tr("Not tested against the baseline: a test needs two runs on each side and some "
                                    "spread.");
    const tables::TTest &t = *cell.test;
    const tables::NumberFormat &f = table.columns[c].format;
    const QString verdict = cell.verdict == tables::Verdict::Better  ? TableBuilderText::tr("Significantly better")
                          : cell.verdict == tables::Verdict::Worse   ? TableBuilderText::tr("Significantly worse")
                                                                     : TableBuilderText::tr("Not significantly different");
    return TableBuilderText::tr("%1 than the baseline: difference %2 (95 % CI %3 to %4), p = %5 at α = %6; %7 "
                                "(t = %8, df = %9).")
        .arg(verdict, tables::formatNumber(t.difference, f), tables::formatNumber(t.difference - t.halfWidth, f),
             tables::formatNumber(t.difference + t.halfWidth, f), QString::number(t.p, 'g', 3),
             QString::number(table.alpha),
             t.paired ? TableBuilderText::tr("paired t-test by seed") : TableBuilderText::tr("Welch's t-test"),
             QString::number(t.t, 'g', 4), QString::number(t.df, 'g', 4));
}

QString TablePreview::pooledText(const tables::TableRow &row)
{
    return TableBuilderText::tr("Mean over %1 runs that differ in %2 — not only in the seed, so not one "
                                "experiment: never ranked for the best.")
        .arg(row.counted)
        .arg(row.pooledKeys.join(QStringLiteral(", ")));
}

QString TablePreview::cellText(const tables::TableCell &cell, const tables::ColumnSpec &column, tables::Spread spread)
{
    if (cell.pending)
        return TableBuilderText::tr("measuring…");
    if (!cell.problem.isEmpty())
        return TableBuilderText::tr("not measured: %1").arg(cell.problem);
    return cell.missing ? QStringLiteral("—") : tables::cellText(cell, column, spread);
}

void TablePreview::showProblem(const QString &problem)
{
    m_model->clear();
    m_status->setText(TableBuilderText::tr("The table cannot be made: %1").arg(problem));
    m_latex->setPlainText(QString());
}

} // namespace gatefold::widgets
