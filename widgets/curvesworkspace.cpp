#include "curvesworkspace.h"

#include "curvepanel.h"
#include "curveplot.h"
#include "seriescache.h"

#include "config/settingcomparison.h"
#include "store/runstore.h"
#include "tables/significance.h"
#include "tables/tablespec.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace gatefold::widgets {

CurvesWorkspace::CurvesWorkspace(store::RunStore *store, SeriesCache *cache, QWidget *parent)
    : QWidget(parent)
    , m_store(store)
    , m_cache(cache)
    , m_grid(new QGridLayout)
    , m_regroup(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildBar());
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(4);
    layout->addLayout(m_grid, 1);
    m_regroup->setSingleShot(true);
    m_regroup->setInterval(1000);
    connect(m_regroup, &QTimer::timeout, this, [this] {
        for (CurvePanel *p : m_panels)
            if (p->plot()->hasBand())
                draw(p);
    });
}

// What holds for every panel: x, smoothing (with its value), log scale, grouping; and "Add panel".
QWidget *CurvesWorkspace::buildBar()
{
    m_add = new QPushButton(tr("Add panel"));
    m_add->setToolTip(tr("Another plot beside these, of another metric"));
    m_xAxis = new QComboBox;
    m_xAxis->addItems({tr("step"), tr("epoch"), tr("wall time (min)")});
    m_smoothingMode = new QComboBox;
    m_smoothingMode->addItems({tr("EMA"), tr("moving average")});
    m_smoothingMode->setToolTip(tr("Debiased exponential moving average, or the mean of the last points (slider: window)"));
    m_smoothing = new QSlider(Qt::Horizontal);
    m_smoothing->setRange(0, 99);
    m_smoothing->setValue(60);
    m_smoothing->setMinimumWidth(90);
    m_smoothing->setToolTip(tr("Smoothing: weight of the debiased exponential moving average (training series only; "
                               "evaluations are drawn as measured)"));
    m_smoothingValue = new QLabel(QStringLiteral("0.60"));
    m_smoothingValue->setMinimumWidth(m_smoothingValue->fontMetrics().horizontalAdvance(QStringLiteral("0.000")));
    m_logScale = new QCheckBox(tr("Log scale"));
    m_groupMenu = new QMenu(this);
    m_groupButton = new QToolButton;
    m_groupButton->setMenu(m_groupMenu);
    m_groupButton->setPopupMode(QToolButton::InstantPopup);
    m_groupButton->setToolTip(tr("Draw runs that share the chosen settings as one band around their mean"));
    m_band = new QComboBox;
    m_band->addItems({tr("± std"), tr("95 % CI of mean")});
    m_band->setToolTip(tr("What a group's band spans: ± the sample standard deviation of its runs, or the 95 % "
                          "confidence interval of their mean (Student t: t(0.975, n−1)·s/√n; very wide for 2 runs)"));
    auto *bar = new QWidget;
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_add);
    row->addWidget(new QLabel(tr("against")));
    row->addWidget(m_xAxis);
    row->addWidget(m_groupButton);
    row->addWidget(m_band);
    row->addWidget(new QLabel(tr("Smoothing:")));
    row->addWidget(m_smoothingMode);
    row->addWidget(m_smoothing, 1);
    row->addWidget(m_smoothingValue);
    row->addWidget(m_logScale);
    showGrouping();
    connect(m_add, &QPushButton::clicked, this, [this] { addPanel(); });
    connect(m_xAxis, &QComboBox::currentIndexChanged, this, &CurvesWorkspace::refresh);
    connect(m_groupMenu, &QMenu::aboutToShow, this, &CurvesWorkspace::fillGroupMenu);
    connect(m_band, &QComboBox::currentIndexChanged, this, [this] {
        save();
        refresh();
    });
    connect(m_smoothing, &QSlider::valueChanged, this, [this](int v) {
        m_smoothingValue->setText(QString::number(v / 100.0, 'f', 2));
        for (CurvePanel *p : m_panels)
            p->plot()->setSmoothing(v / 100.0);
    });
    connect(m_smoothingMode, &QComboBox::currentIndexChanged, this, [this](int i) {
        for (CurvePanel *p : m_panels)
            p->plot()->setSmoothingMode(i == 0 ? CurvePlot::SmoothingMode::Ema : CurvePlot::SmoothingMode::MovingAverage);
    });
    connect(m_logScale, &QCheckBox::toggled, this, [this](bool on) {
        for (CurvePanel *p : m_panels)
            p->plot()->setLogScale(on);
    });
    return bar;
}

