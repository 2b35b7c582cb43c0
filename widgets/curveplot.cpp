#include "curveplot.h"

#include "downsample.h"
#include "filedialogs.h"
#include "qcp.h"
#include "smoothing.h"

#include "tables/tablewriters.h"

#include <QFileInfo>
#include <QMouseEvent>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace gatefold::widgets {
namespace {

constexpr size_t kRawCurvesUpTo = 8;

} // namespace

QColor CurvePlot::colourAt(int i)
{
    static const QColor colours[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                                     QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                     QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22),
                                     QColor(0x17, 0xbe, 0xcf)};
    return colours[i % 10];
}

CurvePlot::CurvePlot(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->xAxis->setLabel(tr("step"));
    // The legend in a row of its own below the axes: it never covers a curve.
    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(font());
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setMargins(QMargins(4, 2, 4, 2));
    // The crosshair on the buffered overlay layer: a mouse move repaints it alone, not every curve.
    m_cross = new QCPItemStraightLine(m_plot);
    m_readout = new QCPItemText(m_plot);
    for (QCPAbstractItem *item : {static_cast<QCPAbstractItem *>(m_cross), static_cast<QCPAbstractItem *>(m_readout)}) {
        item->setLayer(QStringLiteral("overlay"));
        item->setVisible(false);
        item->setSelectable(false);
    }
    m_readout->position->setType(QCPItemPosition::ptAbsolute);
    m_readout->setPadding(QMargins(5, 3, 5, 3));
    m_readout->setTextAlignment(Qt::AlignLeft);
    m_missing = new QCPItemText(m_plot);
    m_missing->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_missing->position->setCoords(0.5, 0.03);
    m_missing->setPositionAlignment(Qt::AlignTop | Qt::AlignHCenter);
    m_missing->setPadding(QMargins(6, 3, 6, 3));
    m_missing->setVisible(false);
    m_missing->setSelectable(false);
    m_plot->installEventFilter(this);
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent *e) { moveCrosshair(e->position().x()); });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] { fitView(); });
    m_plot->setNoAntialiasingOnDrag(true);
    // Polylines in one call instead of a path per segment: many times faster with 2 px pens (bench_gui).
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    followPalette();
    // Zoom and pan redraw only what a pixel column can show (downsample.h).
    connect(m_plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, [this] { resampleAll(); });
}

void CurvePlot::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followPalette();
}

void CurvePlot::followPalette()
{
    const QPalette p = palette();
    const QColor text = p.color(QPalette::Text), base = p.color(QPalette::Base);
    QColor grid = text;
    grid.setAlpha(40);
    m_plot->setBackground(base);
    for (QCPAxis *axis : {m_plot->xAxis, m_plot->yAxis, m_plot->xAxis2, m_plot->yAxis2}) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
    }
    m_plot->legend->setBrush(base);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setBorderPen(Qt::NoPen);
    QColor panel = base;
    panel.setAlpha(230);
    for (QCPItemText *label : {m_readout, m_missing}) {
        label->setBrush(panel);
        label->setPen(QPen(grid));
        label->setColor(text);
    }
    m_cross->setPen(QPen(text, 1, Qt::DashLine));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CurvePlot::setMetricLabel(const QString &label)
{
    m_plot->yAxis->setLabel(label);
    m_plot->replot();
}

void CurvePlot::setXLabel(const QString &label)
{
    m_plot->xAxis->setLabel(label);
}

QString CurvePlot::label(qint64 runId) const
{
    const auto it = m_curves.find(runId);
    return it == m_curves.end() ? QString() : it->second.smooth->name();
}

