#pragma once

#include "inspectview.h"

#include <memory>
#include <vector>

class QButtonGroup;
class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPItemText;
class QCPMarginGroup;
class QCustomPlot;
class QScrollArea;

namespace gatefold::widgets {

// Branch similarity of a joining run's parallel blocks (joining paper
// Figs. 4–6): one row of n × n heatmaps per block, either the features (mean
// cosine similarity of the branches' attention and FFN outputs) or the
// weights (Q·Kᵀ, V·O, fc1, fc2), all on one colour scale — [-1, 1] diverging
// or [0, 1] viridis. Values are printed in the cells while they fit (n ≤ 8)
// and named on hover; the grid scrolls when there are many blocks. Blocks
// and branches are numbered from 1, on screen and in the CSV alike.
class BranchSimilarityView : public InspectView
{
    Q_OBJECT
public:
    enum class Quantity { Features, Weights };
    enum class Scale { Signed, Unit };  // [-1, 1] diverging, [0, 1] viridis

    explicit BranchSimilarityView(QWidget *parent = nullptr);
    ~BranchSimilarityView() override;

    // Shows the report's branchLayers, or "Not available: <reason>" in their place. The picture: the whole
    // grid (every block, not just the visible ones) with its colour scale. The CSV: what is shown, one cell
    // per row, block,module,branch_a,branch_b,similarity.

    void setQuantity(Quantity quantity);
    Quantity quantity() const { return m_quantity; }
    void setScale(Scale scale);
    Scale scale() const { return m_scale; }

    int blockCount() const;         // rows of heatmaps: the blocks with a matrix of the shown quantity
    int columnCount() const;        // heatmaps per row: 2 (features) or 4 (weights)
    // The heatmap of branchLayers[row]; nullptr where the report has no such matrix.
    QCPColorMap *heatmap(int row, int column) const;
    QCustomPlot *plot() const { return m_plot; }
    QCPColorScale *colourScale() const { return m_colourScale; }

protected:
    void showReport() override;
    bool savePicture(const QString &path, QString *error) override;
    QString page() const override;
    void followPalette() override;
    QString hoverAt(const QPointF &pos) const override;
    QString hoverHint() const override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Cell {
        QCPAxisRect *rect = nullptr;
        QCPColorMap *map = nullptr;  // nullptr: no matrix
        int row = 0;                 // index into branchLayers
        int shownRow = 0;            // row of the grid
        int column = 0;
        int n = 0;
        std::vector<QCPItemText *> labels;
    };
    QString columnTitle(int column) const;
    void applyScale();
    void fitHeight();
    int rowHeight(int width) const;
    QSize imageSize() const;
    QString unavailableReason() const;

    Quantity m_quantity = Quantity::Features;
    Scale m_scale = Scale::Signed;
    QButtonGroup *m_quantityButtons;
    QButtonGroup *m_scaleButtons;
    QScrollArea *m_scroll;
    QCustomPlot *m_plot;
    QCustomPlot *m_scalePlot;
    QCPColorScale *m_colourScale;
    QCPMarginGroup *m_margins = nullptr;
    std::vector<Cell> m_cells;
};

} // namespace gatefold::widgets
