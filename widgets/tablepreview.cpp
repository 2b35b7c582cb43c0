#include "tablepreview.h"

#include "tablebuildertext.h"

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
            QString text = cellText(cell, table.columns[c]);
            if (row.pooled() && cell.numeric && !cell.missing && table.columns[c].source.startsWith(QLatin1String("metric:")))
                text += QStringLiteral(" †");
            auto *item = new QStandardItem(text);
            if (row.pooled()) {
                item->setBackground(pooledTint);
                item->setToolTip(pooled);
            }
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
    QString status = TableBuilderText::tr("%n row(s)", nullptr, int(table.rows.size()));
    if (table.pooledRows() > 0)  // n and the settings: in the row's tooltip and under the LaTeX table
        status += QStringLiteral(". ")
                + TableBuilderText::tr("† %n row(s) pool runs differing in more than the seed; never bold.", nullptr,
                                       table.pooledRows());
    if (const int pending = table.pendingCells())
        status += QLatin1Char(' ') + TableBuilderText::tr("The engine is timing the models of %n cell(s); they fill in "
                                                          "as the numbers arrive.", nullptr, pending);
    m_status->setText(status);
}

QString TablePreview::pooledText(const tables::TableRow &row)
{
    return TableBuilderText::tr("Mean over %1 runs that differ in %2 — not only in the seed, so not one "
                                "experiment: never ranked for the best.")
        .arg(row.counted)
        .arg(row.pooledKeys.join(QStringLiteral(", ")));
}

QString TablePreview::cellText(const tables::TableCell &cell, const tables::ColumnSpec &column)
{
    if (cell.pending)
        return TableBuilderText::tr("measuring…");
    if (!cell.problem.isEmpty())
        return TableBuilderText::tr("not measured: %1").arg(cell.problem);
    return cell.missing ? QStringLiteral("—") : tables::cellText(cell, column);
}

void TablePreview::showProblem(const QString &problem)
{
    m_model->clear();
    m_status->setText(TableBuilderText::tr("The table cannot be made: %1").arg(problem));
    m_latex->setPlainText(QString());
}

} // namespace gatefold::widgets
