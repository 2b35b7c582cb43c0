#pragma once

#include "tables/computedtable.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QStandardItemModel;
class QTableView;

namespace gatefold::widgets {

// The table builder's preview: the computed table (a section column where it
// has sections, the best in bold, numbers to the right; a row pooling runs that
// differ in more than the seed tinted, its metrics marked †, n and the settings
// in the tooltip) and its LaTeX on two tabs, over a line that counts the rows
// or says why there is no table.
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
    static QString cellText(const tables::TableCell &cell, const tables::ColumnSpec &column);
    // Why a pooled row's numbers are not one experiment's (its tooltip).
    static QString pooledText(const tables::TableRow &row);

private:
    QStandardItemModel *m_model;
    QTableView *m_view;
    QPlainTextEdit *m_latex;
    QLabel *m_status;
};

} // namespace gatefold::widgets