void CurvesWorkspace::restore(const QString &settingsKey)
{
    m_settingsKey = QString();  // nothing is saved while the remembered panels are put back
    while (!m_panels.empty()) {
        delete m_panels.back();
        m_panels.pop_back();
    }
    const QStringList kept = QSettings().value(settingsKey).toStringList();
    for (const QString &metric : kept)
        if (!metric.isEmpty())
            addPanel(metric);
    if (m_panels.empty())
        addPanel(QStringLiteral("val/top1"));
    // The grouping as it was left for this store: "none", "all but seed" (the default) or its settings.
    const QStringList grouping = QSettings().value(settingsKey + QStringLiteral("Grouping")).toStringList();
    if (!grouping.isEmpty()) {
        const QString mode = grouping.first();
        m_grouping = mode == QLatin1String("none")       ? Grouping::None
                   : mode == QLatin1String("settings") ? Grouping::BySettings
                                                         : Grouping::AllButSeed;
        m_groupKeys = m_grouping == Grouping::BySettings ? grouping.mid(1) : QStringList();
        if (m_grouping == Grouping::BySettings && m_groupKeys.isEmpty())
            m_grouping = Grouping::None;
        showGrouping();
    }
    const bool interval = QSettings().value(settingsKey + QStringLiteral("Band")).toString() == QLatin1String("ci95");
    m_band->blockSignals(true);
    m_band->setCurrentIndex(interval ? 1 : 0);
    m_band->blockSignals(false);
    m_settingsKey = settingsKey;
}

CurvePlot *CurvesWorkspace::plot(int i) const
{
    return m_panels[size_t(i)]->plot();
}

QStringList CurvesWorkspace::metrics() const
{
    QStringList keys;
    for (const CurvePanel *p : m_panels)
        keys << p->metric();
    return keys;
}

CurvePanel *CurvesWorkspace::addPanel(const QString &metric)
{
    QString key = metric;
    if (key.isEmpty()) {
        const QStringList shown = metrics();
        for (const QString &known : CurvePanel::knownMetrics())
            if (!shown.contains(known)) {
                key = known;
                break;
            }
    }
    auto *panel = new CurvePanel(key);
    CurvePlot *plot = panel->plot();
    plot->setSmoothing(m_smoothing->value() / 100.0);
    plot->setSmoothingMode(m_smoothingMode->currentIndex() == 0 ? CurvePlot::SmoothingMode::Ema
                                                                : CurvePlot::SmoothingMode::MovingAverage);
    plot->setLogScale(m_logScale->isChecked());
    m_panels.push_back(panel);
    connect(panel, &CurvePanel::metricChanged, this, [this, panel] {
        draw(panel);
        save();
    });
    connect(panel, &CurvePanel::removeRequested, this, [this, panel] {
        const auto it = std::find(m_panels.begin(), m_panels.end(), panel);
        if (it != m_panels.end())
            removePanel(int(it - m_panels.begin()));
    });
    relayout();
    draw(panel);
    save();
    return panel;
}

void CurvesWorkspace::removePanel(int i)
{
    if (m_panels.size() <= 1 || i < 0 || i >= panelCount())
        return;
    CurvePanel *panel = m_panels[size_t(i)];
    m_panels.erase(m_panels.begin() + i);
    panel->hide();
    panel->deleteLater();  // it may be the sender of the click that removes it
    relayout();
    save();
}

void CurvesWorkspace::setMetric(int panel, const QString &key)
{
    if (panel >= 0 && panel < panelCount())
        m_panels[size_t(panel)]->setMetric(key);
}

// One column for one panel, two for more, filled row by row.
void CurvesWorkspace::relayout()
{
    for (CurvePanel *p : m_panels)
        m_grid->removeWidget(p);
    const int columns = m_panels.size() == 1 ? 1 : 2;
    for (size_t i = 0; i < m_panels.size(); ++i) {
        m_grid->addWidget(m_panels[i], int(i) / columns, int(i) % columns);
        m_panels[i]->setRemovable(m_panels.size() > 1);
    }
    for (int r = 0; r < m_grid->rowCount(); ++r)
        m_grid->setRowStretch(r, r <= int(m_panels.size() - 1) / columns ? 1 : 0);
    for (int c = 0; c < m_grid->columnCount(); ++c)
        m_grid->setColumnStretch(c, c < columns ? 1 : 0);
}

void CurvesWorkspace::save() const
{
    if (m_settingsKey.isEmpty())
        return;
    QSettings settings;
    settings.setValue(m_settingsKey, metrics());
    const QString mode = m_grouping == Grouping::None         ? QStringLiteral("none")
                       : m_grouping == Grouping::BySettings ? QStringLiteral("settings")
                                                              : QStringLiteral("all but seed");
    settings.setValue(m_settingsKey + QStringLiteral("Grouping"), QStringList{mode} + m_groupKeys);
    settings.setValue(m_settingsKey + QStringLiteral("Band"), bandInterval() ? QStringLiteral("ci95") : QStringLiteral("std"));
}

