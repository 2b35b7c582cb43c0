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

namespace {

constexpr char kUnavailable[] = "unavailable";

std::optional<slurm::JobState> jobStateFromKey(const QString &word)
{
    for (const auto state : {slurm::JobState::Pending, slurm::JobState::Running, slurm::JobState::Completing,
                             slurm::JobState::Done, slurm::JobState::Failed, slurm::JobState::Cancelled,
                             slurm::JobState::Unknown})
        if (slurm::stateKey(state) == word)
            return state;
    return std::nullopt;
}

} // namespace

bool SlurmStateLine::operator==(const SlurmStateLine &o) const
{
    return job == o.job && state == o.state && script == o.script && submitted == o.submitted;
}

QJsonObject slurmStateJson(const SlurmRunState &state, bool available)
{
    return QJsonObject{{"job", state.job.jobId},
                       {"state", available ? slurm::stateKey(state.state) : QString::fromLatin1(kUnavailable)},
                       {"script", state.job.script},
                       {"submitted", state.job.submitted}};
}

std::optional<SlurmStateLine> slurmStateFromJson(const QJsonObject &object)
{
    const QString job = object.value(QStringLiteral("job")).toString();
    const QString word = object.value(QStringLiteral("state")).toString();
    const auto state = jobStateFromKey(word);
    if (job.isEmpty() || (!state && word != QLatin1String(kUnavailable)))
        return std::nullopt;
    return SlurmStateLine{job, state, object.value(QStringLiteral("script")).toString(),
                          object.value(QStringLiteral("submitted")).toDouble()};
}

} // namespace gatefold::launch
