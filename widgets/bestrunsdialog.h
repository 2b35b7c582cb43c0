#pragma once

#include <QDialog>

class QComboBox;
class QLabel;
class QSpinBox;

namespace gatefold::widgets {

// "Select best k…": how many runs and by which metric (its best or its last value), remembered
// between uses; says which way the metric gets better (tables/metricdirection.h).
class BestRunsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit BestRunsDialog(int visibleRuns, QWidget *parent = nullptr);

    int k() const;
    QString metric() const;
    bool useBest() const;  // false: the last value
    void remember() const;

private:
    void showDirection();

    QSpinBox *m_k;
    QComboBox *m_metric;
    QComboBox *m_value;
    QLabel *m_direction;
};

} // namespace gatefold::widgets
