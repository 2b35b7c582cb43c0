#include "runscancel.h"
#include "clitext.h"

#include "clicommon.h"
#include "trainprinter.h"

#include "launch/localprocess.h"
#include "launch/slurmrunstates.h"
#include "slurm/slurmclient.h"
#include "store/runstore.h"
#include "store/storetext.h"

#include <QJsonObject>

namespace gatefold::cli {
namespace {

// What became of one run: the action taken ("scancel", "sigterm", "cancelled", "none"), the job
// it concerned, what to say, and the exit status it counts for.
struct Cancelled {
    QString action;
    QString job;
    QString message;
    int exitCode = ExitOk;
};

Cancelled refused(int exitCode, const QString &message)
{
    return {QStringLiteral("none"), QString(), message, exitCode};
}

// A run whose Slurm task still waits or runs: scancel; a run not started yet is cancelled at once.
Cancelled cancelInSlurm(store::RunStore &store, const store::RunRecord &run, const launch::SlurmRunState &state,
                        const slurm::SlurmClient &client)
{
    const QString job = state.job.jobId;
    QString why;
    if (!client.cancel({job}, &why))
        return {QStringLiteral("none"), job, tr("run %1: job %2 could not be cancelled: %3").arg(run.id).arg(job, why),
                ExitFailure};
    if (run.status == store::RunStatus::Queued
        && store.cancelQueuedRun(run.id, tr("cancelled in Slurm (job %1) before its engine started").arg(job)))
        return {QStringLiteral("scancel"), job,
                tr("run %1: job %2 cancelled (it was %3); the run is cancelled, `gatefold-cli resume --run %1 --slurm` "
                   "submits it again")
                    .arg(run.id)
                    .arg(job, slurm::toString(state.state))};
    if (store.run(run.id).value_or(run).status == store::RunStatus::Running)
        return {QStringLiteral("scancel"), job,
                tr("run %1: job %2 cancelled; Slurm sends its engine SIGTERM: it saves a checkpoint and ends as "
                   "cancelled (`gatefold-cli resume --run %1 --slurm` continues it)")
                    .arg(run.id)
                    .arg(job)};
    return {QStringLiteral("scancel"), job,
            tr("run %1: job %2 cancelled; the run stays %3").arg(run.id).arg(job, store::toString(run.status))};
}

// A run not (or no longer) in Slurm's hands: its engine here gets SIGTERM; a queued run is cancelled.
Cancelled cancelHere(store::RunStore &store, const store::RunRecord &run)
{
    if (run.status == store::RunStatus::Queued) {
        if (!store.cancelQueuedRun(run.id, tr("cancelled (gatefold-cli runs cancel) before it started")))
            return refused(ExitFailure, tr("run %1: %2").arg(run.id).arg(store.lastError()));
        return {QStringLiteral("cancelled"), QString(), tr("run %1: cancelled (it was queued)").arg(run.id)};
    }
    if (run.status != store::RunStatus::Running)
        return refused(ExitUsage, tr("run %1 is %2: there is nothing to cancel").arg(run.id).arg(store::toString(run.status)));
    const auto engine = launch::LocalProcess::holderOf(run);
    if (!engine)
        return refused(ExitFailure, tr("run %1 trains on %2 (pid %3), not on this machine: cancel it there (`kill "
                                       "-TERM %3` on %2) or in the window that started it")
                                        .arg(run.id)
                                        .arg(store::escapedForTerminal(run.host))
                                        .arg(run.pid));
    if (!engine->terminate())
        return refused(ExitFailure, tr("run %1: its engine (pid %2) could not be sent SIGTERM").arg(run.id).arg(run.pid));
    return {QStringLiteral("sigterm"), QString(),
            tr("run %1: its engine (pid %2) got SIGTERM; it saves a checkpoint and ends as cancelled (`gatefold-cli "
               "resume --run %1` continues it)")
                .arg(run.id)
                .arg(run.pid)};
}

Cancelled cancelOne(store::RunStore &store, qint64 id, const launch::SlurmRunStates &states,
                    const slurm::SlurmClient &client)
{
    const auto run = store.run(id);
    if (!run)
        return refused(ExitUsage, tr("there is no run %1 in %2").arg(id).arg(store.displayName()));
    if (!run->damage.isEmpty())
        return refused(ExitFailure, tr("run %1 is damaged (%2); it is left as it is")
                                        .arg(id)
                                        .arg(store::escapedForTerminal(run->damage)));
    const launch::SlurmRunState *state = states.find(id);
    if (state && !states.problem.isEmpty())
        return refused(ExitFailure, tr("run %1 was submitted to Slurm (job %2), and Slurm cannot be asked: %3")
                                        .arg(id)
                                        .arg(state->job.jobId, states.problem));
    if (state && slurm::isLive(state->state))
        return cancelInSlurm(store, *run, *state, client);
    return cancelHere(store, *run);
}

} // namespace

int cancelRuns(store::RunStore &store, const std::vector<qint64> &runIds, bool json)
{
    store.markCrashedRuns();
    const slurm::SlurmClient client;
    const auto states = store.latestSlurmJobs().empty() ? launch::SlurmRunStates()
                                                        : launch::SlurmRunStates::of(store, client, runIds);
    int exitCode = ExitOk;
    for (qint64 id : runIds) {
        const Cancelled c = cancelOne(store, id, states, client);
        exitCode = std::max(exitCode, c.exitCode);
        if (json)
            TrainPrinter::printJson(QJsonObject{{"run", id}, {"action", c.action}, {"job", c.job}, {"message", c.message}});
        else if (c.exitCode == ExitOk)
            printOut(c.message);
        else
            printErr(tr("error: %1").arg(c.message));
    }
    return exitCode;
}

} // namespace gatefold::cli
