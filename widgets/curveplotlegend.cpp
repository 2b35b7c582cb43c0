// CurvePlot's words beside the data: the legend below the axes and the runs without data named in place.

#include "curveplot.h"

#include "qcp.h"

#include <QFontMetrics>

#include <algorithm>

namespace gatefold::widgets {
namespace {

constexpr int kLegendUpTo = 16;  // more entries than this: the crosshair names them, the legend would bury the axes

} // namespace

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

} // namespace gatefold::widgets
