#pragma once

#include "slurm/jobstate.h"
#include "store/storetypes.h"

#include <QJsonObject>
#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
}
namespace gatefold::slurm {
class SlurmClient;
}

namespace gatefold::launch {

// A run's latest Slurm job and where Slurm has it now.
struct SlurmRunState {
    store::SlurmJob job;
    slurm::JobState state = slurm::JobState::Unknown;
};

// The Slurm state of the runs a store recorded as submitted, beside their store status.
struct SlurmRunStates {
    std::map<qint64, SlurmRunState> runs;  // by run id: only runs submitted to Slurm
    // Why Slurm could not be asked (squeue missing, no controller): the states are then all
    // Unknown and this says so; empty when it answered.
    QString problem;

    // Asks Slurm (one squeue, and sacct for jobs squeue forgot) about the latest job of each of
    // `runIds` that has one (all of the store's runs when empty).
    static SlurmRunStates of(store::RunStore &store, const slurm::SlurmClient &client,
                             const std::vector<qint64> &runIds = {});
    const SlurmRunState *find(qint64 runId) const;
};

// A run's Slurm side as `runs list --json` and `runs show --json` carry it: {"job", "state",
// "script", "submitted"}, "state" the word slurm::stateKey writes or "unavailable" when Slurm could
// not be asked. One writer (the CLI's listing) and one reader (the window, from a `runs list`
// child it starts instead of asking Slurm on its own thread).
struct SlurmStateLine {
    QString job;                          // "12345_3"
    std::optional<slurm::JobState> state; // nullopt: Slurm could not be asked ("unavailable")
    QString script;
    double submitted = 0;                 // Unix seconds

    bool operator==(const SlurmStateLine &other) const;
    bool operator!=(const SlurmStateLine &other) const { return !(*this == other); }
};

// `state` as the listing writes it; `available` false when Slurm could not be asked.
QJsonObject slurmStateJson(const SlurmRunState &state, bool available);
// nullopt for an object that is not such (empty: a run not on Slurm; a state word no Gatefold writes).
std::optional<SlurmStateLine> slurmStateFromJson(const QJsonObject &object);

} // namespace gatefold::launch
