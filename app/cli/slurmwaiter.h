#pragma once

#include "slurmprinter.h"

#include "store/storetypes.h"

#include <QString>

#include <atomic>
#include <map>
#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
}
namespace gatefold::slurm {
class SlurmClient;
}

namespace gatefold::cli {

// --wait: follows runs submitted to Slurm until none of their tasks is pending, running or
// completing, saying each change of state, then reads how each run ended from the store. A task
// that ended while its run still says running (the engine was killed: time limit, memory, node)
// is recorded as crashed (resumable); one that ended before its engine took the run leaves it
// queued and counts as failed, with where its output is.
class SlurmWaiter
{
public:
    SlurmWaiter(store::RunStore &store, const slurm::SlurmClient &client, const SlurmPrinter &printer);

    // The runs' records once every task has ended; nullopt with `error` when Slurm cannot be
    // asked, or when `stop` rose (SIGINT/SIGTERM: the tasks go on; `error` says so).
    std::optional<std::vector<store::RunRecord>> follow(const std::vector<qint64> &runIds,
                                                        const std::atomic<bool> &stop, QString *error);

private:
    // One look at Slurm: the changes said; whether any task is still live. nullopt with `error`.
    std::optional<bool> poll(const std::vector<qint64> &runIds, QString *error);
    std::vector<store::RunRecord> endings(const std::vector<qint64> &runIds);

    store::RunStore &m_store;
    const slurm::SlurmClient &m_client;
    const SlurmPrinter &m_printer;
    std::map<qint64, slurm::JobState> m_seen;
    std::map<qint64, store::SlurmJob> m_jobs;
};

} // namespace gatefold::cli
