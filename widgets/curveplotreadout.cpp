// CurvePlot's crosshair: the value of every run and group at the x under the pointer.

#include "curveplot.h"

#include "qcp.h"

#include <QMouseEvent>

#include <algorithm>

namespace gatefold::widgets {
namespace {

// The last index whose x is at or before `x`, or -1.
long indexAtOrBefore(const std::vector<double> &xs, double x)
{
    return long(std::upper_bound(xs.begin(), xs.end(), x) - xs.begin()) - 1;
}

} // namespace

std::vector<CurvePlot::ReadoutRow> CurvePlot::readout(double x) const
{
    std::vector<ReadoutRow> rows;
    for (const auto &[id, c] : m_curves)
        if (!c.member)
            if (const long i = indexAtOrBefore(c.steps, x); i >= 0)
                rows.push_back({c.label, c.steps[size_t(i)], c.smoothValues[size_t(i)]});
    for (const Band &band : m_bands)
        if (const long i = indexAtOrBefore(band.x, x); i >= 0)
            rows.push_back({band.label, band.x[size_t(i)], band.mean[size_t(i)], true, band.low[size_t(i)], band.high[size_t(i)]});
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
        auto text = [percent](double v) {
            return percent ? QStringLiteral("%1 %").arg(100 * v, 0, 'f', 2) : QString::number(v, 'g', 5);
        };
        // A band's row: its mean and its edges (the label says whether ± std or the 95 % interval).
        for (const ReadoutRow &row : readout(x))
            lines << (row.band ? QStringLiteral("%1: %2 [%3, %4]").arg(row.label, text(row.value), text(row.low), text(row.high))
                               : QStringLiteral("%1: %2").arg(row.label, text(row.value)));
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

} // namespace gatefold::widgets
