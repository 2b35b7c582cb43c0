#pragma once

#include "seedgroupstats.h"

#include <QList>
#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QTableWidget;

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

// Compare's runs as the experiments they repeat: when the compared runs form groups that differ only
// by seed (config::groupBySettings, all but seed) and a group holds two runs or more, a row per group
// with its runs, the mean ± std and the 95 % interval of the mean of one metric (chosen), and against
// the first group (the baseline: the first run's) the difference, its interval, p, the test (paired
// by seed when both hold the same seeds, else Welch) and the verdict at α = 0.05 (seedgroupstats.h).
// Hidden when every run is its own group.
class CompareSeedGroups : public QWidget
{
    Q_OBJECT
public:
    explicit CompareSeedGroups(store::RunStore *store, QWidget *parent = nullptr);

    void setRuns(const QList<qint64> &runIds);
    // Which of the compared metrics: "val/top1" best or last, "val/loss", "train/loss", "train/images_per_s" last.
    void setMetric(int index);
    // Shown: the runs form at least one group of two or more seeds.
    bool applies() const { return m_applies; }
    QTableWidget *table() const { return m_table; }
    QComboBox *metricBox() const { return m_metric; }
    // The group every other is tested against (the first unless chosen; kept by name across selections).
    QComboBox *baselineBox() const { return m_baseline; }

    static constexpr double kAlpha = 0.05;

private:
    void rebuild();
    void fillRow(int row, const QString &name, const std::vector<tables::SeedValue> &values, const SeedGroupStats &stats,
                 bool percent);

    store::RunStore *m_store;
    QList<qint64> m_runs;
    QComboBox *m_metric;
    QComboBox *m_baseline;
    QString m_baselineName;  // the group chosen as baseline, "" for the first
    QLabel *m_title;
    QTableWidget *m_table;
    bool m_applies = false;
};

} // namespace gatefold::widgets
