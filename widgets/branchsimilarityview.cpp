#include "branchsimilarityview.h"

#include "plotexport.h"
#include "plotorreason.h"
#include "plotstyle.h"
#include "qcp.h"

#include "report/inspectreport.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace gatefold::widgets {
namespace {

using report::BranchLayer;
using report::Matrix;

// The matrices of one quantity, in their columns' order (attention, MLP; qk, vo, fc1, fc2).
struct Module {
    const Matrix BranchLayer::*matrix;
};
const Module kFeatures[] = {{&BranchLayer::attentionFeatures}, {&BranchLayer::mlpFeatures}};
const Module kWeights[] = {{&BranchLayer::qk}, {&BranchLayer::vo}, {&BranchLayer::fc1}, {&BranchLayer::fc2}};

const Module &module(BranchSimilarityView::Quantity quantity, int column)
{
    return quantity == BranchSimilarityView::Quantity::Features ? kFeatures[column] : kWeights[column];
}

int moduleCount(BranchSimilarityView::Quantity quantity)
{
    return quantity == BranchSimilarityView::Quantity::Features ? int(std::size(kFeatures)) : int(std::size(kWeights));
}

bool usableSquare(const Matrix &m)
{
    return m.isComplete() && m.rows == m.cols;
}

constexpr int kBranchLabelsUpTo = 8;      // values printed in the cells up to n × n
constexpr int kScaleWidth = 100;    // the colour scale beside the grid
constexpr int kScaleHeight = 360;

// Cells centred on 1 … n, branch 1 at the top left as in a matrix.
void setUpAxes(QCPAxisRect *rect, int n)
{
    const QSharedPointer<QCPAxisTicker> ticker = plotstyle::integerTicker(n);
    for (QCPAxis *axis : rect->axes()) {
        axis->setRange(0.5, n + 0.5);
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
        axis->setTicker(ticker);
        axis->setTickLength(0, 3);
    }
    rect->axis(QCPAxis::atLeft)->setRangeReversed(true);
    rect->axis(QCPAxis::atRight)->setRangeReversed(true);
    for (QCPAxis *frame : {rect->axis(QCPAxis::atTop), rect->axis(QCPAxis::atRight)}) {
        frame->setVisible(true);
        frame->setTicks(false);
        frame->setTickLabels(false);
    }
}

} // namespace

