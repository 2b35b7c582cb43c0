#include "traincommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "initcheckpoint.h"
#include "resumerequest.h"
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
    case train::TrainEnd::Finished: return ExitOk;
    case train::TrainEnd::Cancelled: return ExitCancelled;
    case train::TrainEnd::Failed: return ExitFailure;
    }
    return ExitFailure;
}

QString statusWord(train::TrainEnd end)
{
    switch (end) {
    case train::TrainEnd::Finished: return QStringLiteral("finished");
    case train::TrainEnd::Cancelled: return QStringLiteral("cancelled");
    case train::TrainEnd::Failed: return QStringLiteral("failed");
    }
    return QStringLiteral("failed");
}

// A run whose record is damaged (a status no Gatefold writes, a value not of its column's type)
// is not started or resumed: what it would continue from cannot be trusted.
CommandError damagedRunError(const store::RunStore &store, const store::RunRecord &record)
{
    return {ExitFailure,
            {tr("error: run %1 is damaged (%2); it was left as it is and cannot be started or resumed. Repair its "
                "record with sqlite3, or delete it (gatefold-cli runs delete %1 --store %3).")
                 .arg(record.id)
                 .arg(store::escapedForTerminal(record.damage), store.displayName())}};
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

// Why the run in `store` cannot be trained as a queued run (train --run), if it cannot.
std::optional<CommandError> queuedRunProblem(const store::RunStore &store, qint64 runId,
                                             const std::optional<store::RunRecord> &record)
{
    if (!record)
        return CommandError{ExitUsage, {tr("error: there is no run %1 in %2").arg(runId).arg(store.displayName())}};
    if (!record->damage.isEmpty())
        return damagedRunError(store, *record);
    if (record->status != store::RunStatus::Queued)
        return CommandError{ExitUsage,
                            {tr("error: run %1 is %2, not queued; use `gatefold-cli resume --run %1` to continue it")
                                 .arg(runId)
                                 .arg(store::toString(record->status))}};
    return std::nullopt;
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
    options.processes = request.nproc;
    options.acceptModifiedCheckpoint = request.acceptModifiedCheckpoint;  // its init.from
    return execute(*store, runId, options, request.json);
}

// The run `train` creates: queued with the request's name, tags and notes, the child of the run
// whose checkpoint it starts from; recorded with it the modified checkpoint the user accepted and
// the data set it reads. Its id, or nullopt with `error`.
std::optional<qint64> createRun(store::RunStore &store, const TrainRequest &request,
                                const std::optional<InitCheckpoint> &init, CommandError *error)
{
    train::RunConfig config = request.config;
    launch::QueuedRunDetails details = request.details;
    if (init) {
        details.parentId = init->runId;
        config.train.initFrom = init->file.toStdString();
    }
    QString why;
    const auto runId = launch::createQueuedRun(store, config, details, &why);
    if (!runId) {
        *error = commandError(ExitFailure, why);
        return std::nullopt;
    }
    if (init && init->check.state == train::CheckpointState::Modified)
        recordAcceptance(store, *runId, *init);
    if (const auto record = train::dataSetArtifact(*runId, request.dataFacts, config); record && !store.addArtifact(*record))
        printErr(tr("warning: cannot record the data set with run %1 (its first start does): %2")
                     .arg(*runId)
                     .arg(store.lastError()));
    return runId;
}

void printCreated(const store::RunStore &store, qint64 runId, const TrainRequest &request)
{
    if (request.json)
        TrainPrinter::printEvent(launch::CreatedEvent{runId, store.displayName()});
    else
        printOut(tr("created run %1 '%2' in %3").arg(runId).arg(request.details.name, store.displayName()));
}

// train without --run: the run created from the request's config, then trained.
int trainNewRun(const TrainRequest &request)
{
    auto store = openStore(request.storePath);
    if (!store)
        return ExitFailure;
    CommandError error;
    std::optional<InitCheckpoint> init = request.init;
    if (request.initFromRun) {  // RUN, RUN:best or RUN:last: verified now that the store is open
        init = verifiedInitRun(*store, *request.initFromRun, request.config, request.acceptModifiedCheckpoint, &error);
        if (!init)
            return printCommandError(error);
    }
    const auto runId = createRun(*store, request, init, &error);
    if (!runId)
        return printCommandError(error);
    printCreated(*store, *runId, request);
    train::ExecutionOptions options;
    options.stopAtStep = request.stopAtStep;
    return execute(*store, *runId, options, request.json);
}

// Why `record` cannot be resumed, if it cannot: only failed, cancelled or crashed runs can.
std::optional<CommandError> resumeProblem(const store::RunStore &store, qint64 runId,
                                          const std::optional<store::RunRecord> &record)
{
    if (!record)
        return CommandError{ExitUsage, {tr("error: there is no run %1 in %2").arg(runId).arg(store.displayName())}};
    if (!record->damage.isEmpty())
        return damagedRunError(store, *record);
    if (store::isAllowedTransition(record->status, store::RunStatus::Running)
        && record->status != store::RunStatus::Queued)
        return std::nullopt;
    return CommandError{
        ExitUsage,
        {record->status == store::RunStatus::Running
             ? tr("error: run %1 is running (pid %2 on %3); stop it first").arg(runId).arg(record->pid).arg(record->host)
             : tr("error: run %1 is %2; only failed, cancelled or crashed runs can be resumed%3")
                   .arg(runId)
                   .arg(store::toString(record->status),
                        record->status == store::RunStatus::Queued ? tr(" (start it with train --run)") : QString())}};
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
    return resumeRun(*request);
}

} // namespace gatefold::cli
