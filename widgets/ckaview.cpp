#include "ckaview.h"

#include "plotorreason.h"
#include "plotstyle.h"
#include "qcp.h"

#include "report/inspectreport.h"

#include <QLabel>

#include <algorithm>

namespace gatefold::widgets {
namespace {

constexpr int kCkaLabelsUpTo = 16;  // values printed in the cells (while they fit) up to this many layers

void setUpAxis(QCPAxis *axis, int n)
{
    axis->setTicker(plotstyle::integerTicker(n));
    axis->setRange(0.5, n + 0.5);
    axis->grid()->setVisible(false);
    axis->setSubTicks(false);
    axis->setTickLength(0, 3);
}

} // namespace

CkaView::CkaView(QWidget *parent)
    : InspectView(parent)
    , m_plot(new QCustomPlot(this))
    , m_diagonal(new QLabel(this))
    , m_title(new QCPTextElement(m_plot))
    , m_colourScale(new QCPColorScale(m_plot))
{
    m_diagonal->setObjectName(QStringLiteral("diagonal"));
    m_diagonal->setWordWrap(true);
    m_diagonal->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // Title above, the map, its colour scale to the right at the map's height.
    QFont titleFont = font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_title);
    m_plot->plotLayout()->addElement(1, 1, m_colourScale);
    m_colourScale->setType(QCPAxis::atRight);
    m_colourScale->setBarWidth(14);
    m_colourScale->setLabel(tr("linear CKA"));
    m_colourScale->setGradient(plotstyle::viridis());
    m_colourScale->setDataRange(QCPRange(0, 1));
    auto *margins = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    m_colourScale->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    for (QCPAxis *frame : {m_plot->xAxis2, m_plot->yAxis2}) {
        frame->setVisible(true);
        frame->setTicks(false);
        frame->setTickLabels(false);
    }
    trackHover(m_plot);
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        if (m_map)
            plotstyle::fitCellLabels(m_labels, m_plot->axisRect(), m_map->data()->keySize(),
                                     m_map->data()->valueSize());
    });
    plotstyle::followPalette(m_plot, palette());

    pages()->fillView(m_plot, m_diagonal);
    showReport();
}

CkaView::~CkaView() = default;

QString CkaView::diagonalText() const
{
    return m_diagonal->text();
}

QString CkaView::thisRun() const
{
    return tr("run %1 (%2)").arg(m_report->runId).arg(m_report->checkpoint);
}

QString CkaView::otherRun() const
{
    return m_report->ckaAgainst.isEmpty() ? thisRun() : m_report->ckaAgainst;
}

void CkaView::showReport()
{
    if (m_map)
        m_plot->removePlottable(m_map);
    m_map = nullptr;
    m_plot->clearItems();
    m_labels.clear();
    QString reason = skippedReason(QStringLiteral("cka"));
    if (reason.isEmpty() && !m_report->cka.isComplete())
        reason = tr("Not available: the report holds no CKA matrix.");
    if (!showReason(reason)) {
        m_diagonal->clear();
        m_plot->replot();
        return;
    }

    const report::Matrix &cka = m_report->cka;
    m_title->setText(tr("Linear CKA: %1 vs %2").arg(thisRun(), otherRun()));
    m_plot->xAxis->setLabel(tr("layer of %1").arg(otherRun()));
    m_plot->yAxis->setLabel(tr("layer of %1").arg(thisRun()));
    setUpAxis(m_plot->xAxis, cka.cols);
    setUpAxis(m_plot->yAxis, cka.rows);
    m_plot->xAxis2->setRange(m_plot->xAxis->range());
    m_plot->yAxis2->setRange(m_plot->yAxis->range());

    // Key (x) = the other run's layer j, value (y) = this run's layer i, layer 1 at the origin.
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    plotstyle::setCells(m_map->data(), cka.cols, cka.rows);
    for (int i = 0; i < cka.rows; ++i)
        for (int j = 0; j < cka.cols; ++j)
            m_map->data()->setCell(j, i, cka.at(i, j));
    m_map->setColorScale(m_colourScale);  // takes the scale's gradient and [0, 1]

    QCPColorGradient gradient = plotstyle::viridis();
    const QCPRange range(0, 1);
    auto textOn = [&](double value) { return plotstyle::textOn(QColor::fromRgb(gradient.color(value, range))); };
    if (std::max(cka.rows, cka.cols) <= kCkaLabelsUpTo) {
        QFont cellFont = font();
        if (cellFont.pointSizeF() > 0)
            cellFont.setPointSizeF(cellFont.pointSizeF() * 0.85);
        for (int i = 0; i < cka.rows; ++i)
            for (int j = 0; j < cka.cols; ++j) {
                auto *label = new QCPItemText(m_plot);
                label->setClipAxisRect(m_plot->axisRect());
                label->position->setCoords(j + 1, i + 1);
                label->setFont(cellFont);
                label->setText(plotstyle::cellText(cka.at(i, j)));
                label->setColor(textOn(cka.at(i, j)));
                m_labels.push_back(label);
            }
    }
    QStringList diagonal;
    for (int i = 0; i < std::min(cka.rows, cka.cols); ++i) {
        auto *outline = new QCPItemRect(m_plot);
        outline->setClipAxisRect(m_plot->axisRect());
        outline->topLeft->setCoords(i + 0.5, i + 0.5);
        outline->bottomRight->setCoords(i + 1.5, i + 1.5);
        outline->setPen(QPen(textOn(cka.at(i, i)), 1.5));
        outline->setBrush(Qt::NoBrush);
        // Each "layer: value" kept on one line when the list wraps.
        diagonal << tr("%1: %2").arg(i + 1).arg(QString::number(cka.at(i, i), 'f', 3)).replace(QLatin1Char(' '), QChar::Nbsp);
    }
    m_diagonal->setText(tr("Diagonal (layer i of both): %1").arg(diagonal.join(QStringLiteral(" · "))));
    plotstyle::followPalette(m_plot, palette());
    m_plot->replot();
}

void CkaView::followPalette()
{
    plotstyle::followPalette(m_plot, palette());
}

QString CkaView::hoverAt(const QPointF &pos) const
{
    if (!m_map || !m_plot->axisRect()->rect().contains(pos.toPoint()))
        return {};
    const int j = qRound(m_plot->xAxis->pixelToCoord(pos.x())) - 1;
    const int i = qRound(m_plot->yAxis->pixelToCoord(pos.y())) - 1;
    if (i < 0 || j < 0 || i >= m_report->cka.rows || j >= m_report->cka.cols)
        return {};
    return tr("layer %1 of %2 vs layer %3 of %4: %5")
        .arg(i + 1)
        .arg(thisRun())
        .arg(j + 1)
        .arg(otherRun())
        .arg(QString::number(m_map->data()->cell(j, i), 'f', 4));
}

QString CkaView::hoverHint() const
{
    return tr("Point at a cell to read its value.");
}

bool CkaView::savePicture(const QString &path, QString *error)
{
    return savePlot(path, m_plot, QSize(480, 400), error);
}

QString CkaView::page() const
{
    return QStringLiteral("cka");
}

} // namespace gatefold::widgets