BranchSimilarityView::BranchSimilarityView(QWidget *parent)
    : InspectView(parent)
    , m_quantityButtons(new QButtonGroup(this))
    , m_scaleButtons(new QButtonGroup(this))
    , m_scroll(new QScrollArea(this))
    , m_plot(new QCustomPlot)
    , m_scalePlot(new QCustomPlot(this))
    , m_colourScale(new QCPColorScale(m_scalePlot))
{
    auto *bar = new QHBoxLayout;
    auto addButton = [&](QButtonGroup *group, int id, const QString &text, const char *name, const QString &tip) {
        auto *button = new QToolButton(this);
        button->setText(text);
        button->setObjectName(QLatin1String(name));
        button->setToolTip(tip);
        button->setCheckable(true);
        group->addButton(button, id);
        bar->addWidget(button);
    };
    addButton(m_quantityButtons, int(Quantity::Features), tr("Features"), "featuresButton",
              tr("Mean cosine similarity of the branches' attention and FFN outputs"));
    addButton(m_quantityButtons, int(Quantity::Weights), tr("Weights"), "weightsButton",
              tr("Cosine similarity of the branches' weights: Q·Kᵀ and V·O per head, fc1, fc2"));
    bar->addSpacing(fontMetrics().averageCharWidth() * 2);
    addButton(m_scaleButtons, int(Scale::Signed), QStringLiteral("−1 … 1"), "signedButton",
              tr("Colour scale from −1 to 1, white at 0"));
    addButton(m_scaleButtons, int(Scale::Unit), QStringLiteral("0 … 1"), "unitButton",
              tr("Colour scale from 0 to 1 (lower values in its darkest colour)"));
    bar->addSpacing(fontMetrics().averageCharWidth() * 2);
    pages()->statusLine()->setMinimumWidth(0);
    bar->addWidget(pages()->statusLine(), 1);
    m_quantityButtons->button(int(m_quantity))->setChecked(true);
    m_scaleButtons->button(int(m_scale))->setChecked(true);
    connect(m_quantityButtons, &QButtonGroup::idClicked, this, [this](int id) { setQuantity(Quantity(id)); });
    connect(m_scaleButtons, &QButtonGroup::idClicked, this, [this](int id) { setScale(Scale(id)); });

    // The grid scrolls; the colour scale beside it stays.
    m_scroll->setWidget(m_plot);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setBackgroundRole(QPalette::Base);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->installEventFilter(this);
    trackHover(m_plot);
    // Also on export, which lays the grid out at the picture's size.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        for (const Cell &cell : m_cells)
            plotstyle::fitCellLabels(cell.labels, cell.rect, cell.n, cell.n);
    });

    m_scalePlot->plotLayout()->clear();
    m_scalePlot->plotLayout()->addElement(0, 0, m_colourScale);
    // Room above and below the bar: QCustomPlot leaves out tick labels the viewport would cut (here ±1).
    const int line = fontMetrics().height();
    m_scalePlot->plotLayout()->setAutoMargins(QCP::msNone);
    m_scalePlot->plotLayout()->setMargins(QMargins(0, 2 * line, 0, line));
    m_colourScale->setType(QCPAxis::atRight);
    m_colourScale->setLabel(tr("cosine similarity"));
    m_colourScale->setBarWidth(14);
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);  // the ends labelled too
    ticker->setTickStep(0.5);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    m_colourScale->axis()->setTicker(ticker);
    m_scalePlot->setFixedWidth(kScaleWidth);
    m_scalePlot->setMinimumHeight(kScaleHeight / 2);
    m_scalePlot->setMaximumHeight(kScaleHeight);

    auto *page = new QWidget(this);
    page->setBackgroundRole(QPalette::Base);  // one surface with the plots
    page->setAutoFillBackground(true);
    auto *pageLayout = new QHBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->setSpacing(0);
    pageLayout->addWidget(m_scroll, 1);
    auto *scaleColumn = new QVBoxLayout;
    scaleColumn->addWidget(m_scalePlot, 1);  // up to its maximum height, the rest left empty below
    scaleColumn->addStretch(0);
    pageLayout->addLayout(scaleColumn);
    pages()->setPage(page);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(pages(), 1);
    showReport();
}

BranchSimilarityView::~BranchSimilarityView() = default;

void BranchSimilarityView::setQuantity(Quantity quantity)
{
    m_quantityButtons->button(int(quantity))->setChecked(true);
    if (quantity == m_quantity)
        return;
    m_quantity = quantity;
    showReport();
}

void BranchSimilarityView::setScale(Scale scale)
{
    m_scaleButtons->button(int(scale))->setChecked(true);
    if (scale == m_scale)
        return;
    m_scale = scale;
    applyScale();
    m_plot->replot();
}

int BranchSimilarityView::blockCount() const
{
    return m_cells.empty() ? 0 : m_cells.back().shownRow + 1;
}

int BranchSimilarityView::columnCount() const
{
    return moduleCount(m_quantity);
}

QCPColorMap *BranchSimilarityView::heatmap(int row, int column) const
{
    for (const Cell &cell : m_cells)
        if (cell.row == row && cell.column == column)
            return cell.map;
    return nullptr;
}

QString BranchSimilarityView::columnTitle(int column) const
{
    if (m_quantity == Quantity::Features)
        return column == 0 ? tr("attention") : tr("FFN");
    // Module names as in the paper and the code: not words to translate.
    static const QString names[] = {QStringLiteral("Q·Kᵀ"), QStringLiteral("V·O"), QStringLiteral("fc1"),
                                    QStringLiteral("fc2")};
    return names[column];
}

