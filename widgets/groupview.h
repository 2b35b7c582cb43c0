#pragma once

#include <QWidget>

class QComboBox;
class QTableWidget;

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

// The runs of the store grouped by one setting's value: per group the number
// of runs and val top-1 (best and last) as mean ± sample std — seeds folded
// into one row, as a paper's table reports them.
class GroupView : public QWidget
{
    Q_OBJECT
public:
    explicit GroupView(store::RunStore *store, QWidget *parent = nullptr);

    void setKey(const QString &key);
    void refresh();
    QTableWidget *table() const { return m_table; }

private:
    store::RunStore *m_store;
    QComboBox *m_key;
    QTableWidget *m_table;
};

// "92.31 ± 0.42" (percent of a fraction, sample std; "± —" for one value).
QString meanStdText(const std::vector<double> &values, bool percent);

} // namespace gatefold::widgets
