#pragma once

#include "inspectview.h"

#include <memory>
#include <vector>

class QCPGraph;
class QCPTextElement;
class QCustomPlot;
class QLabel;

namespace gatefold::widgets {

// Mean attention distance per head against depth, like the ViT paper's
// Fig. 7: x = block (from 1), y = distance in pixels, one marker per head
// (a colour per head, "head h" in the legend) and the mean over the heads as
// a line. The y axis runs from 0 to the largest distance two patch centres
// can have (patch size × √((gw−1)² + (gh−1)²)), the most any head can attend
// over, so runs and checkpoints compare on one scale. Heads are numbered from 1.
class AttentionDistanceView : public InspectView
{
    Q_OBJECT
public:
    explicit AttentionDistanceView(QWidget *parent = nullptr);
    ~AttentionDistanceView() override;

    // Shows report->meanDistance, or "Not available: <reason>" in its place. The picture: the scatter with
    // its legend. The CSV: one row per block, block,head_1,…,head_H,mean (pixels).

    double maximumDistance() const { return m_maximum; }  // the top of the y axis
    QCPGraph *headGraph(int head) const;
    QCPGraph *meanGraph() const { return m_mean; }
    QCustomPlot *plot() const { return m_plot; }

protected:
    void showReport() override;
    bool savePicture(const QString &path, QString *error) override;
    QString page() const override;
    void followPalette() override;
    QString hoverAt(const QPointF &pos) const override;
    QString hoverHint() const override;

private:
    QCustomPlot *m_plot;
    QLabel *m_note;
    QCPTextElement *m_title;
    std::vector<QCPGraph *> m_heads;
    QCPGraph *m_mean = nullptr;
    double m_maximum = 0;
};

} // namespace gatefold::widgets
