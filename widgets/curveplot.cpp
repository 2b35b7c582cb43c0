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
constexpr int kLegendUpTo = 16;  // more entries than this: the crosshair names them, the legend would bury the axes

// The last index whose x is at or before `x`, or -1.
long curveIndexAtOrBefore(const std::vector<double> &xs, double x)
{
    return long(std::upper_bound(xs.begin(), xs.end(), x) - xs.begin()) - 1;
}

QString csvNumber(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

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

int CurvePlot::setSeedBand(const QString &label, const std::vector<std::vector<double>> &steps,
                           const std::vector<std::vector<double>> &values)
{
    return steps.size() < 2 ? 0 : addBand(label, colourAt(m_nextColour++), steps, values);
}

int CurvePlot::addBand(const QString &label, const QColor &colour, const std::vector<std::vector<double>> &steps,
                       const std::vector<std::vector<double>> &values)
{
    if (steps.size() < 2)
        return 0;
    // The steps every run has (runs of one config log at the same steps).
    std::vector<double> common = steps[0];
    for (size_t r = 1; r < steps.size(); ++r) {
        std::vector<double> both;
        std::set_intersection(common.begin(), common.end(), steps[r].begin(), steps[r].end(), std::back_inserter(both));
        common.swap(both);
    }
    Band band;
    band.label = label;
    band.colour = colour;
    for (double step : common) {
        double sum = 0, sq = 0;
        for (size_t r = 0; r < steps.size(); ++r) {
            const size_t i = size_t(std::lower_bound(steps[r].begin(), steps[r].end(), step) - steps[r].begin());
            sum += values[r][i];
            sq += values[r][i] * values[r][i];
        }
        const double n = double(steps.size());
        const double m = sum / n;
        const double sd = std::sqrt(std::max(0.0, (sq - n * m * m) / (n - 1)));  // sample std over the seeds
        band.x.push_back(step);
        band.mean.push_back(m);
        band.low.push_back(m - sd);
        band.high.push_back(m + sd);
    }
    band.lowGraph = m_plot->addGraph();
    band.highGraph = m_plot->addGraph();
    band.meanGraph = m_plot->addGraph();
    QColor fill = colour;
    fill.setAlphaF(0.2);
    band.lowGraph->setPen(Qt::NoPen);
    band.highGraph->setPen(Qt::NoPen);
    band.highGraph->setBrush(fill);
    band.highGraph->setChannelFillGraph(band.lowGraph);
    band.lowGraph->removeFromLegend();
    band.highGraph->removeFromLegend();
    band.meanGraph->setPen(QPen(colour, 2.5));
    band.meanGraph->setName(label);
    drawBand(band);
    m_bands.push_back(band);
    rescale();
    return int(band.x.size());
}

void CurvePlot::drawBand(Band &band)
{
    QVector<double> x(band.x.begin(), band.x.end()), mean, low, high;
    for (size_t i = 0; i < band.x.size(); ++i) {
        mean << m_scale * band.mean[i];
        low << m_scale * band.low[i];
        high << m_scale * band.high[i];
    }
    band.meanGraph->setScatterStyle(m_measured ? QCPScatterStyle(QCPScatterStyle::ssDisc, 7)
                                               : QCPScatterStyle(QCPScatterStyle::ssNone));
    band.lowGraph->setData(x, low, true);
    band.highGraph->setData(x, high, true);
    band.meanGraph->setData(x, mean, true);
}

void CurvePlot::setRunColour(qint64 runId, const QColor &colour, bool member)
{
    const auto it = m_curves.find(runId);
    if (it == m_curves.end())
        return;
    Curve &c = it->second;
    c.colour = colour;
    c.member = member;
    QColor faint = colour;
    faint.setAlphaF(member ? 0.15 : 0.25);
    c.raw->setPen(QPen(faint, 1));
    QColor line = colour;
    if (member)
        line.setAlphaF(0.35);
    c.smooth->setPen(QPen(line, member ? 1 : 2));
    if (member)
        c.smooth->removeFromLegend();
    else
        c.smooth->addToLegend();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
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

bool CurvePlot::save(const QString &path, QString *error)
{
    if (!filedialogs::mayWrite(path, error))
        return false;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv")) {
        QSaveFile file(path);
        const QByteArray bytes = csv().toUtf8();
        const bool written = file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
        if (!written && error)
            *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return written;
    }
    // The widget's size as laid out (also when it was never shown), PNG at twice that for print.
    const int w = std::max(width(), 320), h = std::max(height(), 200);
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        ok = m_plot->savePng(path, w, h, 2.0);
    } else if (suffix == QLatin1String("pdf")) {
        ok = m_plot->savePdf(path, w, h);
    } else if (suffix == QLatin1String("svg")) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(QSize(w, h));
        svg.setViewBox(QRect(0, 0, w, h));
        QCPPainter painter;
        ok = painter.begin(&svg);
        if (ok) {
            m_plot->toPainter(&painter, w, h);
            painter.end();
        }
    } else {
        if (error)
            *error = tr("unknown format '%1'; use .png, .svg, .pdf or .csv").arg(suffix);
        return false;
    }
    if (!ok && error)
        *error = tr("cannot write %1").arg(path);
    return ok;
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

