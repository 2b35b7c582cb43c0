#pragma once

#include "groupstable.h"
#include "seedgroupstats.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

// The store's runs grouped by settings — any of the settings that tell them
// apart (checked in a list), or "all but seed" — per group its runs that have
// the metric and the metric's best and last values as mean ± sample std, seeds
// folded into one row as a paper's table reports them. Runs without the metric
// (queued, failed, just started) are not counted, and a line says how many; a
// group whose runs also differ in settings that are not grouping keys says
// which (tinted, "Also differ in"), so unrelated runs are never one row unsaid.
// Per group the 95 % interval of the mean of the tested value (best or last);
// against a baseline group chosen by the user (combo or context menu,
// remembered per store) the difference and its interval, p and the test
// (paired by seed when both hold the same seeds, else Welch), marked better,
// worse or not significant at α in the metric's direction (seedgroupstats.h).
// Fewer than kFewSeeds runs: a warning; one run: no p-value, and why.
class GroupView : public QWidget
{
    Q_OBJECT
public:
    explicit GroupView(store::RunStore *store, QWidget *parent = nullptr);

    // Group by these settings (checked in the list; all but seed off).
    void setKeys(const QStringList &keys);
    void setKey(const QString &key) { setKeys({key}); }
    void setAllButSeed(bool on);
    void setMetric(const QString &metric);
    QStringList keys() const;
    void refresh();
    QTableWidget *table() const { return m_table; }
    QListWidget *keyList() const { return m_keys; }
    QCheckBox *allButSeedBox() const { return m_allButSeed; }
    // "3 runs without val/top1 not counted." (empty when every run has it)
    QString note() const;

    // The baseline, α and the tested value as remembered under `settingsKey` (QSettings; one per
    // store); later changes are saved there.
    void restore(const QString &settingsKey);
    // The group every other is tested against, by its name ("optim.lr=0.001"; "" none). Kept while
    // no group has that name (regrouped), and tested again when one has.
    void setBaseline(const QString &group);
    QString baseline() const { return m_baseline; }
    void setAlpha(double alpha);
    double alpha() const;
    // Intervals and tests over the runs' best values (true, the default) or their last.
    void setTestBest(bool best);
    QComboBox *baselineBox() const { return m_baselineBox; }
    QDoubleSpinBox *alphaBox() const { return m_alpha; }
    QPushButton *copyButton() const { return m_copy; }
    // The column headed `header`, or -1.
    int column(const QString &header) const;
    // The groups with their numbers as CSV (values as stored: fractions, not percent; full precision).
    QString csv() const;

private:
    void refreshKeyList();
    void fillTable();
    void fillBaselineBox();
    void computeStats(bool higherIsBetter);
    void setHeaders(const QString &metric);
    void fillRow(int r, const SettingsGroupRow &g, const SeedGroupStats &stats, bool percent);
    void showContextMenu(const QPoint &pos);
    void save() const;
    bool testBest() const;

    store::RunStore *m_store;
    QCheckBox *m_allButSeed;
    QComboBox *m_metric;
    QComboBox *m_tested;
    QComboBox *m_baselineBox;
    QDoubleSpinBox *m_alpha;
    QPushButton *m_copy;
    QListWidget *m_keys;
    QLabel *m_note;
    QTableWidget *m_table;
    QStringList m_checked;
    QString m_baseline;
    QString m_settingsKey;
    SettingsGroups m_groups;              // as last shown, for the CSV
    std::vector<SeedGroupStats> m_stats;  // per row of m_groups
    bool m_updating = false;
};

// "92.31 ± 0.42" (percent of a fraction, sample std; "± —" for one value).
QString meanStdText(const std::vector<double> &values, bool percent);

} // namespace gatefold::widgets