void CurvesWorkspace::setBandInterval(bool on)
{
    m_band->setCurrentIndex(on ? 1 : 0);
}

bool CurvesWorkspace::bandInterval() const
{
    return m_band->currentIndex() == 1;
}

void CurvesWorkspace::setRuns(const QList<qint64> &runIds)
{
    m_runs = runIds;
    for (CurvePanel *p : m_panels)
        draw(p);
}

std::vector<double> CurvesWorkspace::xOf(qint64 runId, const QString &key) const
{
    const Series &s = m_cache->get(runId, key);
    if (m_xAxis->currentIndex() == 0)
        return s.steps;
    if (m_xAxis->currentIndex() == 1)
        return s.epochs;
    std::vector<double> minutes;
    minutes.reserve(s.walls.size());
    for (double w : s.walls)
        minutes.push_back((w - s.walls.front()) / 60.0);
    return minutes;
}

void CurvesWorkspace::draw(CurvePanel *panel)
{
    CurvePlot *plot = panel->plot();
    const QString key = panel->metric();
    plot->clear();
    plot->beginUpdate();
    plot->setMetricLabel(key);
    plot->setXLabel(m_xAxis->currentText());
    const bool percent = tables::isPercentMetric(key);
    plot->setValueScale(percent ? 100.0 : 1.0, percent ? QStringLiteral("%") : QString());
    // The legend names what tells the runs apart: the settings that apply, most discriminative first.
    std::vector<config::ComparedRun> compared;
    QStringList names;
    for (qint64 id : m_runs) {
        const auto run = m_store->run(id);
        compared.push_back(config::comparedRun(run ? run->configJson : QByteArray("{}")));
        names << (run ? run->name : QString());
    }
    const QStringList differing = m_runs.size() > 1 ? config::differingSettings(compared) : QStringList();
    for (int i = 0; i < m_runs.size(); ++i) {
        QString label = QStringLiteral("%1 %2").arg(m_runs[i]).arg(names[i]);
        if (!differing.isEmpty())
            label += QStringLiteral(" (%1)").arg(config::describeSettings(compared[size_t(i)], differing));
        plot->setRun(m_runs[i], label, xOf(m_runs[i], key), m_cache->get(m_runs[i], key).values);
    }
    // Evaluation metrics, and any series logged only a few times (a short run's train/loss), are drawn as
    // measured: an EMA over a handful of points moves the last value away from the stored one.
    plot->setMeasuredPoints(CurvePlot::isEvaluationMetric(key) || longestSeries(key) <= kSparsePoints);
    if (m_runs.size() > 1 && m_grouping != Grouping::None)
        drawGroups(plot, key, compared);
    plot->endUpdate();
}

size_t CurvesWorkspace::longestSeries(const QString &key) const
{
    size_t longest = 0;
    for (qint64 id : m_runs)
        longest = std::max(longest, m_cache->get(id, key).values.size());
    return longest;
}

// Per group of runs: its colour for each member, and (two or more with points, against step or
// epoch) the band over the steps they share (± std or the mean's 95 % interval), the members faint.
void CurvesWorkspace::drawGroups(CurvePlot *plot, const QString &key, const std::vector<config::ComparedRun> &compared)
{
    const bool allButSeed = m_grouping == Grouping::AllButSeed;
    const auto groups = config::groupBySettings(compared, m_groupKeys, allButSeed);
    const QStringList by = allButSeed ? config::differingBeyondSeed(compared) : m_groupKeys;
    for (size_t g = 0; g < groups.size(); ++g) {
        const QColor colour = CurvePlot::colourAt(int(g));
        std::vector<std::vector<double>> xs, ys;
        for (int m : groups[g].members)
            if (const Series &s = m_cache->get(m_runs[m], key); !s.values.empty()) {
                xs.push_back(xOf(m_runs[m], key));
                ys.push_back(s.values);
            }
        const bool band = xs.size() >= 2 && m_xAxis->currentIndex() < 2;  // wall times do not line up
        for (int m : groups[g].members)
            plot->setRunColour(m_runs[m], colour, band && !m_cache->get(m_runs[m], key).values.empty());
        if (!band)
            continue;
        QString label = by.isEmpty() ? tr("all runs") : config::describeSettings(compared[size_t(groups[g].members[0])], by);
        // Which spread, over how many runs; two runs' interval is very wide (t(0.975, 1) = 12.7): said so.
        const int n = int(xs.size());
        if (!bandInterval())
            label += tr(" — mean ± std, n=%1").arg(n);
        else if (n < tables::kFewSeeds)
            label += tr(" — mean, 95 % CI, n=%1 (very wide: only %1 runs)").arg(n);
        else
            label += tr(" — mean, 95 % CI, n=%1").arg(n);
        plot->addBand(label, colour, xs, ys, bandInterval() ? CurvePlot::BandSpread::Interval95 : CurvePlot::BandSpread::Std);
    }
}