std::vector<CurvePlot::ReadoutRow> CurvePlot::readout(double x) const
{
    std::vector<ReadoutRow> rows;
    for (const auto &[id, c] : m_curves)
        if (!c.member)
            if (const long i = curveIndexAtOrBefore(c.steps, x); i >= 0)
                rows.push_back({c.label, c.steps[size_t(i)], c.smoothValues[size_t(i)]});
    for (const Band &band : m_bands)
        if (const long i = curveIndexAtOrBefore(band.x, x); i >= 0)
            rows.push_back({band.label, band.x[size_t(i)], band.mean[size_t(i)]});
    return rows;
}

QString CurvePlot::readoutText() const
{
    return m_readout->visible() ? m_readout->text() : QString();
}

void CurvePlot::moveCrosshair(double pixelX)
{
    QCPAxisRect *rect = m_plot->axisRect();
    // The axis rect's edges inclusive (the last x lies on the right edge, one past QRect::right()).
    const bool inside = pixelX >= rect->left() - 1 && pixelX <= rect->left() + rect->width() + 1
        && (!m_curves.empty() || !m_bands.empty());
    m_cross->setVisible(inside);
    m_readout->setVisible(inside);
    if (inside) {
        const double x = m_plot->xAxis->pixelToCoord(pixelX);
        m_cross->point1->setCoords(x, 0);
        m_cross->point2->setCoords(x, 1);
        QStringList lines{QStringLiteral("%1 = %2").arg(m_plot->xAxis->label(), QString::number(x, 'g', 6))};
        const bool percent = m_scale == 100.0;
        for (const ReadoutRow &row : readout(x))
            lines << QStringLiteral("%1: %2").arg(row.label, percent ? QStringLiteral("%1 %").arg(100 * row.value, 0, 'f', 2)
                                                                      : QString::number(row.value, 'g', 5));
        if (lines.size() == 1)
            lines << tr("no point at or before this x");
        m_readout->setText(lines.join(QLatin1Char('\n')));
        const bool right = pixelX < rect->center().x();
        m_readout->setPositionAlignment(Qt::AlignTop | (right ? Qt::AlignLeft : Qt::AlignRight));
        m_readout->position->setCoords(pixelX + (right ? 8 : -8), rect->top() + 4);
    }
    m_plot->layer(QStringLiteral("overlay"))->replot();
}

bool CurvePlot::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::Leave && m_cross->visible()) {
        m_cross->setVisible(false);
        m_readout->setVisible(false);
        m_plot->layer(QStringLiteral("overlay"))->replot();
    } else if (watched == m_plot && event->type() == QEvent::Resize) {
        fitLegend();
    }
    return QWidget::eventFilter(watched, event);
}

