#pragma once

#include <QStringList>
#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
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

private:
    void refreshKeyList();
    void fillTable();

    store::RunStore *m_store;
    QCheckBox *m_allButSeed;
    QComboBox *m_metric;
    QListWidget *m_keys;
    QLabel *m_note;
    QTableWidget *m_table;
    QStringList m_checked;
    bool m_updating = false;
};

// "92.31 ± 0.42" (percent of a fraction, sample std; "± —" for one value).
QString meanStdText(const std::vector<double> &values, bool percent);

} // namespace gatefold::widgets
