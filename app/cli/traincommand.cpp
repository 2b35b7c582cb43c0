#include "traincommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "prerunchecks.h"
#include "runoptions.h"
#include "stopsignal.h"
#include "trainprinter.h"

#include "model/visiontransformer.h"
#include "runtime/threadenvironment.h"
#include "store/checkpointname.h"
#include "store/runstore.h"
#include "store/storetext.h"
#include "train/checkpoint.h"
#include "train/checkpointchoice.h"
#include "train/checkpointfiles.h"
#include "train/datarecord.h"
#include "config/resourceestimate.h"
#include "config/runconfigjson.h"
#include "train/runexecution.h"
#include "config/runpaths.h"
#include "launch/newrun.h"
#include "train/trainer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <unistd.h>

namespace gatefold::cli {
namespace {

void addCommonOptions(QCommandLineParser &parser)
{
    addStoreOption(parser);
    parser.addOption({"json", tr("Print one JSON object per line on stdout (for the GUI and scripts).")});
    parser.addOption({"stop-at-step",
                      tr("Stop as if cancelled once this many steps are taken (saves a checkpoint; resume continues)."),
                      tr("n")});
    parser.addOption({"accept-modified-checkpoint",
                      tr("Load a checkpoint although it is not what was written (its content hash or the store's "
                         "sha256 differs); recorded in the run as checkpoint/accepted-modified.")});
}

// How long a run on another host may go without a heartbeat before it counts as crashed
// ($GATEFOLD_STALE_SECONDS, for tests; an engine alive on this host is alive whatever its heartbeat).
double staleSeconds()
{
    bool ok = false;
    const double seconds = qEnvironmentVariable("GATEFOLD_STALE_SECONDS").toDouble(&ok);
    return ok && seconds > 0 ? seconds : 120.0;
}

std::optional<qint64> wholeOption(const QCommandLineParser &parser, const QString &name, QStringList *errors)
{
    if (!parser.isSet(name))
        return std::nullopt;
    bool ok = false;
    const qint64 v = parser.value(name).toLongLong(&ok);
    if (!ok || v < 0) {
        errors->append(tr("--%1 must be a whole number >= 0, not '%2'").arg(name, parser.value(name)));
        return std::nullopt;
    }
    return v;
}

std::unique_ptr<store::RunStore> openStore(const QString &path)
{
    QString error;
    auto store = store::RunStore::open(path, &error);
    if (!store)
        printErr(tr("error: %1").arg(error));
    return store;
}

// A checkpoint for --init-from: its file and, when the store records it, the run and its sha256.
struct InitCheckpoint {
    QString file;
    qint64 runId = 0;
    QString recordedSha256;
};

// Whether --init-from names a file (a dangling or looping link is a file's name too) rather than a run.
bool namesAFile(const QString &spec)
{
    return QFileInfo::exists(spec) || QFileInfo(spec).isSymLink();
}

// A checkpoint named by RUN (its best, else last) or RUN:best / RUN:last.
std::optional<InitCheckpoint> runCheckpoint(store::RunStore &store, const QString &spec)
{
    const QString runPart = spec.section(':', 0, 0);
    const QString which = spec.section(':', 1);
    bool ok = false;
    const qint64 id = runPart.toLongLong(&ok);
    if (!ok || (which != "" && which != "best" && which != "last")) {
        printErr(tr("error: --init-from '%1' is neither a file nor RUN, RUN:best or RUN:last").arg(spec));
        return std::nullopt;
    }
    for (const QString &kind : {(which == "last" ? store::CheckpointName::last() : store::CheckpointName::best()).kind(),
                               store::CheckpointName::last().kind()}) {
        const auto found = store.artifacts(id, kind);
        if (!found.empty())
            return InitCheckpoint{train::artifactFile(store, found.back()), id, found.back().sha256};
        if (which != "")
            break;
    }
    printErr(tr("error: --init-from: run %1 has no %2 checkpoint in %3")
                 .arg(id)
                 .arg(which.isEmpty() ? QStringLiteral("best or last") : which, store.displayName()));
    return std::nullopt;
}

// Checked before the run is created: a checkpoint that is not what was written is refused (exit 2)
// unless accepted; `check` gets the verdict.
bool checkInitCheckpoint(const InitCheckpoint &init, bool accept, train::CheckpointCheck *check)
{
    train::CheckpointTrust trust;
    trust.recordedSha256 = init.recordedSha256;
    *check = train::checkCheckpoint(init.file, trust);
    if (check->usable() || (accept && check->state == train::CheckpointState::Modified))
        return true;
    printErr(tr("error: --init-from: %1; nothing was created. %2")
                 .arg(check->problem,
                      check->state == train::CheckpointState::Modified
                          ? tr("Start from another checkpoint (RUN:best, RUN:last or a file), or pass "
                               "--accept-modified-checkpoint if the change is yours (it is recorded in the new run).")
                          : tr("Give an existing checkpoint file, RUN, RUN:best or RUN:last.")));
    return false;
}

// Checked before the run is created too: the checkpoint's weights fit the model this config builds.
bool initCheckpointFits(const train::RunConfig &config, const InitCheckpoint &init, const train::CheckpointCheck &check)
{
    std::string why;
    const auto model = model::buildModel(config.model, &why);
    QString error = QString::fromStdString(why);
    train::CheckpointTrust trust;
    trust.recordedSha256 = init.recordedSha256;
    trust.acceptedSha256 << check.fileSha256;  // usable, or accepted by the user (checkInitCheckpoint)
    if (model && train::checkpointFits(init.file, *model, &error, trust))
        return true;
    printErr(tr("error: --init-from: %1; nothing was created. Start from a checkpoint of a run with the same model "
                "settings (img_size, patch_size, embed_dim, depth, num_heads, mlp_ratio, num_classes, gate.*, "
                "join.*), or set them as that run did (`gatefold-cli runs show RUN` lists its config).")
                 .arg(error));
    return false;
}

// The --init-from checkpoint with its verdict, or `refused` after saying why.
struct VerifiedInit {
    InitCheckpoint checkpoint;
    train::CheckpointCheck check;
    bool refused = false;
};

VerifiedInit verifyInit(const std::optional<InitCheckpoint> &init, const train::RunConfig &config, bool accept)
{
    VerifiedInit out;
    if (!init) {
        out.refused = true;
        return out;
    }
    out.checkpoint = *init;
    out.refused = !checkInitCheckpoint(out.checkpoint, accept, &out.check)
               || !initCheckpointFits(config, out.checkpoint, out.check);
    return out;
}

// The acceptance of a modified --init-from checkpoint, recorded in the new run.
void recordAcceptance(store::RunStore &store, qint64 runId, const InitCheckpoint &init, const train::CheckpointCheck &check)
{
    store::Artifact accepted;
    accepted.runId = runId;
    accepted.kind = store::kAcceptedModifiedKind;
    accepted.path = train::artifactPathFor(store, init.file);
    accepted.sha256 = check.fileSha256;
    accepted.infoJson = QJsonDocument(QJsonObject{{"path", init.file},
                                                  {"kind", QStringLiteral("init.from")},
                                                  {"recorded_sha256", init.recordedSha256},
                                                  {"found_sha256", check.fileSha256},
                                                  {"problem", check.problem}})
                            .toJson(QJsonDocument::Compact);
    if (!store.addArtifact(accepted))
        printErr(tr("warning: cannot record the accepted checkpoint in run %1: %2").arg(runId).arg(store.lastError()));
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

// Runs (or resumes) `runId` with the printer and signal handlers in place.
// A run whose record is damaged (a status no Gatefold writes, a value not of its column's type)
// is not started or resumed: what it would continue from cannot be trusted.
int refuseDamaged(store::RunStore &store, const store::RunRecord &record)
{
    printErr(tr("error: run %1 is damaged (%2); it was left as it is and cannot be started or resumed. Repair its "
                "record with sqlite3, or delete it (gatefold-cli runs delete %1 --store %3).")
                 .arg(record.id)
                 .arg(store::escapedForTerminal(record.damage), store.displayName()));
    return ExitFailure;
}

int execute(store::RunStore &store, qint64 runId, train::ExecutionOptions options, bool json)
{
    const auto record = store.run(runId);
    train::RunConfig config;
    QStringList errors;
    if (record && train::runConfigFromJson(record->configJson, &config, &errors))
        runtime::applyThreadCount(config.train.threads);
    TrainPrinter printer(json, runId);
    options.stop = installStopHandlers();
    options.events = &printer;
    options.gatefoldVersion = QCoreApplication::applicationVersion();
    const auto result = train::executeRun(store, runId, options);
    if (result.refused) {  // nothing was changed: no run event, the reason on stderr
        printErr(tr("error: %1").arg(result.message));
        return ExitFailure;
    }
    printer.finished(statusWord(result.end), result.message);
    if (!json && result.end == train::TrainEnd::Failed && !isatty(STDOUT_FILENO))  // stdout may be a file: say it on stderr too
        printErr(tr("error: run %1 %2: %3").arg(runId).arg(statusWord(result.end), result.message));
    if (result.configError)
        return ExitUsage;
    return exitCodeOf(result.end);
}

// train --run ID: a run already queued in the store (by the window or a sweep), with its own config.
int trainQueuedRun(const QCommandLineParser &parser, qint64 runId, std::optional<qint64> stopAt, QStringList errors)
{
    for (const char *name : {"preset", "config", "set", "name", "tag", "notes", "init-from"})
        if (parser.isSet(name))
            errors.append(tr("--%1 cannot be combined with --run (the run has its config)").arg(name));
    if (!errors.isEmpty()) {
        printErrors(tr("invalid options:"), errors);
        return ExitUsage;
    }
    auto store = openStore(storePathFromOptions(parser));
    if (!store)
        return ExitFailure;
    const auto record = store->run(runId);
    if (!record) {
        printErr(tr("error: there is no run %1 in %2").arg(runId).arg(store->displayName()));
        return ExitUsage;
    }
    if (!record->damage.isEmpty())
        return refuseDamaged(*store, *record);
    if (record->status != store::RunStatus::Queued) {
        printErr(tr("error: run %1 is %2, not queued; use `gatefold-cli resume --run %1` to continue it")
                     .arg(runId)
                     .arg(store::toString(record->status)));
        return ExitUsage;
    }
    train::ExecutionOptions options;
    options.stopAtStep = stopAt.value_or(-1);
    options.acceptModifiedCheckpoint = parser.isSet("accept-modified-checkpoint");  // its init.from
    return execute(*store, runId, options, parser.isSet("json"));
}

// The run `train` creates: queued with the options' name, tags and notes, the child of the run
// whose checkpoint it starts from; recorded with it the modified checkpoint the user accepted and
// the data set it reads. Its id, or nullopt once the reason is printed.
std::optional<qint64> createRunOfOptions(store::RunStore &store, const QCommandLineParser &parser,
                                         train::RunConfig &config, const std::optional<VerifiedInit> &init,
                                         const train::DataFacts &dataFacts, bool json)
{
    launch::QueuedRunDetails details;
    if (init) {
        details.parentId = init->checkpoint.runId;
        config.train.initFrom = init->checkpoint.file.toStdString();
    }
    details.name = parser.isSet("name") ? parser.value("name") : parser.value("preset");
    details.tags = parser.values("tag");
    details.notes = parser.value("notes");
    QString error;
    const auto runId = launch::createQueuedRun(store, config, details, &error);
    if (!runId) {
        printErr(tr("error: %1").arg(error));
        return std::nullopt;
    }
    if (init && init->check.state == train::CheckpointState::Modified)
        recordAcceptance(store, *runId, init->checkpoint, init->check);
    if (const auto record = train::dataSetArtifact(*runId, dataFacts, config); record && !store.addArtifact(*record))
        printErr(tr("warning: cannot record the data set with run %1 (its first start does): %2")
                     .arg(*runId)
                     .arg(store.lastError()));
    if (json)
        TrainPrinter::printEvent(launch::CreatedEvent{*runId, store.displayName()});
    else
        printOut(tr("created run %1 '%2' in %3").arg(*runId).arg(details.name, store.displayName()));
    return runId;
}

} // namespace

int runTrain(const QStringList &arguments)
{
    installStopHandlers();  // from the start: a stop while it loads ends the run as cancelled, not killed
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Train a run: the config from a preset, a JSON file and --set overrides (or an existing queued run with\n"
           "--run), recorded in the run store with its metrics and checkpoints (<store dir>/runs/<id>/).\n"
           "Exit status: 0 finished, 1 failed, 2 invalid usage or config (nothing is created), 3 cancelled\n"
           "(SIGTERM/SIGINT or --stop-at-step; `gatefold-cli resume --run ID` continues it)."));
    parser.addHelpOption();
    addRunConfigOptions(parser);
    addCommonOptions(parser);
    parser.addOption({"name", tr("Run name (default: the preset's name)."), tr("text")});
    parser.addOption({"tag", tr("Tag the run (repeatable)."), tr("tag")});
    parser.addOption({"notes", tr("Free-form notes."), tr("text")});
    parser.addOption({"init-from", tr("Start from another run's weights (fine-tuning): RUN, RUN:best, RUN:last or "
                                      "a checkpoint file."),
                      tr("checkpoint")});
    parser.addOption({"run", tr("Train run ID, queued in the store (by the GUI or a sweep), with its own config."),
                      tr("id")});
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;