QString BranchSimilarityView::unavailableReason() const
{
    const QString skipped =
        skippedReason(m_quantity == Quantity::Features ? QStringLiteral("branches") : QStringLiteral("weights"));
    if (!skipped.isEmpty())
        return skipped;
    for (const BranchLayer &layer : m_report->branchLayers)
        for (int c = 0; c < columnCount(); ++c)
            if (usableSquare(layer.*(module(m_quantity, c).matrix)))
                return {};
    return m_quantity == Quantity::Features ? tr("Not available: the report holds no branch feature similarity.")
                                            : tr("Not available: the report holds no branch weight similarity.");
}

void BranchSimilarityView::showReport()
{
    m_cells.clear();
    m_plot->clearItems();
    m_plot->clearPlottables();
    m_plot->plotLayout()->clear();
    m_plot->plotLayout()->simplify();
    delete m_margins;
    m_margins = nullptr;
    if (!showReason(unavailableReason())) {
        m_plot->replot();
        return;
    }

    m_margins = new QCPMarginGroup(m_plot);
    QFont titleFont = font();
    titleFont.setBold(true);
    QFont cellFont = font();
    if (cellFont.pointSizeF() > 0)
        cellFont.setPointSizeF(cellFont.pointSizeF() * 0.85);
    int shown = 0;
    for (int r = 0; r < int(m_report->branchLayers.size()); ++r) {
        const BranchLayer &layer = m_report->branchLayers[size_t(r)];
        // A block with nothing of this quantity (a single-branch block among parallel ones) gets no row.
        bool any = false;
        for (int c = 0; c < columnCount(); ++c)
            any = any || usableSquare(layer.*(module(m_quantity, c).matrix));
        if (!any)
            continue;
        for (int c = 0; c < columnCount(); ++c) {
            auto *title = new QCPTextElement(m_plot, tr("block %1 · %2").arg(layer.block + 1).arg(columnTitle(c)),
                                             titleFont);
            m_plot->plotLayout()->addElement(2 * shown, c, title);
            title->setMarginGroup(QCP::msLeft | QCP::msRight, m_margins);  // centred over the heatmap, not its axis
            auto *rect = new QCPAxisRect(m_plot);
            m_plot->plotLayout()->addElement(2 * shown + 1, c, rect);
            rect->setMarginGroup(QCP::msAll, m_margins);
            rect->axis(QCPAxis::atBottom)->setLabel(tr("branch"));
            rect->axis(QCPAxis::atLeft)->setLabel(tr("branch"));
            Cell cell;
            cell.rect = rect;
            cell.row = r;
            cell.shownRow = shown;
            cell.column = c;
            const Matrix &m = layer.*(module(m_quantity, c).matrix);
            cell.n = usableSquare(m) ? m.rows : 0;
            setUpAxes(rect, std::max(cell.n, 1));
            if (cell.n > 0) {
                // Key (x) = column j, value (y) = row i: the cell at (j, i) holds m(i, j).
                cell.map = new QCPColorMap(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
                cell.map->setInterpolate(false);
                plotstyle::setCells(cell.map->data(), cell.n, cell.n);
                for (int i = 0; i < cell.n; ++i)
                    for (int j = 0; j < cell.n; ++j)
                        cell.map->data()->setCell(j, i, m.at(i, j));
                if (cell.n <= kBranchLabelsUpTo)
                    for (int i = 0; i < cell.n; ++i)
                        for (int j = 0; j < cell.n; ++j) {
                            auto *label = new QCPItemText(m_plot);
                            label->setClipAxisRect(rect);
                            label->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
                            label->position->setCoords(j + 1, i + 1);
                            label->setFont(cellFont);
                            label->setText(plotstyle::cellText(m.at(i, j)));
                            cell.labels.push_back(label);
                        }
            }
            m_cells.push_back(cell);
        }
        ++shown;
    }
    applyScale();
    plotstyle::followPalette(m_plot, palette());
    fitHeight();
    m_plot->replot();
}

void BranchSimilarityView::applyScale()
{
    const QCPColorGradient gradient = m_scale == Scale::Signed ? plotstyle::diverging() : plotstyle::viridis();
    const QCPRange range = m_scale == Scale::Signed ? QCPRange(-1, 1) : QCPRange(0, 1);
    m_colourScale->setGradient(gradient);
    m_colourScale->setDataRange(range);
    m_scalePlot->replot();
    QCPColorGradient lookup = gradient;  // color() is not const in QCustomPlot 2.1
    for (const Cell &cell : m_cells) {
        if (!cell.map)
            continue;
        cell.map->setGradient(gradient);
        cell.map->setDataRange(range);
        for (QCPItemText *label : cell.labels) {
            const QPointF at = label->position->coords();
            const double value = cell.map->data()->cell(int(at.x()) - 1, int(at.y()) - 1);
            label->setColor(plotstyle::textOn(QColor::fromRgb(lookup.color(value, range))));
        }
    }
}

int BranchSimilarityView::rowHeight(int width) const
{
    // About square heatmaps: a column's width less the left axis (tick labels and "branch", about
    // 4 lines of text with the spacing), and below the title line the bottom axis (about 4 lines).
    const int line = QFontMetrics(font()).height();
    const int side = std::clamp(width / std::max(columnCount(), 1) - 4 * line, 110, 480);
    return side + 6 * line;
}

void BranchSimilarityView::fitHeight()
{
    // The width the grid gets with a scroll bar, shown or not, so that showing one does not change the height.
    const int width = m_scroll->width() - m_scroll->verticalScrollBar()->sizeHint().width();
    m_plot->setFixedHeight(std::max(blockCount() * rowHeight(width), 1));
}

bool BranchSimilarityView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_scroll && event->type() == QEvent::Resize)
        fitHeight();
    return InspectView::eventFilter(watched, event);
}

