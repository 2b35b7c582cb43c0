#include "parallelcoordinates.h"

#include "plotstyle.h"
#include "qcp.h"
#include "sweeptable.h"

#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gatefold::widgets {

namespace {

constexpr double kLineHitPixels = 6.0;
constexpr int kMetricTicks = 5;

// Distance from `p` to the segment a–b, in pixels.
double segmentDistance(const QPointF &p, const QPointF &a, const QPointF &b)
{
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    const double t = length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    const QPointF nearest = a + t * ab;
    return std::hypot(p.x() - nearest.x(), p.y() - nearest.y());
}

// Many lines: fainter, so where they bundle reads as density.
int lineAlpha(size_t lines)
{
    return lines <= 50 ? 230 : lines <= 300 ? 150 : 90;
}

} // namespace

ParallelCoordinates::ParallelCoordinates(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_scale(new QCPColorScale(m_plot))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setBarWidth(12);
    m_scale->setAutoMargins(QCP::msLeft | QCP::msRight);
    for (QCPAxis *axis : m_plot->axisRect()->axes())
        axis->setVisible(false);
    m_plot->axisRect()->setAutoMargins(QCP::msNone);
    // Polylines in one call instead of a path per segment (as CurvePlot: many times faster, bench_sweepview).
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    m_plot->setAutoAddPlottableToLegend(false);  // no legend: a legend item per run cost most of a rebuild
    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &ParallelCoordinates::mouseMoved);
    connect(m_plot, &QCustomPlot::mousePress, this, &ParallelCoordinates::mousePressed);
}

void ParallelCoordinates::setTable(std::shared_ptr<const SweepTable> table)
{
    m_table = std::move(table);
    m_highlighted = -1;
    rebuild();
}

QCPGraph *ParallelCoordinates::line(qint64 runId) const
{
    const auto it = m_lines.find(runId);
    return it == m_lines.end() ? nullptr : it->second;
}

QColor ParallelCoordinates::lineColour(qint64 runId) const
{
    const QCPGraph *graph = line(runId);
    if (!graph)
        return {};
    QColor c = graph->pen().color();
    c.setAlpha(255);
    return c;
}

QPointF ParallelCoordinates::pointOf(qint64 runId, int axis) const
{
    const QCPGraph *graph = line(runId);
    if (!graph || axis < 0 || axis >= graph->dataCount())
        return {};
    const auto it = graph->data()->at(axis);
    return graph->coordsToPixels(it->key, it->value);
}

void ParallelCoordinates::rebuild()
{
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_lines.clear();
    m_highlight = nullptr;
    m_hover.clear();
    if (!m_table || m_table->state() != SweepTable::State::Ready) {
        m_plot->replot();
        return;
    }
    const int settings = int(m_table->varied().size());
    bool missing = false;
    int firstLabels = 0;  // the widest tick label of the first axis, left of it
    for (int i = 0; i < settings; ++i) {
        const SweepAxis &axis = m_table->axes()[size_t(i)];
        missing = missing || (axis.isNumeric() && axis.hasMissing());
        std::vector<std::pair<double, QString>> ticks;
        for (const SweepAxis::Tick &t : axis.ticks()) {
            ticks.push_back({t.at, t.text});
            if (i == 0)
                firstLabels = std::max(firstLabels, QFontMetrics(font()).horizontalAdvance(t.text));
        }
        addAxis(i, axis.key(), ticks);
    }
    // The metric's axis: evenly spaced values between its lowest and highest.
    double low = INFINITY, high = -INFINITY;
    for (const SweepRun *run : m_table->measured()) {
        low = std::min(low, m_table->shown(run->value));
        high = std::max(high, m_table->shown(run->value));
    }
    std::vector<std::pair<double, QString>> ticks;
    for (double v : SweepAxis::roundValues(low, high, kMetricTicks))
        ticks.push_back({high > low ? (v - low) / (high - low) : 0.5, QString::number(v, 'g', 6)});
    addAxis(settings, m_table->metricLabel(), ticks);
    // Room (in pixels) on the left for the first axis's tick labels and above for two rows of titles;
    // below the axes for "—".
    m_plot->xAxis->setRange(-0.02, settings + 0.02);
    m_plot->yAxis->setRange(missing ? SweepAxis::missingPlace() - 0.06 : -0.04, 1.03);
    const QFontMetrics metrics(font());
    QFont bold = font();
    bold.setBold(true);
    const int firstTitle = QFontMetrics(bold).horizontalAdvance(m_table->varied().front()) / 2;  // centred on the axis
    const QMargins margins(std::max(firstLabels + 14, firstTitle + 4), 2 * metrics.height() + 12, 8, 6);
    m_plot->axisRect()->setMargins(margins);
    m_scale->setMargins(QMargins(0, margins.top(), 0, margins.bottom()));  // the bar as tall as the axes
    addLines();
    addColourScale();
    plotstyle::followPalette(m_plot, palette());
    m_plot->replot();
}