    QStringList errors;
    const auto stopAt = wholeOption(parser, "stop-at-step", &errors);
    const auto runOption = wholeOption(parser, "run", &errors);
    const bool json = parser.isSet("json");
    if (runOption)
        return trainQueuedRun(parser, *runOption, stopAt, errors);

    // What the store would refuse, before a store is opened or made for it.
    if (const QString why = store::oneLineProblem(QStringLiteral("run name"), parser.value("name")); !why.isEmpty())
        errors.append(QStringLiteral("--name: ") + why);
    if (const QString why = store::oneLineProblem(QStringLiteral("tag"), parser.values("tag")); !why.isEmpty())
        errors.append(QStringLiteral("--tag: ") + why);
    auto config = runConfigFromOptions(parser, &errors);
    train::DataFacts dataFacts;  // recorded with the run: a resume must find the same data set
    if (config && errors.isEmpty()) {
        config = train::withAbsolutePaths(*config);  // the run reads the same files from any directory
        errors << preRunProblems(*config, nullptr, &dataFacts);  // contract C3: data set and resources, as config --check does
    }
    if (!config || !errors.isEmpty()) {
        printErrors(tr("the run config is not valid (nothing was created):"), errors);
        return ExitUsage;
    }
    // The checkpoint to start from is verified before anything is created: a file before the store is
    // even opened; RUN, RUN:best or RUN:last once it is.
    const bool accept = parser.isSet("accept-modified-checkpoint");
    const bool initFromRun = parser.isSet("init-from") && !namesAFile(parser.value("init-from"));
    const QString initFile = parser.isSet("init-from") ? parser.value("init-from")
                                                       : QString::fromStdString(config->train.initFrom);
    std::optional<VerifiedInit> init;
    if (!initFromRun && !initFile.isEmpty())
        if (init = verifyInit(InitCheckpoint{QFileInfo(initFile).absoluteFilePath(), 0, QString()}, *config, accept);
            init->refused)
            return ExitUsage;
    auto store = openStore(storePathFromOptions(parser));
    if (!store)
        return ExitFailure;
    if (initFromRun)
        if (init = verifyInit(runCheckpoint(*store, parser.value("init-from")), *config, accept); init->refused)
            return ExitUsage;
    const auto runId = createRunOfOptions(*store, parser, *config, init, dataFacts, json);
    if (!runId)
        return ExitFailure;
    train::ExecutionOptions options;
    options.stopAtStep = stopAt.value_or(-1);
    return execute(*store, *runId, options, json);
}

int runResume(const QStringList &arguments)
{
    installStopHandlers();  // from the start: a stop while it loads ends the run as cancelled, not killed
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Continue a failed, cancelled or crashed run from its last checkpoint (a run without one starts over).\n"
           "The metrics after the checkpoint are taken again, so the run ends as if it had never stopped.\n"
           "Exit status as for train."));
    parser.addHelpOption();
    addCommonOptions(parser);
    parser.addOption({"run", tr("The run to continue."), tr("id")});
    parser.addOption({"from", tr("The checkpoint to continue from: last (default), best or epoch:N; the metrics after "
                                 "its step are taken again."),
                      tr("checkpoint"), QStringLiteral("last")});
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    QStringList errors;
    const auto stopAt = wholeOption(parser, "stop-at-step", &errors);
    const auto runId = wholeOption(parser, "run", &errors);
    if (!parser.isSet("run"))
        errors.append(tr("--run ID is required"));
    const QString from = parser.value("from");
    if (!store::CheckpointName::parse(from))
        errors.append(tr("--from must be last, best or epoch:N, not '%1'").arg(from));
    if (!errors.isEmpty()) {
        printErrors(tr("invalid options:"), errors);
        return ExitUsage;
    }
    auto store = openStore(storePathFromOptions(parser));
    if (!store)
        return ExitFailure;
    store->markCrashedRuns(staleSeconds());
    const auto record = store->run(*runId);
    if (!record) {
        printErr(tr("error: there is no run %1 in %2").arg(*runId).arg(store->displayName()));
        return ExitUsage;
    }
    if (!record->damage.isEmpty())
        return refuseDamaged(*store, *record);
    if (!store::isAllowedTransition(record->status, store::RunStatus::Running)
        || record->status == store::RunStatus::Queued) {
        printErr(record->status == store::RunStatus::Running
                     ? tr("error: run %1 is running (pid %2 on %3); stop it first").arg(*runId).arg(record->pid).arg(record->host)
                     : tr("error: run %1 is %2; only failed, cancelled or crashed runs can be resumed%3")
                           .arg(*runId)
                           .arg(store::toString(record->status),
                                record->status == store::RunStatus::Queued ? tr(" (start it with train --run)") : QString()));
        return ExitUsage;
    }
    train::ExecutionOptions options;
    options.resume = true;
    options.resumeFrom = from;
    options.acceptModifiedCheckpoint = parser.isSet("accept-modified-checkpoint");
    options.stopAtStep = stopAt.value_or(-1);
    return execute(*store, *runId, options, parser.isSet("json"));
}

} // namespace gatefold::cli
