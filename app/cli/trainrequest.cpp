#include "trainrequest.h"
#include "clitext.h"

#include "engineoptions.h"
#include "prerunchecks.h"
#include "runoptions.h"

#include "config/runpaths.h"
#include "config/runvalidation.h"
#include "store/storetext.h"

#include <QCommandLineParser>

namespace gatefold::cli {
namespace {

// --run ID: the options that would give a new run a config are refused with it.
bool checkQueuedRunOptions(const QCommandLineParser &parser, QStringList errors, CommandError *error)
{
    for (const char *name : {"preset", "config", "set", "name", "tag", "notes", "init-from"})
        if (parser.isSet(name))
            errors.append(tr("--%1 cannot be combined with --run (the run has its config)").arg(name));
    if (errors.isEmpty())
        return true;
    *error = commandErrors(ExitUsage, tr("invalid options:"), errors);
    return false;
}

// The checkpoint to start from: a file is verified now, before the store is even opened; RUN,
// RUN:best or RUN:last is kept to be verified once it is.
bool readInit(const QCommandLineParser &parser, TrainRequest *request, CommandError *error)
{
    if (parser.isSet("init-from") && !namesAFile(parser.value("init-from"))) {
        request->initFromRun = parser.value("init-from");
        return true;
    }
    const QString file = parser.isSet("init-from") ? parser.value("init-from")
                                                   : QString::fromStdString(request->config.train.initFrom);
    if (file.isEmpty())
        return true;
    request->init = verifiedInitFile(file, request->config, request->acceptModifiedCheckpoint, error);
    return request->init.has_value();
}

// A new run: its config, checked as config --check checks it, and what the store would refuse,
// before a store is opened or made for it; `errors` has the problems found so far.
bool readNewRun(const QCommandLineParser &parser, QStringList errors, TrainRequest *request, CommandError *error)
{
    if (const QString why = store::oneLineProblem(QStringLiteral("run name"), parser.value("name")); !why.isEmpty())
        errors.append(QStringLiteral("--name: ") + why);
    if (const QString why = store::oneLineProblem(QStringLiteral("tag"), parser.values("tag")); !why.isEmpty())
        errors.append(QStringLiteral("--tag: ") + why);
    auto config = runConfigFromOptions(parser, &errors);
    if (config && request->nproc > 0) {  // --nproc N is --set compute.processes=N for a new run
        config->train.processes = request->nproc;
        for (const auto &p : train::validateRunConfig(*config))
            errors.append(QStringLiteral("--nproc %1: %2: %3")
                              .arg(request->nproc)
                              .arg(QString::fromStdString(p.field), QString::fromStdString(p.message)));
    }
    if (config && errors.isEmpty()) {
        config = train::withAbsolutePaths(*config);  // the run reads the same files from any directory
        // contract C3: data set and resources, as config --check does; the data set is recorded with
        // the run (a resume must find the same one)
        errors << preRunProblems(*config, nullptr, &request->dataFacts);
    }
    if (!config || !errors.isEmpty()) {
        *error = commandErrors(ExitUsage, tr("the run config is not valid (nothing was created):"), errors);
        return false;
    }
    request->config = *config;
    request->details.name = parser.isSet("name") ? parser.value("name") : parser.value("preset");
    request->details.tags = parser.values("tag");
    request->details.notes = parser.value("notes");
    return readInit(parser, request, error);
}

} // namespace

void addTrainOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Train a run: the config from a preset, a JSON file and --set overrides (or an existing queued run with\n"
           "--run), recorded in the run store with its metrics and checkpoints (<store dir>/runs/<id>/).\n"
           "Exit status: 0 finished, 1 failed, 2 invalid usage or config (nothing is created), 3 cancelled\n"
           "(SIGTERM/SIGINT or --stop-at-step; `gatefold-cli resume --run ID` continues it).\n"
           "With --slurm the run is submitted to Slurm instead (exit 0 once accepted; README, \"Cluster\")."));
    parser.addHelpOption();
    addRunConfigOptions(parser);
    addEngineOptions(parser);
    parser.addOption({"name", tr("Run name (default: the preset's name)."), tr("text")});
    parser.addOption({"tag", tr("Tag the run (repeatable)."), tr("tag")});
    parser.addOption({"notes", tr("Free-form notes."), tr("text")});
    parser.addOption({"init-from", tr("Start from another run's weights (fine-tuning): RUN, RUN:best, RUN:last or "
                                      "a checkpoint file; of another img_size (position embeddings resampled) or "
                                      "num_classes (a new head) too."),
                      tr("checkpoint")});
    parser.addOption({"run", tr("Train run ID, queued in the store (by the GUI or a sweep), with its own config."),
                      tr("id")});
    addSlurmOptions(parser, /*engineNproc=*/true);
}

std::optional<TrainRequest> trainRequest(const QCommandLineParser &parser, CommandError *error)
{
    QStringList errors;
    TrainRequest request;
    request.stopAtStep = wholeOption(parser, "stop-at-step", &errors).value_or(-1);
    request.stopAtEpoch = epochOption(parser, &errors);
    request.queuedRunId = wholeOption(parser, "run", &errors);
    request.nproc = nprocOption(parser, &errors);
    request.storePath = storePathFromOptions(parser);
    request.json = parser.isSet("json");
    request.acceptModifiedCheckpoint = parser.isSet("accept-modified-checkpoint");
    // The engine a task runs gets no --stop-at-step; a queued run's --accept-modified-checkpoint is for its engine.
    QStringList refusedWithSlurm{QStringLiteral("stop-at-step"), QStringLiteral("stop-at-epoch")};
    if (request.queuedRunId)
        refusedWithSlurm << QStringLiteral("accept-modified-checkpoint");
    request.slurm = slurmRequest(parser, refusedWithSlurm, &errors, /*engineNproc=*/true);
    const bool valid = request.queuedRunId ? checkQueuedRunOptions(parser, errors, error)
                                           : readNewRun(parser, errors, &request, error);
    if (!valid)
        return std::nullopt;
    // On Slurm a run that would take every core (compute.threads = 0) takes the task's --cpus-per-task.
    if (request.slurm && request.slurm->options.cpusPerTask > 0 && request.config.train.threads == 0)
        request.config.train.threads = request.slurm->options.cpusPerTask;
    return request;
}

} // namespace gatefold::cli
