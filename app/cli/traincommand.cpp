#include "traincommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "requestedrun.h"
#include "resumerequest.h"
#include "runproblems.h"
#include "slurmtrain.h"
#include "stopsignal.h"
#include "trainprinter.h"
#include "trainrequest.h"

#include "runtime/threadenvironment.h"
#include "store/runstore.h"
#include "store/storetext.h"
#include "config/runconfigjson.h"
#include "train/datarecord.h"
#include "train/runexecution.h"
#include "launch/newrun.h"
#include "train/trainer.h"
#include "train/dataparallel.h"
#include "dist/worldinfo.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <unistd.h>

namespace gatefold::cli {
namespace {

// How long a run on another host may go without a heartbeat before it counts as crashed
// ($GATEFOLD_STALE_SECONDS, for tests; an engine alive on this host is alive whatever its heartbeat).
double staleSeconds()
{
    bool ok = false;
    const double seconds = qEnvironmentVariable("GATEFOLD_STALE_SECONDS").toDouble(&ok);
    return ok && seconds > 0 ? seconds : 120.0;
}

std::unique_ptr<store::RunStore> openStore(const QString &path)
{
    QString error;
    auto store = store::RunStore::open(path, &error);
    if (!store)
        printErr(tr("error: %1").arg(error));
    return store;
}

int exitCodeOf(train::TrainEnd end)
{
    switch (end) {
    case train::TrainEnd::Finished:
    case train::TrainEnd::Paused: return ExitOk;  // it did what --stop-at-epoch asked
    case train::TrainEnd::Cancelled: return ExitCancelled;
    case train::TrainEnd::Failed: return ExitFailure;
    }
    return ExitFailure;
}

QString statusWord(train::TrainEnd end)
{
    switch (end) {
    case train::TrainEnd::Finished: return QStringLiteral("finished");
    case train::TrainEnd::Paused: return QStringLiteral("stopped");
    case train::TrainEnd::Cancelled: return QStringLiteral("cancelled");
    case train::TrainEnd::Failed: return QStringLiteral("failed");
    }
    return QStringLiteral("failed");
}

// Runs (or resumes) `runId` with the printer and signal handlers in place.
int execute(store::RunStore &store, qint64 runId, train::ExecutionOptions options, bool json)
{
    const auto record = store.run(runId);
    train::RunConfig config;
    QStringList errors;
    QString worldError;
    options.world = dist::worldFromEnvironment(&worldError);  // srun or torchrun started this as rank 0
    if (!worldError.isEmpty()) {
        printErr(tr("error: %1").arg(worldError));
        return ExitUsage;
    }
    options.program = QCoreApplication::applicationFilePath();
    if (record && train::runConfigFromJson(record->configJson, &config, &errors)) {
        const int processes = options.processes > 0 ? options.processes : config.train.processes;
        const dist::WorldInfo world = options.world ? *options.world
                                    : processes > 1 ? dist::localWorld(processes)
                                                    : dist::WorldInfo{};
        runtime::applyThreadCount(world.distributed() ? train::threadsPerRank(config, world) : config.train.threads);
    }
    TrainPrinter printer(json, runId);
    options.stop = installStopHandlers();
    options.events = &printer;
    options.gatefoldVersion = QCoreApplication::applicationVersion();
    const auto result = train::executeRun(store, runId, options);
    if (result.refused) {  // nothing was changed: no run event, the reason on stderr
        printErr(tr("error: %1").arg(result.message));
        return ExitFailure;
    }
    printer.finished(result.crashed ? QStringLiteral("crashed") : statusWord(result.end), result.message);
    if (!json && result.end == train::TrainEnd::Failed && !isatty(STDOUT_FILENO))  // stdout may be a file: say it on stderr too
        printErr(tr("error: run %1 %2: %3").arg(runId).arg(statusWord(result.end), result.message));
    if (result.configError)
        return ExitUsage;
    return exitCodeOf(result.end);
}

// train --run ID: a run already queued in the store (by the window or a sweep), with its own config.
int trainQueuedRun(const TrainRequest &request)
{
    const qint64 runId = *request.queuedRunId;
    auto store = openStore(request.storePath);
    if (!store)
        return ExitFailure;
    if (const auto problem = queuedRunProblem(*store, runId, store->run(runId)))
        return printCommandError(*problem);
    train::ExecutionOptions options;
    options.stopAtStep = request.stopAtStep;
    options.pauseAtEpoch = request.stopAtEpoch;
    options.processes = request.nproc;
    options.acceptModifiedCheckpoint = request.acceptModifiedCheckpoint;  // its init.from
    return execute(*store, runId, options, request.json);
}

// train without --run: the run created from the request's config, then trained.
int trainNewRun(const TrainRequest &request)
{
    auto store = openStore(request.storePath);
    if (!store)
        return ExitFailure;
    CommandError error;
    const auto runId = createRequestedRun(*store, request, &error);
    if (!runId)
        return printCommandError(error);
    printCreated(*store, *runId, request);
    train::ExecutionOptions options;
    options.stopAtStep = request.stopAtStep;
    options.pauseAtEpoch = request.stopAtEpoch;
    return execute(*store, *runId, options, request.json);
}

int resumeRun(const ResumeRequest &request)
{
    auto store = openStore(request.storePath);
    if (!store)
        return ExitFailure;
    store->markCrashedRuns(staleSeconds());
    if (const auto problem = resumeProblem(*store, request.runId, store->run(request.runId)))
        return printCommandError(*problem);
    train::ExecutionOptions options;
    options.resume = true;
    options.resumeFrom = request.from;
    options.acceptModifiedCheckpoint = request.acceptModifiedCheckpoint;
    options.stopAtStep = request.stopAtStep;
    options.pauseAtEpoch = request.stopAtEpoch;
    options.processes = request.nproc;
    return execute(*store, request.runId, options, request.json);
}

// A rank other than 0 of a data-parallel job (started by --nproc, torchrun or srun): whatever the
// arguments, it trains rank 0's run on its shard and never touches the store. nullopt for rank 0
// and a single process.
std::optional<int> runAsRank()
{
    QString error;
    const auto world = dist::worldFromEnvironment(&error);
    if (!world || world->isLeader())
        return std::nullopt;  // a problem with the environment is said by rank 0's path
    QString message;
    const int code = train::runRank(*world, installStopHandlers(), &message);
    if (code != 0)
        printErr(tr("error: gatefold-cli %1: %2").arg(world->describe(), message));
    return code == 0 ? ExitOk : ExitFailure;
}

// An environment that describes no possible world (RANK >= WORLD_SIZE, no or a bad MASTER_PORT, …):
// refused before the store is opened, so that a job that cannot start leaves no queued run behind.
std::optional<int> badWorldEnvironment()
{
    QString error;
    dist::worldFromEnvironment(&error);
    if (error.isEmpty())
        return std::nullopt;
    printErr(tr("error: %1").arg(error));
    return ExitUsage;
}

} // namespace

int runTrain(const QStringList &arguments)
{
    installStopHandlers();  // from the start: a stop while it loads ends the run as cancelled, not killed
    if (const auto worker = runAsRank())
        return *worker;
    QCommandLineParser parser;
    addTrainOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    if (const auto exitCode = badWorldEnvironment())
        return *exitCode;
    CommandError error;
    const auto request = trainRequest(parser, &error);
    if (!request)
        return printCommandError(error);
    if (request->slurm)
        return submitTrain(*request);
    return request->queuedRunId ? trainQueuedRun(*request) : trainNewRun(*request);
}

int runResume(const QStringList &arguments)
{
    installStopHandlers();  // from the start: a stop while it loads ends the run as cancelled, not killed
    if (const auto worker = runAsRank())
        return *worker;
    QCommandLineParser parser;
    addResumeOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    if (const auto exitCode = badWorldEnvironment())
        return *exitCode;
    CommandError error;
    const auto request = resumeRequest(parser, &error);
    if (!request)
        return printCommandError(error);
    return request->slurm ? resubmitRun(*request) : resumeRun(*request);
}

} // namespace gatefold::cli
