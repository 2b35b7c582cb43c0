#pragma once

#include "tables/computedtable.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QStandardItem;
class QStandardItemModel;
class QTableView;

namespace gatefold::widgets {

// The table builder's preview: the computed table (a section column where it
// has sections, the best in bold, numbers to the right; a row pooling runs that
// differ in more than the seed tinted, its metrics marked †, n and the settings
// in the tooltip) and its LaTeX on two tabs, over a line that counts the rows
// or says why there is no table. With a baseline row (issue 21) a cell significantly better or
// worse than the baseline's is marked ▲ / ▼ and every tested cell's tooltip gives the difference,
// its interval and p; the baseline row is tinted blue, cells of fewer than three runs yellow.
class TablePreview : public QWidget
{
    Q_OBJECT
public:
    explicit TablePreview(QWidget *parent = nullptr);

    QStandardItemModel *model() const { return m_model; }
    void showTable(const tables::ComputedTable &table);
    // No table: what went wrong, from tables::computeTable.
    void showProblem(const QString &problem);
    // A cell as the preview shows it: its text, "measuring…", or why it has no number.
    static QString cellText(const tables::TableCell &cell, const tables::ColumnSpec &column,
                            tables::Spread spread = tables::Spread::Std);
    // A metric cell against the baseline, in words (its tooltip); empty for a cell not tested or the baseline's.
    static QString testText(const tables::ComputedTable &table, const tables::TableRow &row, size_t column);
    // Why a pooled row's numbers are not one experiment's (its tooltip).
    static QString pooledText(const tables::TableRow &row);

private:
    QStandardItemModel *m_model;
    // The marks, tint and tooltip of significance on one cell's item.
    static void markSignificance(const tables::ComputedTable &table, const tables::TableRow &row, size_t column,
                                 QStandardItem *item);
    static QString statusText(const tables::ComputedTable &table);
    QTableView *m_view;
    QPlainTextEdit *m_latex;
    QLabel *m_status;
};

} // namespace gatefold::widgets