void CurvePlot::setRun(qint64 runId, const QString &label, const std::vector<double> &steps,
                       const std::vector<double> &values)
{
    auto it = m_curves.find(runId);
    if (it == m_curves.end()) {
        Curve c;
        c.colour = colourAt(m_nextColour++);
        c.raw = m_plot->addGraph();
        c.smooth = m_plot->addGraph();
        QColor faint = c.colour;
        faint.setAlphaF(0.25);
        c.raw->setPen(QPen(faint, 1));
        c.raw->setAntialiased(false);  // faint context: sharpness does not matter, speed does
        c.smooth->setPen(QPen(c.colour, 2));
        c.raw->removeFromLegend();
        it = m_curves.emplace(runId, c).first;
    }
    Curve &c = it->second;
    c.label = label;
    c.smooth->setName(label);
    c.steps = steps;
    c.values = values;
    redraw(c);
    rescale();
}

void CurvePlot::appendPoint(qint64 runId, double step, double value)
{
    appendPoints(runId, {step}, {value});
}

void CurvePlot::appendPoints(qint64 runId, const std::vector<double> &steps, const std::vector<double> &values)
{
    auto it = m_curves.find(runId);
    if (it == m_curves.end() || steps.empty())
        return;
    Curve &c = it->second;
    c.steps.insert(c.steps.end(), steps.begin(), steps.end());
    c.values.insert(c.values.end(), values.begin(), values.end());
    redraw(c);  // once per report, not per point: smoothing and the pyramid cover the whole series
    rescale();
}

void CurvePlot::removeRun(qint64 runId)
{
    auto it = m_curves.find(runId);
    if (it == m_curves.end())
        return;
    m_plot->removeGraph(it->second.raw);
    m_plot->removeGraph(it->second.smooth);
    m_curves.erase(it);
    showMissing();
    m_plot->replot();
}

void CurvePlot::clear()
{
    m_plot->clearGraphs();
    m_curves.clear();
    m_bands.clear();
    m_nextColour = 0;
    m_cross->setVisible(false);
    m_readout->setVisible(false);
    showMissing();
    m_plot->replot();
}

void CurvePlot::setSmoothing(double weight)
{
    m_smoothing = std::clamp(weight, 0.0, 0.999);
    for (auto &[id, c] : m_curves)
        redraw(c);
    m_plot->replot();
}

void CurvePlot::setLogScale(bool on)
{
    m_plot->yAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (on)
        m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    else
        m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    rescale();
}

std::vector<double> CurvePlot::smoothed(qint64 runId) const
{
    const auto it = m_curves.find(runId);
    return it == m_curves.end() ? std::vector<double>{} : it->second.smoothValues;
}

void CurvePlot::setSmoothingMode(SmoothingMode mode)
{
    m_mode = mode;
    for (auto &[id, c] : m_curves)
        redraw(c);
    m_plot->replot();
}

bool CurvePlot::isEvaluationMetric(const QString &key)
{
    return key.startsWith(QLatin1String("val/")) || key.startsWith(QLatin1String("val_ema/"));
}

void CurvePlot::setMeasuredPoints(bool on)
{
    if (m_measured == on)
        return;
    m_measured = on;
    for (auto &[id, c] : m_curves)
        redraw(c);
    rescale();
    m_plot->replot();
}

// Whether the faint raw lines are drawn under the smoothed ones.
bool CurvePlot::showsRawLines() const
{
    return !m_measured && m_smoothing > 0 && m_curves.size() <= kRawCurvesUpTo;
}

void CurvePlot::redraw(Curve &c)
{
    if (m_measured)
        c.smoothValues = c.values;
    else
        c.smoothValues = m_mode == SmoothingMode::Ema
            ? debiasedEma(c.values, m_smoothing)
            : movingAverage(c.values, std::max(1, int(std::lround(100 * m_smoothing))));
    c.rawLevels.build(c.values);
    c.smoothLevels.build(c.smoothValues);
    c.raw->setVisible(showsRawLines());
    // Measured points are marked; so is a single point, which draws no line.
    c.smooth->setScatterStyle(m_measured || c.values.size() == 1 ? QCPScatterStyle(QCPScatterStyle::ssDisc, 7)
                                                                 : QCPScatterStyle(QCPScatterStyle::ssNone));
    if (m_batch == 0)
        resample(c);
}

