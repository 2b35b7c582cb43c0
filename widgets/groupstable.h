#pragma once

#include <QString>
#include <QStringList>

#include <vector>

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
    std::vector<double> best, last; // per run: its best (highest or lowest, as the metric reads) and last value
    QStringList alsoDiffer;         // settings beyond the keys and the seed its runs differ in
};

struct SettingsGroups {
    QStringList keys;               // the grouping keys (with all but seed: those found)
    std::vector<SettingsGroupRow> rows;
    int leftOut = 0;                // runs without the metric, not counted
};

SettingsGroups groupRunsBySettings(store::RunStore &store, const QStringList &keys, bool allButSeed,
                                   const QString &metric);

} // namespace gatefold::widgets
