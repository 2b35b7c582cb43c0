#pragma once

// What ASHA (asha.h) reads of a sweep in the store, and how its decisions are recorded there: the
// metric at each rung from the runs' own points, each promotion and stop as a snapshot of kind
// "asha" on the run ({"rung", "epoch", "metric", "value", "rank", "of", "decision"}), and a stopped
// run's message saying why it waits.

#include "asha.h"

#include <QString>

#include <set>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::search {

// The sweep's runs, lowest id first. Runs in `leftAlone` (cancelled by a person while the
// controller ran) count as done. Empty with `error` when the store cannot be read.
std::vector<AshaRun> readAshaRuns(store::RunStore &store, qint64 sweepId, const AshaSettings &settings,
                                  const std::set<qint64> &leftAlone, QString *error);

// "ASHA rung 2 of 3 (epoch 3): val/top1 0.2130 ranks 5 of 9; the best 3 go on".
QString standingText(const AshaSettings &settings, int rung, double value, const Standing &standing);

// Records the decision about run `runId` at `rung` (a snapshot; a stopped run's message too).
// False with the store's error.
bool recordDecision(store::RunStore &store, qint64 runId, const AshaSettings &settings, int rung, double value,
                    const Standing &standing, bool promoted, QString *error);

// The sweep's runs' rungs as recorded: per run, its newest decision (rung, decision), for views.
struct RecordedRung {
    int rung = -1;
    int epoch = 0;
    bool promoted = false;
    QString text;  // standingText of it
};
std::optional<RecordedRung> newestDecision(store::RunStore &store, qint64 runId);

} // namespace gatefold::search
