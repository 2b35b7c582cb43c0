#pragma once

#include <QWidget>

#include <memory>
#include <vector>

class QCPGraph;
class QCPTextElement;
class QCustomPlot;
class QLabel;
class QMouseEvent;

namespace gatefold::report {
struct InspectReport;
}

namespace gatefold::widgets {

class PlotOrReason;

// Mean attention distance per head against depth, like the ViT paper's
// Fig. 7: x = block (from 1), y = distance in pixels, one marker per head
// (a colour per head, "head h" in the legend) and the mean over the heads as
// a line. The y axis runs from 0 to the largest distance two patch centres
// can have (patch size × √((gw−1)² + (gh−1)²)), the most any head can attend
// over, so runs and checkpoints compare on one scale. Heads are numbered from 1.
class AttentionDistanceView : public QWidget
{
    Q_OBJECT
public:
    explicit AttentionDistanceView(QWidget *parent = nullptr);
    ~AttentionDistanceView() override;

    // Shows report->meanDistance, or "Not available: <reason>" in its place.
    void setReport(std::shared_ptr<const report::InspectReport> report);
    // The scatter with its legend: .png, .svg or .pdf.
    bool exportImage(const QString &path, QString *error);
    // One row per block: block,head_1,…,head_H,mean (pixels).
    bool exportCsv(const QString &path, QString *error);

    bool isAvailable() const;   // the plot is shown, not a reason
    QString message() const;    // the text shown in its place
    QString hoverText() const;  // the marker under the mouse, as the status line says it
    double maximumDistance() const { return m_maximum; }  // the top of the y axis
    QCPGraph *headGraph(int head) const;
    QCPGraph *meanGraph() const { return m_mean; }
    QCustomPlot *plot() const { return m_plot; }

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    void followPalette();
    void hover(QMouseEvent *event);
    void setHover(const QString &text);

    std::shared_ptr<const report::InspectReport> m_report;
    PlotOrReason *m_pages;  // the plot or the reason, and the status line
    QCustomPlot *m_plot;
    QLabel *m_note;
    QCPTextElement *m_title;
    std::vector<QCPGraph *> m_heads;
    QCPGraph *m_mean = nullptr;
    double m_maximum = 0;
};

} // namespace gatefold::widgets
