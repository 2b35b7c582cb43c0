#pragma once

#include "downsample.h"

#include <QColor>
#include <QString>
#include <QWidget>

#include <map>
#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;

namespace gatefold::widgets {

// One metric of several runs against the step, as curves: each run's raw
// values faint and its debiased EMA (weight `smoothing`) drawn over them, a
// legend naming the runs below the axes (never over the data), groups of runs
// as a band each (mean ± std or the 95 % interval of the mean), a crosshair read-out of every curve at the
// pointer's x, "no data" named in place for runs without points, optional log
// scale and percent axis, zoom and pan with the mouse (double-click: fit), and
// export as PNG, SVG, PDF or CSV (the drawn series' numbers).
class CurvePlot : public QWidget
{
    Q_OBJECT
public:
    explicit CurvePlot(QWidget *parent = nullptr);

    void setRun(qint64 runId, const QString &label, const std::vector<double> &steps, const std::vector<double> &values);
    void appendPoint(qint64 runId, double step, double value);
    void appendPoints(qint64 runId, const std::vector<double> &steps, const std::vector<double> &values);
    void removeRun(qint64 runId);
    // A mean ± std band over runs that differ only by seed, at the steps they share: the mean
    // drawn strong, the band filled, each run faint (setRun). Returns how many steps it covers
    // (0, and nothing drawn, for fewer than two runs). Each call adds a band (one per group).
    int setSeedBand(const QString &label, const std::vector<std::vector<double>> &steps,
                    const std::vector<std::vector<double>> &values);
    // What a band spans around the mean: ± the sample std over the runs, or the 95 % confidence
    // interval of the mean (Student t, n − 1 degrees of freedom: t(0.975, n−1)·s/√n, tables::meanInterval).
    enum class BandSpread { Std, Interval95 };
    int addBand(const QString &label, const QColor &colour, const std::vector<std::vector<double>> &steps,
                const std::vector<std::vector<double>> &values, BandSpread spread = BandSpread::Std);
    bool hasBand() const { return !m_bands.empty(); }
    struct Band {
        QString label;
        QColor colour;
        BandSpread spread = BandSpread::Std;
        int n = 0;  // the runs it is over
        std::vector<double> x, mean, low, high;  // as stored (fractions, not percent)
        QCPGraph *lowGraph = nullptr, *highGraph = nullptr, *meanGraph = nullptr;
    };
    const std::vector<Band> &bands() const { return m_bands; }
    // A run drawn in `colour`; as a group's member: faint, thin and out of the legend.
    void setRunColour(qint64 runId, const QColor &colour, bool member);
    static QColor colourAt(int i);  // the palette curves take their colours from
    int takeColour() { return m_nextColour++; }
    void clear();
    // Between beginUpdate() and endUpdate(), setRun/appendPoint do not rescale and redraw: one fit at the end.
    void beginUpdate() { ++m_batch; }
    void endUpdate();
    bool hasRun(qint64 runId) const { return m_curves.count(runId) > 0; }
    size_t pointCount(qint64 runId) const
    {
        const auto it = m_curves.find(runId);
        return it == m_curves.end() ? 0 : it->second.values.size();
    }
    QString label(qint64 runId) const;  // the run's name in the legend, "" when not shown
    void setMetricLabel(const QString &label);
    void setXLabel(const QString &label);
    void setSmoothing(double weight);  // 0: none … 0.99
    // Debiased EMA of weight w, or a moving average over round(100·w) points.
    enum class SmoothingMode { Ema, MovingAverage };
    void setSmoothingMode(SmoothingMode mode);
    // Evaluation metrics (a point per evaluation, val/*): drawn as measured, each point marked; the
    // smoothing applies to dense training series only (an EMA over 2 epochs would move the last value).
    void setMeasuredPoints(bool on);
    static bool isEvaluationMetric(const QString &key);  // val/*, val_ema/*: a point per evaluation
    bool measuredPoints() const { return m_measured; }
    void setLogScale(bool on);
    // Values drawn (and read out) times `factor` with `unit` on the axis: fractions as percent (100, "%").
    void setValueScale(double factor, const QString &unit);
    double valueScale() const { return m_scale; }
    // The axes fitted to every curve and band again (after a zoom or pan); double-click does it too.
    void fitView();
    // The crosshair at data x: every curve's and band's value at the last point at or before x.
    struct ReadoutRow {
        QString label;
        double x = 0;      // the point's x
        double value = 0;  // as drawn (smoothed; a band's mean), as stored (not scaled)
        bool band = false;  // a band's row: low and high are its edges at x
        double low = 0, high = 0;
    };
    std::vector<ReadoutRow> readout(double x) const;
    QString readoutText() const;  // what the crosshair's label shows now ("" when hidden)
    // "no data for this run: …" in the axes while a shown run has no point of the metric.
    QString missingText() const;
    // The drawn series as CSV: per run its x, raw and smoothed value; per band its x, mean, low, high,
    // what the band spans ("std" or "ci95") and the runs it is over.
    QString csv() const;
    // By extension: .png, .svg (via Qt Svg), .pdf or .csv (csv()); false with `error`.
    bool save(const QString &path, QString *error = nullptr);
    QCustomPlot *plot() const { return m_plot; }
    // The smoothed values of a run (for tests), and how many points of it are drawn now.
    std::vector<double> smoothed(qint64 runId) const;
    int drawnPoints(qint64 runId) const;

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void followPalette();  // the plot's background, axes and legend in the window's colours (light or dark)
    struct Curve {
        QString label;
        QColor colour;
        bool member = false;  // a group's member: faint, out of the legend
        std::vector<double> steps;
        std::vector<double> values;
        std::vector<double> smoothValues;  // debiasedEma(values), kept so a zoom only resamples
        MinMaxPyramid rawLevels, smoothLevels;
        QCPGraph *raw = nullptr;
        QCPGraph *smooth = nullptr;
    };
    bool showsRawLines() const;
    void redraw(Curve &curve);   // smoothing changed or points added
    void resample(Curve &curve); // what is drawn for the visible x range
    void resampleAll();
    void rescale();
    void showMissing();
    void moveCrosshair(double pixelX);
    void drawBand(Band &band);
    void fitLegend();

    QCustomPlot *m_plot;
    std::map<qint64, Curve> m_curves;
    double m_smoothing = 0.6;
    SmoothingMode m_mode = SmoothingMode::Ema;
    bool m_measured = false;
    int m_nextColour = 0;
    int m_batch = 0;
    std::vector<Band> m_bands;
    double m_scale = 1.0;
    QCPItemStraightLine *m_cross = nullptr;
    QCPItemText *m_readout = nullptr;
    QCPItemText *m_missing = nullptr;
};

} // namespace gatefold::widgets
