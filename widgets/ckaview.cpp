#include "ckaview.h"

#include "plotexport.h"
#include "plotorreason.h"
#include "plotstyle.h"
#include "qcp.h"

#include "report/inspectreport.h"

#include <QLabel>
#include <QToolTip>

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
    : QWidget(parent)
    , m_pages(new PlotOrReason(this))
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
    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);
    connect(m_plot, &QCustomPlot::mouseMove, this, &CkaView::hover);
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        if (m_map)
            plotstyle::fitCellLabels(m_labels, m_plot->axisRect(), m_map->data()->keySize(),
                                     m_map->data()->valueSize());
    });
    plotstyle::followPalette(m_plot, palette());

    m_pages->fillView(m_plot, m_diagonal);
    rebuild();
}

CkaView::~CkaView() = default;

void CkaView::setReport(std::shared_ptr<const report::InspectReport> report)
{
    m_report = std::move(report);
    rebuild();
}

bool CkaView::isAvailable() const
{
    return m_pages->isAvailable();
}

QString CkaView::message() const
{
    return m_pages->reason();
}

QString CkaView::hoverText() const
{
    return m_pages->hover();
}

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

void CkaView::rebuild()
{
    if (m_map)
        m_plot->removePlottable(m_map);
    m_map = nullptr;
    m_plot->clearItems();
    m_labels.clear();
    QString reason;
    if (!m_report) {
        reason = tr("Nothing inspected yet.");
    } else if (const auto skipped = m_report->skipped.find(QStringLiteral("cka")); skipped != m_report->skipped.end()) {
        reason = tr("Not available: %1").arg(skipped->second);
    } else if (!m_report->cka.isComplete()) {
        reason = tr("Not available: the report holds no CKA matrix.");
    }
    m_pages->setReason(reason);
    setHover({});
    if (!reason.isEmpty()) {
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

void CkaView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        plotstyle::followPalette(m_plot, palette());
}

bool CkaView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::Leave)
        setHover({});
    return QWidget::eventFilter(watched, event);
}

void CkaView::hover(QMouseEvent *event)
{
    const QPointF pos = event->position();
    if (m_map && m_plot->axisRect()->rect().contains(pos.toPoint())) {
        const int j = qRound(m_plot->xAxis->pixelToCoord(pos.x())) - 1;
        const int i = qRound(m_plot->yAxis->pixelToCoord(pos.y())) - 1;
        if (i >= 0 && j >= 0 && i < m_report->cka.rows && j < m_report->cka.cols) {
            const QString text = tr("layer %1 of %2 vs layer %3 of %4: %5")
                                     .arg(i + 1)
                                     .arg(thisRun())
                                     .arg(j + 1)
                                     .arg(otherRun())
                                     .arg(QString::number(m_map->data()->cell(j, i), 'f', 4));
            setHover(text);
            QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
            return;
        }
    }
    setHover({});
}

void CkaView::setHover(const QString &text)
{
    m_pages->setHover(text, tr("Point at a cell to read its value."));
}

bool CkaView::exportImage(const QString &path, QString *error)
{
    if (!m_pages->canExport(error))
        return false;
    const QSize size(std::max(m_plot->width(), 480), std::max(m_plot->height(), 400));
    return plotexport::saveImage(path, size, {{m_plot, QRect(QPoint(0, 0), size)}}, palette().color(QPalette::Base),
                                 error);
}

bool CkaView::exportCsv(const QString &path, QString *error)
{
    if (!m_pages->canExport(error))
        return false;
    const report::Matrix &cka = m_report->cka;
    QStringList header = {QStringLiteral("layer")};
    for (int j = 0; j < cka.cols; ++j)
        header << QStringLiteral("other_%1").arg(j + 1);
    QString csv = plotexport::row(header);
    for (int i = 0; i < cka.rows; ++i) {
        QStringList fields = {QString::number(i + 1)};
        for (int j = 0; j < cka.cols; ++j)
            fields << plotexport::number(cka.at(i, j));
        csv += plotexport::row(fields);
    }
    return plotexport::saveCsv(path, csv, error);
}

} // namespace gatefold::widgets
