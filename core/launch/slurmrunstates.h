#pragma once

#include "slurm/jobstate.h"
#include "store/storetypes.h"

#include <QString>

#include <map>
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

} // namespace gatefold::launch
