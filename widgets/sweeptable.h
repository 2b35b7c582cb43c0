#pragma once

#include "sweepaxis.h"

#include "config/settingcomparison.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <map>
#include <set>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

// One run of a sweep as the sweep view reads it: its settings and the metric
// (its last or best value), if it has measured it.
struct SweepRun {
    qint64 id = 0;
    QString name;
    config::ComparedRun settings;
    bool measured = false;
    double value = 0;  // the metric as stored (a fraction for top-1)

    QString title() const;  // "12 lr-1e-3" as the curves' legend names a run
};

// The numbers behind the sweep view: the selected runs (by id), the settings
// that vary among those that measured the metric (config::differingSettings:
// most discriminative first, the seed last), an axis for each, and the runs
// repeated over seeds (config::groupBySettings, all but seed); a setting a sweep of the runs drew
// from a log-uniform range (its recorded grid) gets a log axis. The metric's
// unit and direction are the result tables' (tables::columnsFromText): top-1
// in percent, best = highest; a loss best = lowest.
class SweepTable
{
public:
    enum class Reduction { Last, Best };
    enum class State { Ready, TooFewRuns, TooFewMeasured, NothingVaried };

    // `settings` keeps each run's settings between reads (a run's config never changes); may be null.
    static SweepTable read(store::RunStore &store, const QList<qint64> &runIds, const QString &metric,
                           Reduction reduction, std::map<qint64, config::ComparedRun> *settings = nullptr);

    State state() const;
    const QString &metric() const { return m_metric; }
    Reduction reduction() const { return m_reduction; }
    bool isPercent() const { return m_percent; }
    bool lowerIsBetter() const { return m_lowerIsBetter; }  // a loss: its best is its lowest
    // "val/top1 (last, %)": the metric, how it is reduced and its unit.
    QString metricLabel() const;
    // The value as the view draws it: percent for fractions like top-1.
    double shown(double value) const { return m_percent ? 100.0 * value : value; }
    QString shownText(double value) const;  // "93.20 %", "0.4312"
    // What a hover says about a run: its title, then a line per varied setting and the metric.
    QString describe(const SweepRun &run) const;

    const std::vector<SweepRun> &runs() const { return m_runs; }  // every selected run, by id
    std::vector<const SweepRun *> measured() const;
    std::vector<const SweepRun *> missing() const;
    const QStringList &varied() const { return m_varied; }
    const std::vector<SweepAxis> &axes() const { return m_axes; }  // one per varied setting, same order
    // The measured runs grouped by everything but the seed: indices into measured().
    const std::vector<config::SettingGroup> &repeats() const { return m_repeats; }

    // run,name,<each varied setting>,<metric> — one line per selected run (RFC 4180, CRLF), the metric's
    // stored value exactly (report::exactNumber), empty where a run has not measured it or a setting
    // does not apply.
    QByteArray csv() const;

private:
    void readRuns(store::RunStore &store, const QList<qint64> &runIds, std::map<qint64, config::ComparedRun> *settings);
    void findVaried();  // the varied settings, their axes, the seed groups

    QString m_metric;
    Reduction m_reduction = Reduction::Last;
    bool m_percent = false;
    bool m_lowerIsBetter = false;
    std::vector<SweepRun> m_runs;
    QStringList m_varied;
    std::vector<SweepAxis> m_axes;
    std::set<QString> m_logKeys;  // settings a sweep of these runs drew from a log-uniform range
    std::vector<config::SettingGroup> m_repeats;
};

} // namespace gatefold::widgets
