#include "slurmsubmit.h"
#include "clitext.h"

#include "slurmwaiter.h"
#include "stopsignal.h"

#include "launch/slurmrunstates.h"
#include "store/runstore.h"
#include "store/storelocation.h"

#include <QCoreApplication>
#include <QSysInfo>

#include <pwd.h>
#include <unistd.h>

namespace gatefold::cli {

std::optional<CommandError> slurmStoreRefusal(const QString &storePath, const slurm::SlurmOptions &options,
                                              const slurm::SlurmClient &client)
{
    QString why;
    const auto location = store::StoreLocation::parse(storePath, &why);
    if (!location)
        return commandError(ExitUsage, why);
    why = launch::SlurmSubmission::storeRefusal(*location, options, client);
    if (!why.isEmpty())
        return commandError(ExitUsage, tr("cannot submit to Slurm: %1").arg(why));
    for (const QString &notice : launch::SlurmSubmission::storeNotices(*location))
        SlurmPrinter::note(notice);
    return std::nullopt;
}

std::optional<CommandError> liveJobProblem(store::RunStore &store, qint64 runId, const slurm::SlurmClient &client)
{
    const auto states = launch::SlurmRunStates::of(store, client, {runId});
    const launch::SlurmRunState *state = states.find(runId);
    if (!state)
        return std::nullopt;
    if (!states.problem.isEmpty())
        return commandError(ExitFailure, tr("run %1 was submitted to Slurm before (job %2), and Slurm cannot say "
                                            "whether that job still waits or runs: %3")
                                             .arg(runId)
                                             .arg(state->job.jobId, states.problem));
    if (!slurm::isLive(state->state))
        return std::nullopt;
    return commandError(ExitUsage, tr("run %1 is in Slurm already as job %2 (%3); `gatefold-cli runs cancel %1` "
                                      "cancels it")
                                       .arg(runId)
                                       .arg(state->job.jobId, slurm::toString(state->state)));
}

launch::SlurmBatch slurmBatch(const std::vector<qint64> &runIds, slurm::EngineCommand command,
                              const slurm::SlurmOptions &options, const QString &commandName)
{
    launch::SlurmBatch batch;
    batch.runIds = runIds;
    batch.command = command;
    batch.options = options;
    batch.cliPath = QCoreApplication::applicationFilePath();
    const passwd *account = ::getpwuid(::getuid());
    const QString user = account ? QString::fromLocal8Bit(account->pw_name) : QString::number(::getuid());
    batch.madeBy = QStringLiteral("gatefold-cli %1 `%2 --slurm` (%3@%4)")
                       .arg(QCoreApplication::applicationVersion(), commandName, user, QSysInfo::machineHostName());
    return batch;
}

std::optional<launch::SlurmSubmitted> submitBatch(store::RunStore &store, const slurm::SlurmClient &client,
                                                  const launch::SlurmBatch &batch, const SlurmPrinter &printer,
                                                  bool newRuns, CommandError *error)
{
    QString why;
    launch::SlurmSubmission submission(store, client);
    const auto submitted = submission.submit(batch, &why);
    if (submitted) {
        printer.submitted(*submitted);
        return submitted;
    }
    QStringList lines{tr("error: not submitted to Slurm: %1").arg(why)};
    for (qint64 id : batch.runIds)
        if (newRuns && store.setStatus(id, store::RunStatus::Failed, tr("not submitted to Slurm: %1").arg(why)))
            lines << tr("  run %1 is recorded as failed; `gatefold-cli resume --run %1 --slurm` submits it again")
                         .arg(id);
    *error = {ExitFailure, lines};
    return std::nullopt;
}

std::optional<std::vector<store::RunRecord>> waitForRuns(store::RunStore &store, const slurm::SlurmClient &client,
                                                         const SlurmPrinter &printer, const std::vector<qint64> &runIds)
{
    SlurmWaiter waiter(store, client, printer);
    QString why;
    const auto records = waiter.follow(runIds, *installStopHandlers(), &why);
    if (!records)
        printErr(tr("error: cannot follow the tasks to their end: %1").arg(why));
    return records;
}

int runExitCode(const store::RunRecord &record)
{
    if (record.status == store::RunStatus::Finished)
        return ExitOk;
    return record.status == store::RunStatus::Cancelled ? ExitCancelled : ExitFailure;
}

} // namespace gatefold::cli
