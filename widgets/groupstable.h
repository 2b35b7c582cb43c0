#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace gatefold::config {
struct ComparedRun;
}

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

// The store's runs grouped by settings for the Groups tab: only the runs that
// have measured the metric (a queued, failed or just-started run is counted
// apart, in `leftOut`), grouped by `keys`' values — or, with "all but seed",
// by every setting that tells them apart but the seed — each group with its
// runs' best and last values and the settings its runs differ in besides the
// grouping keys and the seed (empty: one experiment over seeds).
struct SettingsGroupRow {
    QStringList values;             // one per grouping key ("—" where it does not apply)
    std::vector<qint64> runIds;     // the measured runs of the group
    std::vector<qint64> seeds;      // per run: its train.seed (the store's seed where the config has none)
    std::vector<double> best, last; // per run: its best (highest or lowest, as the metric reads) and last value
    QStringList alsoDiffer;         // settings beyond the keys and the seed its runs differ in
    // "key=value, …" of the grouping keys: the group's name, as a baseline is remembered.
    QString name(const QStringList &keys) const;
};

struct SettingsGroups {
    QStringList keys;               // the grouping keys (with all but seed: those found)
    std::vector<SettingsGroupRow> rows;
    int leftOut = 0;                // runs without the metric, not counted
};

// The seed a run repeats its experiment with: train.seed of its config, else the store's `stored`.
qint64 seedOfRun(const config::ComparedRun &run, qint64 stored);

SettingsGroups groupRunsBySettings(store::RunStore &store, const QStringList &keys, bool allButSeed,
                                   const QString &metric);

} // namespace gatefold::widgets
