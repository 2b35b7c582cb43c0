#include "sweepscatterplots.h"

#include "plotstyle.h"
#include "qcp.h"
#include "sweeptable.h"

#include "config/settingcomparison.h"

#include <QMouseEvent>
#include <QLabel>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gatefold::widgets {

namespace {

constexpr int kMaxScatterColumns = 3;
constexpr double kPointHitPixels = 8.0;
constexpr int kMaxBarsPerValue = 4;  // seed groups at one value past which the bar is the value's mean

// A mean: a short horizontal bar across the points it summarises.
QCPScatterStyle meanBar(const QColor &colour)
{
    QPainterPath bar;
    bar.moveTo(-9, 0);
    bar.lineTo(9, 0);
    return QCPScatterStyle(bar, QPen(colour, 2.5), Qt::NoBrush, 6);
}

void setUpXAxis(QCPAxis *axis, const SweepAxis &sweepAxis)
{
    axis->setLabel(sweepAxis.key());
    switch (sweepAxis.kind()) {
    case SweepAxis::Kind::Log: {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
        axis->setNumberFormat(QStringLiteral("eb"));
        axis->setNumberPrecision(0);
        const double pad = std::pow(sweepAxis.maximum() / sweepAxis.minimum(), 0.08);
        axis->setRange(sweepAxis.minimum() / pad, sweepAxis.maximum() * pad);
        break;
    }
    case SweepAxis::Kind::Linear: {
        const double span = sweepAxis.maximum() - sweepAxis.minimum();
        const double pad = span > 0 ? 0.08 * span : 0.5;
        axis->setRange(sweepAxis.minimum() - pad, sweepAxis.maximum() + pad);
        break;
    }
    case SweepAxis::Kind::Categorical: {
        QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
        for (int i = 0; i < sweepAxis.categories().size(); ++i)
            ticker->addTick(i, sweepAxis.categories()[i]);
        axis->setTicker(ticker);
        axis->setRange(-0.5, double(sweepAxis.categories().size()) - 0.5);
        break;
    }
    }
}

} // namespace

SweepScatterPlots::SweepScatterPlots(QWidget *parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_caption(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot, 1);
    const int gap = fontMetrics().averageCharWidth();
    m_caption->setContentsMargins(gap, 0, gap, gap / 2);
    layout->addWidget(m_caption);
    m_plot->setMouseTracking(true);
    m_plot->setAutoAddPlottableToLegend(false);  // no legend: a legend item per run cost most of a rebuild
    connect(m_plot, &QCustomPlot::mouseMove, this, &SweepScatterPlots::mouseMoved);
    connect(m_plot, &QCustomPlot::mousePress, this, &SweepScatterPlots::mousePressed);
    rebuild();
}

void SweepScatterPlots::setTable(std::shared_ptr<const SweepTable> table)
{
    m_table = std::move(table);
    m_highlighted = -1;
    rebuild();
}

void SweepScatterPlots::setHighlighted(qint64 runId)
{
    m_highlighted = runId;
    for (Panel &panel : m_panels) {
        panel.ring->data()->clear();
        const auto data = panel.points->data();
        for (size_t i = 0; i < panel.runs.size(); ++i)
            if (panel.runs[i] == runId)
                panel.ring->addData(data->at(int(i))->key, data->at(int(i))->value);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QCPAxisRect *SweepScatterPlots::rect(const QString &key) const
{
    for (const Panel &p : m_panels)
        if (p.key == key)
            return p.rect;
    return nullptr;
}

QCPGraph *SweepScatterPlots::points(const QString &key) const
{
    for (const Panel &p : m_panels)
        if (p.key == key)
            return p.points;
    return nullptr;
}

QCPGraph *SweepScatterPlots::means(const QString &key) const
{
    for (const Panel &p : m_panels)
        if (p.key == key)
            return p.means;
    return nullptr;
}

void SweepScatterPlots::rebuild()
{
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_plot->plotLayout()->clear();
    m_panels.clear();
    m_keys.clear();
    if (!m_table || m_table->state() != SweepTable::State::Ready) {
        m_caption->clear();
        m_plot->replot();
        return;
    }
    // The seed's repeats are the points around each mean; it has a scatter only when nothing else varies.
    for (const QString &key : m_table->varied())
        if (!config::isSeedKey(key))
            m_keys << key;
    if (m_keys.isEmpty())
        m_keys = m_table->varied();
    // One metric scale for every panel, so their heights compare.
    double low = INFINITY, high = -INFINITY;
    for (const SweepRun *run : m_table->measured()) {
        low = std::min(low, m_table->shown(run->value));
        high = std::max(high, m_table->shown(run->value));
    }
    const double pad = high > low ? 0.08 * (high - low) : std::max(1e-3, 0.05 * std::abs(high));
    // Bars per seed group while a value has few of them; else each value's mean.
    m_meansPerValue = false;
    for (const QString &key : m_keys) {
        const int values = std::max(1, m_table->axes()[size_t(m_table->varied().indexOf(key))].valueCount());
        m_meansPerValue = m_meansPerValue || int(m_table->repeats().size()) > kMaxBarsPerValue * values;
    }
    m_caption->setText(caption());
    const int columns = std::min<int>(kMaxScatterColumns, int(m_keys.size()));
    for (int i = 0; i < m_keys.size(); ++i)
        addPanel(i, columns, low - pad, high + pad);
    plotstyle::followPalette(m_plot, palette());
    const QColor text = palette().color(QPalette::Text);
    for (Panel &panel : m_panels) {
        panel.means->setScatterStyle(meanBar(text));
        panel.means->setPen(panel.means->lineStyle() == QCPGraph::lsNone ? Qt::NoPen : QPen(text, 1, Qt::DashLine));
        panel.ring->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(palette().color(QPalette::Highlight), 2.5),
                                                    Qt::NoBrush, 14));
    }
    setHighlighted(m_highlighted);
    m_plot->replot();
}

