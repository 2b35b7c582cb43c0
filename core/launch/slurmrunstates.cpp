#include "slurmrunstates.h"

#include "slurm/slurmclient.h"
#include "store/runstore.h"

#include <QStringList>

#include <algorithm>

namespace gatefold::launch {

SlurmRunStates SlurmRunStates::of(store::RunStore &store, const slurm::SlurmClient &client,
                                  const std::vector<qint64> &runIds)
{
    SlurmRunStates states;
    QStringList jobIds;
    for (auto &[runId, job] : store.latestSlurmJobs()) {
        if (!runIds.empty() && std::find(runIds.begin(), runIds.end(), runId) == runIds.end())
            continue;
        jobIds << job.jobId;
        states.runs[runId] = {job, slurm::JobState::Unknown};
    }
    if (jobIds.isEmpty())
        return states;
    const auto asked = client.states(jobIds, &states.problem);
    if (!asked)
        return states;
    for (auto &[runId, state] : states.runs)
        state.state = asked->value(state.job.jobId, slurm::JobState::Unknown);
    return states;
}

const SlurmRunState *SlurmRunStates::find(qint64 runId) const
{
    const auto it = runs.find(runId);
    return it == runs.end() ? nullptr : &it->second;
}

} // namespace gatefold::launch