void CurvePlot::resample(Curve &c)
{
    const QCPRange range = m_plot->xAxis->range();
    // Three pixel columns per bucket: up to 4 points per bucket — still every extreme, and what a 2 px line can show.
    const int buckets = std::max(50, m_plot->axisRect()->width() / 3);
    std::vector<double> x, y;
    auto draw = [&](QCPGraph *graph, const std::vector<double> &values, const MinMaxPyramid &levels) {
        levels.sample(c.steps, values, range.lower, range.upper, buckets, &x, &y);
        if (m_scale != 1.0)
            for (double &v : y)
                v *= m_scale;
        graph->setData(QVector<double>(x.begin(), x.end()), QVector<double>(y.begin(), y.end()), true);
    };
    if (c.raw->visible())
        draw(c.raw, c.values, c.rawLevels);
    draw(c.smooth, c.smoothValues, c.smoothLevels);
}

void CurvePlot::resampleAll()
{
    for (auto &[id, c] : m_curves)
        resample(c);
}

int CurvePlot::drawnPoints(qint64 runId) const
{
    const auto it = m_curves.find(runId);
    return it == m_curves.end() ? 0 : it->second.smooth->dataCount();
}

void CurvePlot::endUpdate()
{
    if (m_batch > 0 && --m_batch == 0)
        rescale();
}

void CurvePlot::rescale()
{
    if (m_batch > 0)
        return;
    // Many curves: the smoothed lines only (the faint raw ones would be clutter, and double the drawing).
    const bool raw = showsRawLines();
    for (auto &[id, c] : m_curves)
        c.raw->setVisible(raw);
    // The full extent of every curve (the drawn points are only a sample of the visible range).
    bool any = false;
    QCPRange xr, yr;
    const bool log = m_plot->yAxis->scaleType() == QCPAxis::stLogarithmic;
    for (const auto &[id, c] : m_curves)
        for (size_t i = 0; i < c.steps.size(); ++i) {
            if (log && c.values[i] <= 0)
                continue;
            if (!any) {
                xr = QCPRange(c.steps[i], c.steps[i]);
                yr = QCPRange(c.values[i], c.values[i]);
                any = true;
            }
            xr.expand(c.steps[i]);
            yr.expand(c.values[i]);
        }
    for (const Band &band : m_bands)  // the band's edges count too
        for (const auto *edge : {&band.low, &band.high})
            for (size_t i = 0; i < band.x.size(); ++i)
                if (!log || (*edge)[i] > 0) {
                    if (!any) {
                        xr = QCPRange(band.x[i], band.x[i]);
                        yr = QCPRange((*edge)[i], (*edge)[i]);
                        any = true;
                    }
                    xr.expand(band.x[i]);
                    yr.expand((*edge)[i]);
                }
    yr = QCPRange(yr.lower * m_scale, yr.upper * m_scale);
    if (any) {
        if (yr.size() == 0)
            yr = QCPRange(yr.lower - 0.5, yr.upper + 0.5);
        if (xr.size() == 0)  // one step (e.g. one evaluation): a zero-width range would be refused
            xr = QCPRange(xr.lower - 1, xr.upper + 1);
        const double pad = log ? 0 : yr.size() * 0.05;
        m_plot->yAxis->setRange(yr.lower - pad, yr.upper + pad);
        m_plot->xAxis->setRange(xr);  // resamples through rangeChanged
    }
    resampleAll();
    showMissing();
    fitLegend();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CurvePlot::setValueScale(double factor, const QString &unit)
{
    m_scale = factor;
    QString label = m_plot->yAxis->label().section(QStringLiteral(" ("), 0, 0);
    if (!unit.isEmpty())
        label += QStringLiteral(" (%1)").arg(unit);
    m_plot->yAxis->setLabel(label);
    for (Band &band : m_bands)
        drawBand(band);
    rescale();
}

void CurvePlot::fitView()
{
    rescale();
    m_plot->replot();
}

} // namespace gatefold::widgets
