#pragma once

#include "tables/computedtable.h"
#include "tables/tablespec.h"

#include <QDialog>
#include <QList>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QSpinBox;
class QStandardItemModel;
class QTableView;

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

// Table builder (issue #8 "Tables") over the run browser's selection: a
// paper preset or custom rows (runs, seed groups, groups by a setting) and
// columns (settings of the runs, metrics with their statistic, params,
// GFLOPs, latency), their order, number format and bold best; a live preview
// (the table and its LaTeX); saves LaTeX, CSV and the spec (the JSON of
// `gatefold-cli table --spec`). The table itself is core/tables'.
class TableBuilder : public QDialog
{
    Q_OBJECT
public:
    TableBuilder(store::RunStore *store, const QList<qint64> &runIds, QWidget *parent = nullptr);

    tables::TableSpec spec() const { return m_spec; }
    void setSpec(const tables::TableSpec &spec);
    bool applyPreset(const QString &name);
    void addColumn(const tables::ColumnSpec &column);
    void moveColumn(int from, int to);
    void selectColumn(int index);
    // The previewed table, its LaTeX and CSV; the message the preview shows when it cannot be computed.
    const std::optional<tables::ComputedTable> &table() const { return m_table; }
    QString latex() const;
    QString csv() const;
    QString problem() const { return m_problem; }
    QStandardItemModel *previewModel() const { return m_model; }

    bool saveLatex(const QString &path, QString *error) const;
    bool saveCsv(const QString &path, QString *error) const;
    bool saveSpec(const QString &path, QString *error) const;
    bool loadSpec(const QString &path, QString *error);

private:
    void buildUi();
    void refreshColumnList();
    void showColumn(int index);
    void columnEdited();
    void groupingEdited();
    void recompute();

    store::RunStore *m_store;
    std::vector<qint64> m_runIds;
    tables::TableSpec m_spec;
    std::optional<tables::ComputedTable> m_table;
    QString m_problem;
    bool m_updating = false;

    QComboBox *m_preset = nullptr;
    QComboBox *m_grouping = nullptr;
    QComboBox *m_groupKey = nullptr;
    QLineEdit *m_caption = nullptr;
    QLineEdit *m_label = nullptr;
    QListWidget *m_columns = nullptr;
    QComboBox *m_addSetting = nullptr;
    QComboBox *m_addMetric = nullptr;
    QComboBox *m_metricStat = nullptr;
    QLineEdit *m_header = nullptr;
    QComboBox *m_format = nullptr;
    QSpinBox *m_decimals = nullptr;
    QCheckBox *m_thousands = nullptr;
    QComboBox *m_best = nullptr;
    QComboBox *m_sort = nullptr;
    QStandardItemModel *m_model = nullptr;
    QTableView *m_view = nullptr;
    QPlainTextEdit *m_latex = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace gatefold::widgets
