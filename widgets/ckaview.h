#pragma once

#include "inspectview.h"

#include <memory>
#include <vector>

class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;
class QLabel;

namespace gatefold::widgets {

// Layer-by-layer linear CKA between this run and another (or itself): one
// heatmap, the layers of this run up the y axis and the other's along x, on a
// [0, 1] viridis scale, values printed while they fit and named on hover; the
// diagonal (same layer in both) outlined and listed under the map. Layers are
// numbered from 1, on screen and in the CSV alike.
class CkaView : public InspectView
{
    Q_OBJECT
public:
    explicit CkaView(QWidget *parent = nullptr);
    ~CkaView() override;

    // Shows report->cka, or "Not available: <reason>" in its place. The picture: the heatmap with its colour
    // scale. The CSV: a header row layer,other_1,…,other_M, then one row per layer of this run.

    QString diagonalText() const;
    QCPColorMap *heatmap() const { return m_map; }
    QCustomPlot *plot() const { return m_plot; }

protected:
    void showReport() override;
    bool savePicture(const QString &path, QString *error) override;
    QString page() const override;
    void followPalette() override;
    QString hoverAt(const QPointF &pos) const override;
    QString hoverHint() const override;

private:
    QString thisRun() const;
    QString otherRun() const;

    QCustomPlot *m_plot;
    QLabel *m_diagonal;
    QCPTextElement *m_title;
    QCPColorScale *m_colourScale;
    QCPColorMap *m_map = nullptr;
    std::vector<QCPItemText *> m_labels;
};

} // namespace gatefold::widgets
