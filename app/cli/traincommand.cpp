#include "traincommand.h"

#include "clicommon.h"
#include "prerunchecks.h"
#include "runoptions.h"
#include "stopsignal.h"
#include "trainprinter.h"

#include "runtime/threadenvironment.h"
#include "store/runstore.h"
#include "train/runconfigjson.h"
#include "train/runexecution.h"
#include "train/trainer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonObject>

#include <unistd.h>

namespace gatefold::cli {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

void addCommonOptions(QCommandLineParser &parser)
{
    addStoreOption(parser);
    parser.addOption({"json", tr("Print one JSON object per line on stdout (for the GUI and scripts).")});
    parser.addOption({"stop-at-step",
                      tr("Stop as if cancelled once this many steps are taken (saves a checkpoint; resume continues)."),
                      tr("n")});
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

// A checkpoint named by a file path, RUN (its best, else last) or RUN:best / RUN:last.
std::optional<QString> resolveCheckpoint(store::RunStore &store, const QString &spec, qint64 *parentId)
{
    if (QFileInfo::exists(spec))
        return QFileInfo(spec).absoluteFilePath();
    const QString runPart = spec.section(':', 0, 0);
    const QString which = spec.section(':', 1);
    bool ok = false;
    const qint64 id = runPart.toLongLong(&ok);
    if (!ok || (which != "" && which != "best" && which != "last")) {
        printErr(tr("error: --init-from '%1' is neither a file nor RUN, RUN:best or RUN:last").arg(spec));
        return std::nullopt;
    }
    for (const QString &kind : {which == "last" ? QStringLiteral("checkpoint/last") : QStringLiteral("checkpoint/best"),
                               QStringLiteral("checkpoint/last")}) {
        const auto found = store.artifacts(id, kind);
        if (!found.empty()) {
            *parentId = id;
            return train::artifactFile(store, found.back());
        }
        if (which != "")
            break;
    }
    printErr(tr("error: --init-from: run %1 has no %2 checkpoint in %3")
                 .arg(id)
                 .arg(which.isEmpty() ? QStringLiteral("best or last") : which, store.displayName()));
    return std::nullopt;
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
int execute(store::RunStore &store, qint64 runId, bool resume, bool json, std::int64_t stopAtStep)
{
    const auto record = store.run(runId);
    train::RunConfig config;
    QStringList errors;
    if (record && train::runConfigFromJson(record->configJson, &config, &errors))
        runtime::applyThreadCount(config.train.threads);
    TrainPrinter printer(json, runId);
    train::ExecutionOptions options;
    options.resume = resume;
    options.stop = installStopHandlers();
    options.stopAtStep = stopAtStep;
    options.events = &printer;
    options.gatefoldVersion = QCoreApplication::applicationVersion();
    const auto result = train::executeRun(store, runId, options);
    printer.finished(statusWord(result.end), result.message);
    if (!json && result.end == train::TrainEnd::Failed && !isatty(STDOUT_FILENO))  // stdout may be a file: say it on stderr too
        printErr(tr("error: run %1 %2: %3").arg(runId).arg(statusWord(result.end), result.message));
    if (result.configError)
        return ExitUsage;
    return exitCodeOf(result.end);
}

} // namespace

int runTrain(const QStringList &arguments)
{
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
    if (runOption) {
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
        const auto record = store->run(*runOption);
        if (!record) {
            printErr(tr("error: there is no run %1 in %2").arg(*runOption).arg(store->displayName()));
            return ExitUsage;
        }
        if (record->status != store::RunStatus::Queued) {
            printErr(tr("error: run %1 is %2, not queued; use `gatefold-cli resume --run %1` to continue it")
                         .arg(*runOption)
                         .arg(store::toString(record->status)));
            return ExitUsage;
        }
        return execute(*store, *runOption, false, json, stopAt.value_or(-1));
    }

    auto config = runConfigFromOptions(parser, &errors);
    if (config && errors.isEmpty())
        errors << preRunProblems(*config);  // contract C3: data set and resources, as config --check does
    if (!config || !errors.isEmpty()) {
        printErrors(tr("the run config is not valid (nothing was created):"), errors);
        return ExitUsage;
    }
    auto store = openStore(storePathFromOptions(parser));
    if (!store)
        return ExitFailure;
    store::NewRun newRun;
    if (parser.isSet("init-from")) {
        const auto path = resolveCheckpoint(*store, parser.value("init-from"), &newRun.parentId);
        if (!path)
            return ExitUsage;
        config->train.initFrom = path->toStdString();
    }
    newRun.name = parser.isSet("name") ? parser.value("name") : parser.value("preset");
    newRun.configJson = train::runConfigToJson(*config);
    newRun.seed = qint64(config->train.seed);
    newRun.tags = parser.values("tag");
    newRun.notes = parser.value("notes");
    const auto runId = store->createRun(newRun);
    if (!runId) {
        printErr(tr("error: %1").arg(store->lastError()));
        return ExitFailure;
    }
    if (json)
        TrainPrinter::printJson(QJsonObject{{"event", "created"}, {"run", *runId}, {"store", store->displayName()}});
    else
        printOut(tr("created run %1 '%2' in %3").arg(*runId).arg(newRun.name, store->displayName()));
    return execute(*store, *runId, false, json, stopAt.value_or(-1));
}

int runResume(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Continue a failed, cancelled or crashed run from its last checkpoint (a run without one starts over).\n"
           "The metrics after the checkpoint are taken again, so the run ends as if it had never stopped.\n"
           "Exit status as for train."));
    parser.addHelpOption();
    addCommonOptions(parser);
    parser.addOption({"run", tr("The run to continue."), tr("id")});
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    QStringList errors;
    const auto stopAt = wholeOption(parser, "stop-at-step", &errors);
    const auto runId = wholeOption(parser, "run", &errors);
    if (!parser.isSet("run"))
        errors.append(tr("--run ID is required"));
    if (!errors.isEmpty()) {
        printErrors(tr("invalid options:"), errors);
        return ExitUsage;
    }
    auto store = openStore(storePathFromOptions(parser));
    if (!store)
        return ExitFailure;
    store->markCrashedRuns();
    const auto record = store->run(*runId);
    if (!record) {
        printErr(tr("error: there is no run %1 in %2").arg(*runId).arg(store->displayName()));
        return ExitUsage;
    }
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
    return execute(*store, *runId, true, parser.isSet("json"), stopAt.value_or(-1));
}

} // namespace gatefold::cli
