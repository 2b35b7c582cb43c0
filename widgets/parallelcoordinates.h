#pragma once

#include <QColor>
#include <QWidget>

#include <map>
#include <memory>
#include <vector>

class QCPColorScale;
class QCPGraph;
class QCustomPlot;
class QMouseEvent;

namespace gatefold::widgets {

class SweepTable;

// A sweep's runs in parallel coordinates: a vertical axis per varied setting
// (SweepAxis: numbers linearly or logarithmically, categories evenly spaced,
// "—" below a numeric axis for a run it does not apply to) and the metric's
// axis last; a polyline per run that measured the metric, coloured by it on
// viridis (best yellow: reversed for a metric where lower is better) with the
// colour bar beside, the best drawn on top. The mouse over a line names the
// run and its values (tooltip); a click on one says which run (runClicked).
class ParallelCoordinates : public QWidget
{
    Q_OBJECT
public:
    explicit ParallelCoordinates(QWidget *parent = nullptr);

    void setTable(std::shared_ptr<const SweepTable> table);
    QCustomPlot *plot() const { return m_plot; }
    QCPColorScale *colourScale() const { return m_scale; }

    int lineCount() const { return int(m_lines.size()); }
    QCPGraph *line(qint64 runId) const;
    QColor lineColour(qint64 runId) const;
    // Where the run's line crosses axis `axis` (0 = the first setting; the metric's is last), in plot pixels.
    QPointF pointOf(qint64 runId, int axis) const;
    // The run whose line passes within a few pixels of `pos` (plot pixels), or -1.
    qint64 runAt(const QPointF &pos) const;
    // Draws the run's line wide on top of the others (-1: none).
    void setHighlighted(qint64 runId);
    qint64 highlighted() const { return m_highlighted; }
    QString hoverText() const { return m_hover; }  // what the mouse points at now

Q_SIGNALS:
    void hovered(const QString &text);  // the run under the mouse (SweepTable::describe), "" for none
    void runClicked(qint64 runId);

protected:
    void changeEvent(QEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    void rebuild();
    void addAxis(int index, const QString &title, const std::vector<std::pair<double, QString>> &ticks);
    void addLines();
    void addColourScale();
    void mouseMoved(QMouseEvent *event);
    void mousePressed(QMouseEvent *event);

    QCustomPlot *m_plot;
    QCPColorScale *m_scale = nullptr;
    QCPGraph *m_highlight = nullptr;
    std::shared_ptr<const SweepTable> m_table;
    std::map<qint64, QCPGraph *> m_lines;
    qint64 m_highlighted = -1;
    QString m_hover;
};

} // namespace gatefold::widgets