void BranchSimilarityView::followPalette()
{
    plotstyle::followPalette(m_plot, palette());
    plotstyle::followPalette(m_scalePlot, palette());
}

QString BranchSimilarityView::hoverAt(const QPointF &pos) const
{
    for (const Cell &cell : m_cells) {
        if (!cell.map || !cell.rect->rect().contains(pos.toPoint()))
            continue;
        const int j = qRound(cell.rect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x())) - 1;
        const int i = qRound(cell.rect->axis(QCPAxis::atLeft)->pixelToCoord(pos.y())) - 1;
        if (i < 0 || j < 0 || i >= cell.n || j >= cell.n)
            return {};
        const BranchLayer &layer = m_report->branchLayers[size_t(cell.row)];
        return tr("block %1, %2, branch %3 vs %4: %5")
            .arg(layer.block + 1)
            .arg(columnTitle(cell.column))
            .arg(i + 1)
            .arg(j + 1)
            .arg(QString::number(cell.map->data()->cell(j, i), 'f', 4));
    }
    return {};
}

QString BranchSimilarityView::hoverHint() const
{
    return tr("Point at a cell to read its value.");
}

QSize BranchSimilarityView::imageSize() const
{
    const int width = std::max(m_plot->width(), 180 * columnCount());
    return QSize(width, blockCount() * rowHeight(width));
}

bool BranchSimilarityView::savePicture(const QString &path, QString *error)
{
    const QSize grid = imageSize();
    const std::vector<plotexport::Tile> tiles = {
        {m_plot, QRect(QPoint(0, 0), grid)},
        {m_scalePlot, QRect(grid.width(), 0, kScaleWidth, std::min(grid.height(), kScaleHeight))}};
    return savePlots(path, QSize(grid.width() + kScaleWidth, grid.height()), tiles, error);
}

QString BranchSimilarityView::page() const
{
    return QStringLiteral("branches");
}

} // namespace gatefold::widgets
