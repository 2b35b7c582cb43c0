#pragma once

#include "tables/tablespec.h"

#include <QWidget>

#include <set>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QHBoxLayout;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace gatefold::widgets {

// The table builder's columns: the list, adding a setting of the runs, a
// metric with its statistic or a fixed column (name, runs, params, GFLOPs,
// latency, …), moving and removing, and the selected column's header, number
// format and bold best. It edits the columns of the builder's spec in place
// (and the sort column, which follows its column) and says what changed.
class TableColumnEditor : public QWidget
{
    Q_OBJECT
public:
    // spec outlives the editor; settings and metrics are those the runs have.
    TableColumnEditor(tables::TableSpec *spec, const std::set<QString> &settings, const std::set<QString> &metrics,
                      QWidget *parent = nullptr);

    // Fills the list again from the spec's columns.
    void refresh();
    void selectColumn(int index);
    void addColumn(const tables::ColumnSpec &column);
    void moveColumn(int from, int to);

Q_SIGNALS:
    // A column was added, moved or removed.
    void columnsChanged();
    // The selected column's header or format was edited.
    void columnEdited();

private:
    QHBoxLayout *buildMoveRow();
    QHBoxLayout *buildSettingRow(const std::set<QString> &settings);
    QHBoxLayout *buildMetricRow(const std::set<QString> &metrics);
    QComboBox *buildFixedColumnChoice();
    QFormLayout *buildFormatForm();
    void removeColumn(int index);
    void showColumn(int index);
    void formatEdited();

    tables::TableSpec *m_spec;
    bool m_updating = false;

    QListWidget *m_columns;
    QComboBox *m_addSetting;
    QComboBox *m_addMetric;
    QComboBox *m_metricStat;
    QLineEdit *m_header;
    QComboBox *m_format;
    QSpinBox *m_decimals;
    QCheckBox *m_thousands;
    QComboBox *m_best;
};

} // namespace gatefold::widgets
