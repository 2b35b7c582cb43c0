#pragma once

#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QCPAxisRect;
class QCPGraph;
class QCustomPlot;
class QLabel;
class QMouseEvent;

namespace gatefold::widgets {

class SweepAxis;
class SweepTable;

// The metric against each setting a sweep varies: a small scatter per setting
// (x: the setting on its SweepAxis — linear, logarithmic or categories; y: the
// metric, on one scale for all), a point per run and, per combination of the
// other settings, the mean over its seed repeats as a bar. The seed gets no
// scatter of its own while anything else varies: its repeats are the points
// around each mean. Where one setting besides the seed varies, its means are
// joined by a line. Where the other settings make more than a few combinations
// at each value, the bar is the mean of all the runs at that value instead (a
// hundred bars per value would hide the points); the caption says which.
class SweepScatterPlots : public QWidget
{
    Q_OBJECT
public:
    explicit SweepScatterPlots(QWidget *parent = nullptr);

    void setTable(std::shared_ptr<const SweepTable> table);
    QCustomPlot *plot() const { return m_plot; }

    const QStringList &keys() const { return m_keys; }  // the settings with a scatter, in order
    QCPAxisRect *rect(const QString &key) const;
    QCPGraph *points(const QString &key) const;  // a point per run, ordered by x
    QCPGraph *means(const QString &key) const;   // a bar per seed group (or per value), ordered by x
    bool meansPerValue() const { return m_meansPerValue; }
    QString caption() const;
    // The run whose point lies within a few pixels of `pos` (plot pixels), or -1.
    qint64 runAt(const QPointF &pos) const;
    // Rings the run's point in every scatter (-1: none).
    void setHighlighted(qint64 runId);
    qint64 highlighted() const { return m_highlighted; }

Q_SIGNALS:
    void hovered(const QString &text);  // the run under the mouse (SweepTable::describe), "" for none
    void runClicked(qint64 runId);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Panel {
        QString key;
        QCPAxisRect *rect = nullptr;
        QCPGraph *points = nullptr;
        QCPGraph *means = nullptr;
        QCPGraph *ring = nullptr;  // around the highlighted run's point
        std::vector<qint64> runs;  // the run of each point, in the points' order
    };
    void rebuild();
    void addPanel(int index, int columns, double low, double high);
    void fillPanel(Panel &panel);
    std::vector<std::pair<double, double>> groupMeans(const SweepAxis &axis) const;
    static std::vector<std::pair<double, double>> valueMeans(const QVector<double> &xs, const QVector<double> &ys);
    void mouseMoved(QMouseEvent *event);
    void mousePressed(QMouseEvent *event);

    QCustomPlot *m_plot;
    QLabel *m_caption;
    std::shared_ptr<const SweepTable> m_table;
    bool m_meansPerValue = false;
    QStringList m_keys;
    std::vector<Panel> m_panels;
    qint64 m_highlighted = -1;
};

} // namespace gatefold::widgets