void SweepScatterPlots::addPanel(int index, int columns, double low, double high)
{
    Panel panel;
    panel.key = m_keys[index];
    panel.rect = new QCPAxisRect(m_plot);
    m_plot->plotLayout()->addElement(index / columns, index % columns, panel.rect);
    QCPAxis *x = panel.rect->axis(QCPAxis::atBottom), *y = panel.rect->axis(QCPAxis::atLeft);
    const auto &axes = m_table->axes();
    setUpXAxis(x, axes[size_t(m_table->varied().indexOf(panel.key))]);
    y->setRange(low, high);
    if (index % columns == 0)
        y->setLabel(m_table->metricLabel());
    panel.points = m_plot->addGraph(x, y);
    panel.points->setLineStyle(QCPGraph::lsNone);
    QColor dot = plotstyle::categorical(0);
    dot.setAlpha(170);
    panel.points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, dot, dot, 7));
    panel.means = m_plot->addGraph(x, y);
    panel.ring = m_plot->addGraph(x, y);
    panel.ring->setLineStyle(QCPGraph::lsNone);
    fillPanel(panel);
    m_panels.push_back(panel);
}

void SweepScatterPlots::fillPanel(Panel &panel)
{
    const SweepAxis &axis = m_table->axes()[size_t(m_table->varied().indexOf(panel.key))];
    struct Point {
        double x, y;
        qint64 run;
    };
    std::vector<Point> points;
    const auto measured = m_table->measured();
    for (const SweepRun *run : measured)
        if (double x = 0; axis.position(run->settings, &x))
            points.push_back({x, m_table->shown(run->value), run->id});
    std::stable_sort(points.begin(), points.end(), [](const Point &a, const Point &b) { return a.x < b.x; });
    QVector<double> xs, ys;
    for (const Point &p : points) {
        xs << p.x;
        ys << p.y;
        panel.runs.push_back(p.run);
    }
    panel.points->setData(xs, ys, true);
    std::vector<std::pair<double, double>> means;
    if (!config::isSeedKey(panel.key))
        means = m_meansPerValue ? valueMeans(xs, ys) : groupMeans(axis);
    std::stable_sort(means.begin(), means.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QVector<double> mx, my;
    for (const auto &[x, y] : means) {
        mx << x;
        my << y;
    }
    panel.means->setData(mx, my, true);
    // One setting besides the seed: its means in order are a curve worth reading as one.
    panel.means->setLineStyle(m_keys.size() == 1 && !config::isSeedKey(panel.key) ? QCPGraph::lsLine
                                                                                  : QCPGraph::lsNone);
}

// The mean of each group of seed repeats, at the group's value of this setting.
std::vector<std::pair<double, double>> SweepScatterPlots::groupMeans(const SweepAxis &axis) const
{
    std::vector<std::pair<double, double>> means;
    const auto measured = m_table->measured();
    for (const config::SettingGroup &group : m_table->repeats()) {
        double x = 0, sum = 0;
        if (!axis.position(measured[size_t(group.members.front())]->settings, &x))
            continue;
        for (int member : group.members)
            sum += m_table->shown(measured[size_t(member)]->value);
        means.push_back({x, sum / double(group.members.size())});
    }
    return means;
}

// The mean of the points at each x (`xs` ascending).
std::vector<std::pair<double, double>> SweepScatterPlots::valueMeans(const QVector<double> &xs, const QVector<double> &ys)
{
    std::vector<std::pair<double, double>> means;
    for (int i = 0; i < xs.size();) {
        int j = i;
        double sum = 0;
        for (; j < xs.size() && xs[j] == xs[i]; ++j)
            sum += ys[j];
        means.push_back({xs[i], sum / double(j - i)});
        i = j;
    }
    return means;
}

QString SweepScatterPlots::caption() const
{
    if (m_panels.empty() && m_keys.isEmpty())
        return {};
    if (m_keys.size() == 1 && config::isSeedKey(m_keys.front()))
        return tr("● a run");
    return m_meansPerValue ? tr("● a run   ▬ the mean of all runs at that value (too many setting combinations to mark each)")
                           : tr("● a run   ▬ the mean over the seeds of each setting combination");
}

qint64 SweepScatterPlots::runAt(const QPointF &pos) const
{
    qint64 best = -1;
    double nearest = kPointHitPixels;
    for (const Panel &panel : m_panels) {
        if (!panel.rect->rect().contains(pos.toPoint()))
            continue;
        const auto data = panel.points->data();
        int i = 0;
        for (auto it = data->constBegin(); it != data->constEnd(); ++it, ++i) {
            const QPointF p = panel.points->coordsToPixels(it->key, it->value);
            const double d = std::hypot(p.x() - pos.x(), p.y() - pos.y());
            if (d <= nearest) {
                nearest = d;
                best = panel.runs[size_t(i)];
            }
        }
    }
    return best;
}

void SweepScatterPlots::mouseMoved(QMouseEvent *event)
{
    const qint64 id = runAt(event->position());
    QString text;
    if (m_table)
        for (const SweepRun &run : m_table->runs())
            if (run.id == id)
                text = m_table->describe(run);
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
    Q_EMIT hovered(text);
}

void SweepScatterPlots::mousePressed(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    if (const qint64 id = runAt(event->position()); id >= 0)
        Q_EMIT runClicked(id);
}

void SweepScatterPlots::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        rebuild();
}

} // namespace gatefold::widgets
