#include "slurmtrain.h"
#include "clitext.h"

#include "requestedrun.h"
#include "resumerequest.h"
#include "runproblems.h"
#include "slurmsubmit.h"
#include "trainprinter.h"
#include "trainrequest.h"

#include "store/runstore.h"
#include "store/storetext.h"

namespace gatefold::cli {
namespace {

std::unique_ptr<store::RunStore> openStore(const QString &path, CommandError *error)
{
    QString why;
    auto store = store::RunStore::open(path, &why);
    if (!store)
        *error = commandError(ExitFailure, why);
    return store;
}

// The run submitted as gatefold-run-<id>, its script and output in its own folder; with --wait
// followed to its end. The exit status.
int submitRun(store::RunStore &store, const slurm::SlurmClient &client, qint64 runId, slurm::EngineCommand command,
              const SlurmRequest &slurm, bool json, bool newRun)
{
    const auto record = store.run(runId);
    launch::SlurmBatch batch = slurmBatch({runId}, command, slurm.options,
                                          command == slurm::EngineCommand::Resume ? QStringLiteral("resume")
                                                                                 : QStringLiteral("train"));
    batch.jobName = QStringLiteral("gatefold-run-%1").arg(runId);
    batch.description = QStringLiteral("run %1 '%2'").arg(runId).arg(record ? record->name : QString());
    batch.folder = store.runDirectory(runId);
    const SlurmPrinter printer(json, {});
    CommandError error;
    if (!submitBatch(store, client, batch, printer, newRun, &error))
        return printCommandError(error);
    if (!slurm.wait)
        return ExitOk;
    const auto records = waitForRuns(store, client, printer, {runId});
    if (!records || records->empty())
        return ExitFailure;
    const store::RunRecord &end = records->front();
    TrainPrinter(json, runId).finished(store::toString(end.status), store::escapedForTerminal(end.message));
    return runExitCode(end);
}

// The options of the run's last submission, with those given anew in their place; nullopt with `error`.
std::optional<slurm::SlurmOptions> resubmissionOptions(store::RunStore &store, qint64 runId, const SlurmRequest &slurm,
                                                       CommandError *error)
{
    slurm::SlurmOptions recorded;
    QString why;
    if (const auto jobs = store.slurmJobs(runId); !jobs.empty()) {
        const auto options = slurm::slurmOptionsFromJson(jobs.back().optionsJson, &why);
        if (!options) {
            *error = commandError(ExitFailure, tr("run %1's last Slurm submission (job %2) recorded options that "
                                                  "cannot be read (%3); give them anew, e.g. --partition")
                                                   .arg(runId)
                                                   .arg(jobs.back().jobId, why));
            return std::nullopt;
        }
        recorded = *options;
    }
    QStringList problems;
    const auto options = slurm::readSlurmOptions(slurm.given, recorded, &problems);
    if (!options)
        *error = commandErrors(ExitUsage, tr("invalid options:"), problems);
    return options;
}

} // namespace

int submitTrain(const TrainRequest &request)
{
    const slurm::SlurmClient client;
    if (const auto refusal = slurmStoreRefusal(request.storePath, request.slurm->options, client))
        return printCommandError(*refusal);
    CommandError error;
    auto store = openStore(request.storePath, &error);
    if (!store)
        return printCommandError(error);
    if (request.queuedRunId) {
        const qint64 runId = *request.queuedRunId;
        if (const auto problem = queuedRunProblem(*store, runId, store->run(runId)))
            return printCommandError(*problem);
        if (const auto problem = liveJobProblem(*store, runId, client))
            return printCommandError(*problem);
        return submitRun(*store, client, runId, slurm::EngineCommand::Train, *request.slurm, request.json, false);
    }
    const auto runId = createRequestedRun(*store, request, &error);
    if (!runId)
        return printCommandError(error);
    printCreated(*store, *runId, request);
    return submitRun(*store, client, *runId, slurm::EngineCommand::Train, *request.slurm, request.json, true);
}

int resubmitRun(const ResumeRequest &request)
{
    const slurm::SlurmClient client;
    CommandError error;
    auto store = openStore(request.storePath, &error);
    if (!store)
        return printCommandError(error);
    store->markCrashedRuns();
    if (const auto problem = resumeProblem(*store, request.runId, store->run(request.runId)))
        return printCommandError(*problem);
    if (const auto problem = liveJobProblem(*store, request.runId, client))
        return printCommandError(*problem);
    SlurmRequest slurm = *request.slurm;
    const auto options = resubmissionOptions(*store, request.runId, slurm, &error);
    if (!options)
        return printCommandError(error);
    slurm.options = *options;
    if (const auto refusal = slurmStoreRefusal(request.storePath, slurm.options, client))
        return printCommandError(*refusal);
    return submitRun(*store, client, request.runId, slurm::EngineCommand::Resume, slurm, request.json, false);
}

} // namespace gatefold::cli
