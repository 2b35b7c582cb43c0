// CurvePlot's groups of runs: a mean ± std (or 95 % interval) band per group over the steps its members share, the
// members drawn faint in the group's colour.

#include "curveplot.h"

#include "qcp.h"

#include "tables/significance.h"

#include <algorithm>
#include <cmath>

namespace gatefold::widgets {

int CurvePlot::setSeedBand(const QString &label, const std::vector<std::vector<double>> &steps,
                           const std::vector<std::vector<double>> &values)
{
    return steps.size() < 2 ? 0 : addBand(label, colourAt(m_nextColour++), steps, values);
}

int CurvePlot::addBand(const QString &label, const QColor &colour, const std::vector<std::vector<double>> &steps,
                       const std::vector<std::vector<double>> &values, BandSpread spread)
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
    band.spread = spread;
    band.n = int(steps.size());
    std::vector<double> at(steps.size());
    for (double step : common) {
        for (size_t r = 0; r < steps.size(); ++r) {
            const size_t i = size_t(std::lower_bound(steps[r].begin(), steps[r].end(), step) - steps[r].begin());
            at[r] = values[r][i];
        }
        // The sample std over the seeds, or the half-width of the mean's 95 % interval.
        const tables::MeanInterval mi = tables::meanInterval(at);
        const double half = spread == BandSpread::Std ? mi.std : mi.halfWidth.value_or(0.0);
        band.x.push_back(step);
        band.mean.push_back(mi.mean);
        band.low.push_back(mi.mean - half);
        band.high.push_back(mi.mean + half);
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

} // namespace gatefold::widgets
