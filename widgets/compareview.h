#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QWidget>

#include <vector>

class QCheckBox;
class QLabel;
class QTableWidget;

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

class CompareSeedGroups;

// Two or more runs side by side, a row per run (a toggle turns the table to a
// column per run): their metrics (val top-1 last and best, val loss, train
// loss, images/s — the best of each highlighted: bold and tinted, higher or
// lower as the metric reads), their last step and processes, then their
// settings. "Only differences" keeps the settings that tell the runs apart
// (config::differingSettings: settings that apply, most discriminative first,
// the seed last); a setting that does not apply to a run, or a value a run
// has not measured, is "—". Columns are kept narrow enough for four runs in a
// dock (names elided, the full name in the tooltip). Runs that repeat one
// experiment over seeds are also summed up per group below the table, with
// intervals and tests against the first group (CompareSeedGroups).
class CompareView : public QWidget
{
    Q_OBJECT
public:
    explicit CompareView(store::RunStore *store, QWidget *parent = nullptr);

    void setRuns(const QList<qint64> &runIds);
    void setOnlyDifferences(bool on);
    // false (the default): a row per run; true: a column per run, a row per metric and setting.
    void setRunsAsColumns(bool on);
    bool runsAsColumns() const;
    QTableWidget *table() const { return m_table; }
    CompareSeedGroups *seedGroups() const { return m_seedGroups; }

    // The widest a run's column (runs as columns), the runs' header (runs as rows) or any column grows, in pixels.
    static constexpr int kMaxRunWidth = 170;

    // One metric, fact or setting over the runs: a label, and a cell per run.
    struct Cell {
        QString text;
        QString toolTip;
        bool best = false;
        bool differing = false;
    };
    struct Line {
        QString label;
        QString toolTip;
        std::vector<Cell> cells;
    };

private:
    void rebuild();
    std::vector<Line> lines();
    void addMetricLines(std::vector<Line> *out);
    void addFactLines(std::vector<Line> *out);
    void addSettingLines(std::vector<Line> *out);
    void fill(const std::vector<Line> &lines);
    void fitColumns();

    store::RunStore *m_store;
    QList<qint64> m_runs;
    QCheckBox *m_onlyDifferences;
    QCheckBox *m_asColumns;
    QTableWidget *m_table;
    CompareSeedGroups *m_seedGroups;
    QLabel *m_empty = nullptr;
};

} // namespace gatefold::widgets
