#pragma once

#include "tables/computedtable.h"
#include "tables/tablespec.h"

#include <QDialog>
#include <QList>

#include <memory>
#include <set>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;
class QStandardItemModel;

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

class EngineCostTimer;
class TableColumnEditor;
class TablePreview;

// Table builder (issue #8 "Tables") over the run browser's selection: a
// paper preset or custom rows (runs, seed groups, groups by a setting) and
// columns (settings of the runs, metrics with their statistic, params,
// GFLOPs, latency), their order, number format and bold best; a live preview
// (the table and its LaTeX); saves LaTeX, CSV and the spec (the JSON of
// `gatefold-cli table --spec`). The table itself is core/tables'; the
// columns are edited in a TableColumnEditor, shown in a TablePreview.
// Latency and throughput are timed by the engine (an EngineCostTimer's
// gatefold-cli child): their cells say "measuring…" and the preview is
// computed again as the numbers arrive; the dialog never waits for them.
// Significance (issue 21): "±" shows the std or the 95 % interval; a baseline chosen among
// the rows tests the others at the chosen alpha (marks and tooltips in the preview).
class TableBuilder : public QDialog
{
    Q_OBJECT
public:
    // `enginePath`: the gatefold-cli that times models for the latency and throughput columns.
    TableBuilder(store::RunStore *store, const QList<qint64> &runIds, const QString &enginePath,
                 QWidget *parent = nullptr);
    ~TableBuilder() override;

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
    QStandardItemModel *previewModel() const;
    // The engine is timing models for the table (cells say "measuring…").
    bool isMeasuring() const;

    bool saveLatex(const QString &path, QString *error) const;
    bool saveCsv(const QString &path, QString *error) const;
    bool saveSpec(const QString &path, QString *error) const;
    bool loadSpec(const QString &path, QString *error);

private:
    void buildUi();
    QFormLayout *buildRowChoices(const std::set<QString> &settings);
    void buildSignificanceChoices(QFormLayout *form);
    void connectSignificance();
    // The baseline chooser lists the rows of `table` (and "None"), the spec's baseline selected.
    void refreshBaselineChoices(const tables::ComputedTable &table);
    QDialogButtonBox *buildButtons();
    void connectEditors();
    void refreshSortChoices();
    void groupingEdited();
    void recompute();

    store::RunStore *m_store;
    std::vector<qint64> m_runIds;
    std::unique_ptr<EngineCostTimer> m_timer;
    tables::TableSpec m_spec;
    std::optional<tables::ComputedTable> m_table;
    QString m_problem;
    bool m_updating = false;

    QComboBox *m_preset = nullptr;
    QComboBox *m_grouping = nullptr;
    QComboBox *m_groupKey = nullptr;
    QLineEdit *m_caption = nullptr;
    QLineEdit *m_label = nullptr;
    QComboBox *m_sort = nullptr;
    QComboBox *m_spread = nullptr;
    QComboBox *m_baseline = nullptr;
    QDoubleSpinBox *m_alpha = nullptr;
    TableColumnEditor *m_columns = nullptr;
    TablePreview *m_preview = nullptr;
};

} // namespace gatefold::widgets