void ParallelCoordinates::addAxis(int index, const QString &title, const std::vector<std::pair<double, QString>> &ticks)
{
    const QColor text = palette().color(QPalette::Text);
    QColor labelBack = palette().color(QPalette::Base);
    labelBack.setAlpha(200);
    auto *axisLine = new QCPItemLine(m_plot);
    axisLine->start->setCoords(index, 0);
    axisLine->end->setCoords(index, 1);
    axisLine->setPen(QPen(text, 1));
    axisLine->setLayer(QStringLiteral("axes"));
    auto *name = new QCPItemText(m_plot);
    name->position->setCoords(index, 1);
    // The metric's title (last, beside the colour bar) ends at its axis; the settings' are centred.
    const bool last = index == int(m_table->varied().size());
    name->setPositionAlignment((last ? Qt::AlignRight : Qt::AlignHCenter) | Qt::AlignBottom);
    // Every other title a line higher: neighbours' titles never overlap, however close the axes.
    name->setPadding(QMargins(0, 0, 0, 8 + (index % 2) * QFontMetrics(font()).height()));
    name->setText(title);
    name->setColor(text);
    name->setClipToAxisRect(false);
    name->setLayer(QStringLiteral("axes"));
    QFont bold = font();
    bold.setBold(true);
    name->setFont(bold);
    for (const auto &[at, label] : ticks) {
        auto *mark = new QCPItemLine(m_plot);
        mark->start->setCoords(index, at);
        mark->end->setParentAnchor(mark->start);
        mark->end->setType(QCPItemPosition::ptAbsolute);
        mark->end->setCoords(-4, 0);
        mark->setPen(QPen(text, 1));
        mark->setLayer(QStringLiteral("axes"));
        auto *value = new QCPItemText(m_plot);
        value->position->setParentAnchor(mark->end);  // just left of the tick mark
        value->position->setType(QCPItemPosition::ptAbsolute);
        value->position->setCoords(-2, 0);
        value->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
        value->setPadding(QMargins(2, 0, 2, 0));
        value->setText(label);
        value->setColor(text);
        value->setBrush(labelBack);  // readable where lines cross it
        value->setFont(font());
        value->setClipToAxisRect(false);
        value->setLayer(QStringLiteral("axes"));  // QCustomPlot's layer above "main": over the runs' lines
    }
}

void ParallelCoordinates::addLines()
{
    auto runs = m_table->measured();
    // The best last, so it is drawn on top.
    const bool lowerBetter = m_table->lowerIsBetter();
    std::stable_sort(runs.begin(), runs.end(), [lowerBetter](const SweepRun *a, const SweepRun *b) {
        return lowerBetter ? a->value > b->value : a->value < b->value;
    });
    QCPColorGradient viridis = plotstyle::viridisOn(palette());
    QCPColorGradient gradient = lowerBetter ? viridis.inverted() : viridis;
    double low = INFINITY, high = -INFINITY;
    for (const SweepRun *run : runs) {
        low = std::min(low, m_table->shown(run->value));
        high = std::max(high, m_table->shown(run->value));
    }
    const QCPRange range = high > low ? QCPRange(low, high) : QCPRange(low - 0.5, low + 0.5);
    const int alpha = lineAlpha(runs.size());
    // Many lines 1 px wide: Qt draws those with its cosmetic stroker, several times faster than wider pens.
    const double width = runs.size() <= 100 ? 1.6 : 1.0;
    const int settings = int(m_table->varied().size());
    for (const SweepRun *run : runs) {
        QVector<double> keys, values;
        for (int i = 0; i < settings; ++i) {
            keys << i;
            values << m_table->axes()[size_t(i)].normalised(run->settings);
        }
        const double shown = m_table->shown(run->value);
        keys << settings;
        values << (high > low ? (shown - low) / (high - low) : 0.5);
        QColor colour = QColor::fromRgb(gradient.color(shown, range));
        colour.setAlpha(alpha);
        QCPGraph *graph = m_plot->addGraph();
        graph->setData(keys, values, true);
        graph->setPen(QPen(colour, width));
        m_lines[run->id] = graph;
    }
    m_scale->setGradient(gradient);
    m_scale->setDataRange(range);
    m_highlight = m_plot->addGraph();
    m_highlight->setPen(QPen(palette().color(QPalette::Highlight), 4));
    setHighlighted(m_highlighted);
}

void ParallelCoordinates::addColourScale()
{
    m_scale->axis()->setLabel(m_table->metricLabel());
}

void ParallelCoordinates::setHighlighted(qint64 runId)
{
    m_highlighted = line(runId) ? runId : -1;
    if (!m_highlight)
        return;
    if (const QCPGraph *graph = line(m_highlighted))
        m_highlight->data()->set(*graph->data());  // a copy: the run's own line keeps its points
    else
        m_highlight->data()->clear();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

qint64 ParallelCoordinates::runAt(const QPointF &pos) const
{
    qint64 best = -1;
    double nearest = kLineHitPixels;
    for (const auto &[id, graph] : m_lines) {
        QPointF previous;
        int i = 0;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it, ++i) {
            const QPointF p = graph->coordsToPixels(it->key, it->value);
            if (i > 0)
                if (const double d = segmentDistance(pos, previous, p); d <= nearest) {
                    nearest = d;
                    best = id;
                }
            previous = p;
        }
    }
    return best;
}

void ParallelCoordinates::mouseMoved(QMouseEvent *event)
{
    const qint64 id = runAt(event->position());
    QString text;
    if (m_table && id >= 0)
        for (const SweepRun &run : m_table->runs())
            if (run.id == id)
                text = m_table->describe(run);
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
    if (text != m_hover) {
        m_hover = text;
        Q_EMIT hovered(text);
    }
}

void ParallelCoordinates::mousePressed(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    if (const qint64 id = runAt(event->position()); id >= 0)
        Q_EMIT runClicked(id);
}

void ParallelCoordinates::leaveEvent(QEvent *event)
{
    QWidget::leaveEvent(event);
    if (!m_hover.isEmpty()) {
        m_hover.clear();
        Q_EMIT hovered(QString());
    }
}

void ParallelCoordinates::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        rebuild();
}

} // namespace gatefold::widgets
