#include "slurmwaiter.h"
#include "clitext.h"

#include "launch/slurmrunstates.h"
#include "store/runstore.h"

#include <QFileInfo>
#include <QDir>
#include <QThread>

namespace gatefold::cli {
namespace {

constexpr int kPollMs = 1000;
constexpr int kFailedPollsAllowed = 5;  // a controller that is busy for a moment is asked again

// Where a task's stderr went: slurm-<array>_<task>.err beside its script.
QString taskErrors(const store::SlurmJob &job)
{
    return QDir::toNativeSeparators(QFileInfo(job.script).dir().filePath(QStringLiteral("slurm-%1.err").arg(job.jobId)));
}

} // namespace

SlurmWaiter::SlurmWaiter(store::RunStore &store, const slurm::SlurmClient &client, const SlurmPrinter &printer)
    : m_store(store)
    , m_client(client)
    , m_printer(printer)
{
}

std::optional<bool> SlurmWaiter::poll(const std::vector<qint64> &runIds, QString *error)
{
    const auto states = launch::SlurmRunStates::of(m_store, m_client, runIds);
    if (!states.problem.isEmpty()) {
        *error = states.problem;
        return std::nullopt;
    }
    bool live = false;
    for (const auto &[runId, state] : states.runs) {
        m_jobs[runId] = state.job;
        const auto seen = m_seen.find(runId);
        if (seen == m_seen.end() || seen->second != state.state)
            m_printer.state(runId, state.job.jobId, state.state);
        m_seen[runId] = state.state;
        live = live || slurm::isLive(state.state);
    }
    return live;
}

std::optional<std::vector<store::RunRecord>> SlurmWaiter::follow(const std::vector<qint64> &runIds,
                                                                 const std::atomic<bool> &stop, QString *error)
{
    int failedPolls = 0;
    for (;;) {
        if (stop.load()) {
            *error = tr("stopped following; the tasks go on in Slurm (`gatefold-cli runs list` shows them)");
            return std::nullopt;
        }
        const auto live = poll(runIds, error);
        if (!live && ++failedPolls > kFailedPollsAllowed)
            return std::nullopt;
        if (live)
            failedPolls = 0;
        if (live && !*live)
            return endings(runIds);
        QThread::msleep(kPollMs);
    }
}

std::vector<store::RunRecord> SlurmWaiter::endings(const std::vector<qint64> &runIds)
{
    std::vector<store::RunRecord> records;
    for (qint64 id : runIds) {
        auto record = m_store.run(id);
        if (!record)
            continue;
        const store::SlurmJob &job = m_jobs[id];
        const QString state = slurm::toString(m_seen[id]);
        if (record->status == store::RunStatus::Running
            && m_store.setStatus(id, store::RunStatus::Crashed,
                                 tr("its Slurm task %1 ended (%2) while the run was running: the engine was killed "
                                    "(time limit, memory, a node?); see %3, and resume it")
                                     .arg(job.jobId, state, taskErrors(job))))
            record = m_store.run(id);
        else if (record->status == store::RunStatus::Queued)
            record->message = tr("its Slurm task %1 ended (%2) before its engine took the run; see %3")
                                  .arg(job.jobId, state, taskErrors(job));
        if (record)
            records.push_back(*record);
    }
    return records;
}

} // namespace gatefold::cli