void CurvesWorkspace::appendMetrics(qint64 runId, const std::vector<store::MetricPoint> &points)
{
    std::map<QString, std::pair<std::vector<double>, std::vector<double>>> fresh;  // per shown metric, in one go
    for (const auto &p : points) {
        const bool shown = std::any_of(m_panels.begin(), m_panels.end(), [&](const CurvePanel *panel) {
            return panel->metric() == p.key && panel->plot()->hasRun(runId);  // then its series is loaded
        });
        const size_t before = shown ? m_cache->get(runId, p.key).steps.size() : 0;
        m_cache->append(runId, p.key, double(p.step), p.epoch, p.wall, p.value);  // ignored unless loaded
        if (!shown || m_cache->get(runId, p.key).steps.size() == before)
            continue;
        const Series &s = m_cache->get(runId, p.key);
        auto &[xs, ys] = fresh[p.key];
        xs.push_back(m_xAxis->currentIndex() == 0 ? double(p.step)
                     : m_xAxis->currentIndex() == 1 ? p.epoch
                                                    : (p.wall - s.walls.front()) / 60.0);
        ys.push_back(p.value);
    }
    for (CurvePanel *panel : m_panels)
        if (const auto it = fresh.find(panel->metric()); it != fresh.end()) {
            panel->plot()->appendPoints(runId, it->second.first, it->second.second);
            if (!CurvePlot::isEvaluationMetric(panel->metric()))  // a live series grows out of "sparse"
                panel->plot()->setMeasuredPoints(longestSeries(panel->metric()) <= kSparsePoints);
            if (panel->plot()->hasBand() && !m_regroup->isActive())
                m_regroup->start();
        }
}

void CurvesWorkspace::setGrouping(Grouping mode, const QStringList &keys)
{
    m_grouping = mode == Grouping::BySettings && keys.isEmpty() ? Grouping::None : mode;
    m_groupKeys = m_grouping == Grouping::BySettings ? keys : QStringList();
    showGrouping();
    save();
    refresh();
}

// None, all but the seed, or any of the settings that differ among the shown runs.
void CurvesWorkspace::fillGroupMenu()
{
    m_groupMenu->clear();
    auto *none = m_groupMenu->addAction(tr("None"), this, [this] { setGrouping(Grouping::None); });
    none->setCheckable(true);
    none->setChecked(m_grouping == Grouping::None);
    auto *allButSeed = m_groupMenu->addAction(tr("All but seed"), this, [this] { setGrouping(Grouping::AllButSeed); });
    allButSeed->setCheckable(true);
    allButSeed->setChecked(m_grouping == Grouping::AllButSeed);
    std::vector<config::ComparedRun> compared;
    for (qint64 id : m_runs)
        if (const auto run = m_store->run(id))
            compared.push_back(config::comparedRun(run->configJson));
    QStringList keys = config::differingSettings(compared);
    for (const QString &key : m_groupKeys)
        if (!keys.contains(key))
            keys << key;
    if (!keys.isEmpty())
        m_groupMenu->addSection(tr("By settings"));
    for (const QString &key : keys) {
        auto *action = m_groupMenu->addAction(key, this, [this, key](bool on) {
            QStringList chosen = m_groupKeys;
            if (on && !chosen.contains(key))
                chosen << key;
            else if (!on)
                chosen.removeAll(key);
            setGrouping(Grouping::BySettings, chosen);
        });
        action->setCheckable(true);
        action->setChecked(m_groupKeys.contains(key));
    }
}

void CurvesWorkspace::showGrouping()
{
    m_groupButton->setText(m_grouping == Grouping::None         ? tr("Group by: none")
                           : m_grouping == Grouping::AllButSeed ? tr("Group by: all but seed")
                                                                : tr("Group by: %1").arg(m_groupKeys.join(QStringLiteral(", "))));
    // Room for the menu arrow beside the text (the style draws it over the last letters otherwise,
    // longer translations most).
    m_groupButton->setMinimumWidth(m_groupButton->fontMetrics().horizontalAdvance(m_groupButton->text()) + 32);
}

} // namespace gatefold::widgets