QString CurvePlot::missingText() const
{
    return m_missing->visible() ? m_missing->text() : QString();
}

// The shown runs without a point of the metric, named in the axes.
void CurvePlot::showMissing()
{
    if (m_curves.empty() && m_bands.empty()) {  // nothing selected: say how to get curves, not an empty grid
        m_missing->setText(tr("Select runs in the browser to see their curves (Ctrl+click for several)."));
        m_missing->setVisible(true);
        m_plot->xAxis->setRange(0, 1);
        m_plot->yAxis->setRange(0, 1);
        return;
    }
    QStringList names;
    for (const auto &[id, c] : m_curves)
        if (c.values.empty())
            names << c.label.section(QStringLiteral(" ("), 0, 0);
    m_missing->setVisible(!names.isEmpty());
    const bool one = names.size() == 1;
    if (names.size() > 6)
        names = names.mid(0, 6) << QStringLiteral("…");
    m_missing->setText((one ? tr("no data for this run: %1") : tr("no data for these runs: %1"))
                           .arg(names.join(QStringLiteral(", "))));
}

// Up to kLegendUpTo entries, in as many columns as the width holds; more: none (the crosshair names them).
void CurvePlot::fitLegend()
{
    int entries = int(m_bands.size());
    for (const auto &[id, c] : m_curves)
        entries += c.member ? 0 : 1;
    const bool shown = entries > 0 && entries <= kLegendUpTo;
    for (auto &[id, c] : m_curves)
        if (shown && !c.member)
            c.smooth->addToLegend();
        else
            c.smooth->removeFromLegend();
    for (Band &band : m_bands)
        if (shown)
            band.meanGraph->addToLegend();
        else
            band.meanGraph->removeFromLegend();
    // Out of the layout while hidden: a hidden element still holds its cell's minimum size.
    QCPLayoutGrid *layout = m_plot->plotLayout();
    const bool placed = layout->rowCount() > 1 && layout->element(1, 0) == m_plot->legend;
    if (shown && !placed) {
        layout->addElement(1, 0, m_plot->legend);
        layout->setRowStretchFactor(1, 0.001);
    } else if (!shown && placed) {
        layout->take(m_plot->legend);
        layout->simplify();
    }
    m_plot->legend->setVisible(shown);
    // As many columns as the widest entry allows (its icon and padding: about 50 px).
    const QFontMetrics metrics(m_plot->legend->font());
    int widest = 1;
    for (const auto &[id, c] : m_curves)
        widest = std::max(widest, c.member ? 0 : metrics.horizontalAdvance(c.label));
    for (const Band &band : m_bands)
        widest = std::max(widest, metrics.horizontalAdvance(band.label));
    m_plot->legend->setWrap(std::clamp(m_plot->width() / (widest + 50), 1, 6));
}

QString CurvePlot::csv() const
{
    using tables::csvField;
    QString out = QStringLiteral("series,%1,raw,smoothed,band_mean,band_low,band_high\n").arg(csvField(m_plot->xAxis->label()));
    for (const auto &[id, c] : m_curves)
        for (size_t i = 0; i < c.steps.size(); ++i)
            out += QStringLiteral("%1,%2,%3,%4,,,\n")
                       .arg(csvField(c.label), csvNumber(c.steps[i]), csvNumber(c.values[i]), csvNumber(c.smoothValues[i]));
    for (const Band &band : m_bands)
        for (size_t i = 0; i < band.x.size(); ++i)
            out += QStringLiteral("%1,%2,,,%3,%4,%5\n")
                       .arg(csvField(band.label), csvNumber(band.x[i]), csvNumber(band.mean[i]), csvNumber(band.low[i]),
                            csvNumber(band.high[i]));
    return out;
}

} // namespace gatefold::widgets
