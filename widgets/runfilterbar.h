#pragma once

#include <QWidget>

#include <map>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace gatefold::widgets {

class RunFilterProxy;
class RunTableModel;

// Above the run table: the filter field (words, or a run query — a problem with the query shown
// in red under it, the table left unfiltered), the sweep filter (all runs, one sweep, no sweep)
// and "Select best k…", which selects the k best runs the filters leave, by a metric, in one go.
class RunFilterBar : public QWidget
{
    Q_OBJECT
public:
    RunFilterBar(RunTableModel *model, RunFilterProxy *proxy, QTableView *table, QWidget *parent = nullptr);

    QLineEdit *field() const { return m_field; }
    QComboBox *sweepBox() const { return m_sweeps; }
    QAction *selectBestAction() const { return m_selectBest; }
    // The k best of the runs shown by `metric` (its best or last value), selected alone; their ids.
    QList<qint64> selectBest(int k, const QString &metric, bool useBest);
    // Every run shown again: the field emptied, all sweeps.
    void clearFilters();

private:
    void fillSweeps();
    void askAndSelectBest();

    RunTableModel *m_model;
    RunFilterProxy *m_proxy;
    QTableView *m_table;
    QLineEdit *m_field;
    QComboBox *m_sweeps;
    QLabel *m_problem;
    QAction *m_selectBest;
    std::map<qint64, QString> m_shownSweeps;
};

} // namespace gatefold::widgets
