#pragma once

// The rule of asynchronous successive halving (ASHA, Li et al., "A System for Massively Parallel
// Hyperparameter Tuning", 2018), over what the store says about a sweep's runs and nothing else —
// so the same rule drives local engines and survives its controller's restart.
//
// Runs train from rung to rung (rungs in epochs). At rung k, of the n runs that reached it, the best
// floor(n / eta) go on to the next rung (the last rung's go on to their end); the others wait there,
// `stopped`. Whenever an engine slot is free the next job is, in this order: continuing a run that
// was interrupted on its way (its engine cancelled or crashed), promoting the best waiting run of the
// highest rung that has one, starting a queued run. A run waiting at a rung is resumed from its
// checkpoint once enough runs below it have reached the rung that it ranks among the best.

#include "ashasettings.h"

#include <QString>

#include <optional>
#include <vector>

namespace gatefold::search {

// What a sweep's run is doing, as its store record says.
enum class RunPhase {
    Queued,       // not started
    Training,     // an engine holds it
    Waiting,      // stopped at a rung (the highest it reached), or interrupted right there
    Interrupted,  // cancelled or crashed between rungs (or before the first): to be continued
    Done,         // finished, failed, or left alone (cancelled by a person during this session)
};

struct AshaRun {
    qint64 id = 0;
    RunPhase phase = RunPhase::Queued;
    int epochs = 0;                                 // its train.epochs: where the last rung's best go
    std::vector<std::optional<double>> valueAt;     // the metric at each rung it reached (one per rung)
    int promotedFrom = -1;                          // the highest rung it was promoted from (-1: none)
    int reached() const;                            // the highest rung it reached, -1 for none
};

struct AshaJob {
    enum class Kind { None, Start, Continue, Promote };
    Kind kind = Kind::None;
    qint64 runId = 0;
    int fromRung = -1;     // Promote: the rung it leaves; Continue: the rung it left (-1: none)
    int stopAtEpoch = -1;  // where it pauses next; -1: it trains to its end
};

// Where a run stands at rung k: its place among the runs that reached k (1 = best), of how many, and
// how many of them go on.
struct Standing {
    int rank = 0;
    int of = 0;
    int promotable = 0;
    bool goesOn() const { return rank >= 1 && rank <= promotable; }
};

Standing standingAt(const std::vector<AshaRun> &runs, const AshaSettings &settings, qint64 runId, int rung);

// The next job for a free engine slot; Kind::None when there is none now.
AshaJob nextJob(const std::vector<AshaRun> &runs, const AshaSettings &settings);

// The epoch a run leaving rung `from` (-1: starting) pauses at next; -1 when it trains to its end.
int nextStop(const AshaSettings &settings, int from, int runEpochs);

} // namespace gatefold::search
