#include "attentiondistanceview.h"

#include "plotorreason.h"
#include "plotstyle.h"
#include "qcp.h"

#include "report/inspectreport.h"

#include <QLabel>

#include <algorithm>
#include <cmath>

namespace gatefold::widgets {
namespace {

// Past ten heads the colours repeat: the marker shape tells them apart.
QCPScatterStyle::ScatterShape shape(int head)
{
    static const QCPScatterStyle::ScatterShape shapes[] = {QCPScatterStyle::ssDisc, QCPScatterStyle::ssSquare,
                                                           QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond};
    return shapes[(head / 10) % 4];
}

constexpr double kHoverRadius = 8;  // pixels from a marker that still name it

} // namespace

AttentionDistanceView::AttentionDistanceView(QWidget *parent)
    : InspectView(parent)
    , m_plot(new QCustomPlot(this))
    , m_note(new QLabel(this))
    , m_title(new QCPTextElement(m_plot))
{
    m_note->setObjectName(QStringLiteral("note"));
    m_note->setWordWrap(true);

    QFont titleFont = font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_title);
    // The legend beside the plot, not over the markers, at the top of a column that is otherwise empty.
    auto *side = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 1, side);
    m_plot->plotLayout()->setColumnStretchFactor(1, 0.001);
    side->addElement(0, 0, m_plot->legend);
    side->addElement(1, 0, new QCPLayoutElement(m_plot));
    side->setRowStretchFactor(0, 0.001);
    side->setMargins(QMargins(0, 8, 8, 8));
    m_plot->legend->setVisible(true);
    m_plot->legend->setFont(font());
    m_plot->xAxis->setLabel(tr("block"));
    m_plot->yAxis->setLabel(tr("mean attention distance (pixels)"));
    m_plot->xAxis->setSubTicks(false);
    m_plot->xAxis->grid()->setVisible(false);
    trackHover(m_plot);

    pages()->fillView(m_plot, m_note);
    followPalette();
    showReport();
}

AttentionDistanceView::~AttentionDistanceView() = default;

QCPGraph *AttentionDistanceView::headGraph(int head) const
{
    return head >= 0 && head < int(m_heads.size()) ? m_heads[size_t(head)] : nullptr;
}

void AttentionDistanceView::showReport()
{
    m_plot->clearGraphs();
    m_heads.clear();
    m_mean = nullptr;
    m_maximum = 0;
    QString reason = skippedReason(QStringLiteral("distance"));
    if (reason.isEmpty() && !m_report->meanDistance.isComplete())
        reason = tr("Not available: the report holds no mean attention distance.");
    if (!showReason(reason)) {
        m_note->clear();
        m_plot->replot();
        return;
    }

    const report::Matrix &distance = m_report->meanDistance;  // layers × heads
    m_title->setText(tr("Mean attention distance: run %1 (%2)").arg(m_report->runId).arg(m_report->checkpoint));
    QVector<double> blocks, mean;
    for (int l = 0; l < distance.rows; ++l) {
        blocks << l + 1;
        double sum = 0;
        for (int h = 0; h < distance.cols; ++h)
            sum += distance.at(l, h);
        mean << sum / distance.cols;
    }
    for (int h = 0; h < distance.cols; ++h) {
        QVector<double> values;
        for (int l = 0; l < distance.rows; ++l)
            values << distance.at(l, h);
        QCPGraph *graph = m_plot->addGraph();
        graph->setName(tr("head %1").arg(h + 1));
        graph->setLineStyle(QCPGraph::lsNone);
        const QColor colour = plotstyle::categorical(h);
        graph->setPen(QPen(colour));
        graph->setScatterStyle(QCPScatterStyle(shape(h), colour, colour, 7));
        graph->setData(blocks, values, true);
        m_heads.push_back(graph);
    }
    m_mean = m_plot->addGraph();
    m_mean->setName(tr("mean over heads"));
    m_mean->setData(blocks, mean, true);

    // The top of the y axis: the farthest two patch centres can be apart.
    double dataMax = 0;
    for (double v : distance.values)
        if (std::isfinite(v))
            dataMax = std::max(dataMax, v);
    const int gw = m_report->gridWidth, gh = m_report->gridHeight, patch = m_report->patchSize;
    m_maximum = patch * std::hypot(std::max(gw - 1, 0), std::max(gh - 1, 0));
    if (m_maximum > 0) {
        m_note->setText(tr("The y axis ends at %1 px, the largest distance between two patch centres "
                           "(%2 × %3 patches of %4 px).")
                            .arg(QString::number(m_maximum, 'f', 1))
                            .arg(gw)
                            .arg(gh)
                            .arg(patch));
    } else {
        m_note->setText(tr("The patch grid is unknown: the y axis fits the data."));
    }
    m_maximum = std::max(m_maximum, dataMax);
    if (m_maximum <= 0)
        m_maximum = 1;
    m_plot->xAxis->setTicker(plotstyle::integerTicker(distance.rows));
    m_plot->xAxis->setRange(0.5, distance.rows + 0.5);
    m_plot->yAxis->setRange(0, m_maximum);
    followPalette();
    m_plot->replot();
}

void AttentionDistanceView::followPalette()
{
    plotstyle::followPalette(m_plot, palette());
    if (m_mean)
        m_mean->setPen(QPen(palette().color(QPalette::Text), 2));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString AttentionDistanceView::hoverAt(const QPointF &pos) const
{
    // The nearest marker (or point of the mean line) within reach.
    double best = kHoverRadius * kHoverRadius;
    QString text;
    auto consider = [&](QCPGraph *graph, int head) {
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            const QPointF at = graph->coordsToPixels(it->key, it->value);
            const QPointF d = at - pos;
            const double d2 = d.x() * d.x() + d.y() * d.y();
            if (d2 > best)
                continue;
            best = d2;
            const int block = qRound(it->key);
            const QString px = QString::number(it->value, 'f', 2);
            text = head < 0 ? tr("block %1, mean over heads: %2 px").arg(block).arg(px)
                            : tr("block %1, head %2: %3 px").arg(block).arg(head + 1).arg(px);
        }
    };
    if (m_mean)
        consider(m_mean, -1);
    for (int h = 0; h < int(m_heads.size()); ++h)
        consider(m_heads[size_t(h)], h);
    return text;
}

QString AttentionDistanceView::hoverHint() const
{
    return tr("Point at a marker to read its value.");
}

bool AttentionDistanceView::savePicture(const QString &path, QString *error)
{
    return savePlot(path, m_plot, QSize(560, 380), error);
}

QString AttentionDistanceView::page() const
{
    return QStringLiteral("distance");
}

} // namespace gatefold::widgets
