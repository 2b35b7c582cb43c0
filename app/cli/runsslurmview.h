#pragma once

#include "launch/slurmrunstates.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// The Slurm side of `runs list` and `runs show`: where Slurm has each run's latest job, beside
// the store's status. Slurm is asked only when the store holds runs submitted to it; when it
// cannot be asked (squeue missing, no controller) a warning says why on stderr and each such
// run shows its job with "?".
class RunsSlurmView
{
public:
    RunsSlurmView(store::RunStore &store, const std::vector<qint64> &runIds);

    bool any() const { return !m_states.runs.empty(); }
    // "12345_3 running", "12345_3 unknown to Slurm", "12345_3 ?"; "-" for a run not on Slurm.
    QString cell(qint64 runId) const;
    // {"job", "state", "script", "submitted"}; empty for a run not on Slurm.
    QJsonObject json(qint64 runId) const;
    // runs show: the latest job and the submissions before it, one line each.
    QStringList lines(store::RunStore &store, qint64 runId) const;

private:
    launch::SlurmRunStates m_states;
};

} // namespace gatefold::cli
