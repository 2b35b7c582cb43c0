#pragma once

#include <QWidget>

#include <memory>
#include <vector>

class QCPColorMap;
class QCPColorScale;
class QCPItemRect;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;
class QLabel;
class QMouseEvent;

namespace gatefold::report {
struct InspectReport;
}

namespace gatefold::widgets {

class PlotOrReason;

// Layer-by-layer linear CKA between this run and another (or itself): one
// heatmap, the layers of this run up the y axis and the other's along x, on a
// [0, 1] viridis scale, values printed while they fit and named on hover; the
// diagonal (same layer in both) outlined and listed under the map. Layers are
// numbered from 1, on screen and in the CSV alike.
class CkaView : public QWidget
{
    Q_OBJECT
public:
    explicit CkaView(QWidget *parent = nullptr);
    ~CkaView() override;

    // Shows report->cka, or "Not available: <reason>" in its place.
    void setReport(std::shared_ptr<const report::InspectReport> report);
    // The heatmap with its colour scale: .png, .svg or .pdf.
    bool exportImage(const QString &path, QString *error);
    // The matrix with a header row: layer,other_1,…,other_M, then one row per layer of this run.
    bool exportCsv(const QString &path, QString *error);

    bool isAvailable() const;   // the heatmap is shown, not a reason
    QString message() const;    // the text shown in its place
    QString hoverText() const;  // the cell under the mouse, as the status line says it
    QString diagonalText() const;
    QCPColorMap *heatmap() const { return m_map; }
    QCustomPlot *plot() const { return m_plot; }

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    QString thisRun() const;
    QString otherRun() const;
    void hover(QMouseEvent *event);
    void setHover(const QString &text);

    std::shared_ptr<const report::InspectReport> m_report;
    PlotOrReason *m_pages;  // the heatmap or the reason, and the status line
    QCustomPlot *m_plot;
    QLabel *m_diagonal;
    QCPTextElement *m_title;
    QCPColorScale *m_colourScale;
    QCPColorMap *m_map = nullptr;
    std::vector<QCPItemText *> m_labels;
};

} // namespace gatefold::widgets
