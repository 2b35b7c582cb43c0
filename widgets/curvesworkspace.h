#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QMenu;
class QPushButton;
class QSlider;
class QTimer;
class QToolButton;

namespace gatefold::config {
struct ComparedRun;
}

namespace gatefold::store {
class RunStore;
struct MetricPoint;
}

namespace gatefold::widgets {

class CurvePanel;
class CurvePlot;
class SeriesCache;

// The Curves tab: a grid of panels, each one metric of the selected runs
// (CurvePanel), added and removed by the user and remembered per store; what
// x is (step, epoch, wall time), the smoothing (its value shown) and the log
// scale hold for every panel, and so does the grouping — none, every setting
// but the seed, or chosen settings (config::groupBySettings) — which draws a
// band per group with its members faint: the mean ± sample std, or the 95 %
// confidence interval of the mean (a choice remembered per store; the legend,
// read-out and CSV say which; one run draws no band, two say the interval is
// very wide).
class CurvesWorkspace : public QWidget
{
    Q_OBJECT
public:
    enum class Grouping { None, AllButSeed, BySettings };

    CurvesWorkspace(store::RunStore *store, SeriesCache *cache, QWidget *parent = nullptr);

    // The panels remembered under `settingsKey` (QSettings; one key per store), or the default one.
    void restore(const QString &settingsKey);
    int panelCount() const { return int(m_panels.size()); }
    CurvePanel *panel(int i) const { return m_panels[size_t(i)]; }
    CurvePlot *plot(int i) const;
    QStringList metrics() const;
    CurvePanel *addPanel(const QString &metric = QString());  // empty: the first known metric not shown
    void removePanel(int i);
    void setMetric(int panel, const QString &key);

    void setRuns(const QList<qint64> &runIds);  // draws every panel
    void refresh() { setRuns(m_runs); }
    // An engine's new points: drawn on the panels that show them (the series cache grows either way).
    void appendMetrics(qint64 runId, const std::vector<store::MetricPoint> &points);

    void setGrouping(Grouping mode, const QStringList &keys = {});
    Grouping grouping() const { return m_grouping; }
    QStringList groupKeys() const { return m_groupKeys; }
    QToolButton *groupButton() const { return m_groupButton; }
    // Bands span the 95 % interval of the mean (true) or ± the sample std (false, the default).
    void setBandInterval(bool on);
    bool bandInterval() const;
    QComboBox *bandBox() const { return m_band; }
    QComboBox *xAxisBox() const { return m_xAxis; }
    QSlider *smoothingSlider() const { return m_smoothing; }
    QLabel *smoothingValue() const { return m_smoothingValue; }
    QPushButton *addPanelButton() const { return m_add; }

private:
    QWidget *buildBar();
    void fillGroupMenu();
    void showGrouping();
    void relayout();
    void save() const;
    void draw(CurvePanel *panel);
    // The most points any shown run has of `key`; up to kSparsePoints a series is drawn as measured.
    size_t longestSeries(const QString &key) const;
    static constexpr size_t kSparsePoints = 16;
    void drawGroups(CurvePlot *plot, const QString &key, const std::vector<config::ComparedRun> &compared);
    std::vector<double> xOf(qint64 runId, const QString &key) const;

    store::RunStore *m_store;
    SeriesCache *m_cache;
    QList<qint64> m_runs;
    QString m_settingsKey;
    std::vector<CurvePanel *> m_panels;
    QGridLayout *m_grid;
    QPushButton *m_add;
    QComboBox *m_xAxis;
    QComboBox *m_smoothingMode;
    QSlider *m_smoothing;
    QLabel *m_smoothingValue;
    QCheckBox *m_logScale;
    QToolButton *m_groupButton;
    QComboBox *m_band;
    QMenu *m_groupMenu;
    Grouping m_grouping = Grouping::AllButSeed;
    QStringList m_groupKeys;
    QTimer *m_regroup;  // bands follow live points at most once a second
};

} // namespace gatefold::widgets
