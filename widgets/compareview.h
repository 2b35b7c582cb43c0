#pragma once

#include <QJsonObject>
#include <QStringList>
#include <QWidget>

#include <vector>

class QCheckBox;
class QTableWidget;

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

// Two or more runs side by side: a column per run, a row per setting of
// their configs ("only differences" hides the equal ones, differing cells
// are tinted), then their metrics (val top-1 last and best, val loss,
// train loss, images/s, steps, the processes that trained them).
class CompareView : public QWidget
{
    Q_OBJECT
public:
    explicit CompareView(store::RunStore *store, QWidget *parent = nullptr);

    void setRuns(const QList<qint64> &runIds);
    void setOnlyDifferences(bool on);
    QTableWidget *table() const { return m_table; }

private:
    void rebuild();
    int addRunFacts(int row, const std::vector<QJsonObject> &configs, QStringList *rowLabels);

    store::RunStore *m_store;
    QList<qint64> m_runs;
    QCheckBox *m_onlyDifferences;
    QTableWidget *m_table;
};

} // namespace gatefold::widgets
