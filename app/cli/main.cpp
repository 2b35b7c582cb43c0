// gatefold-cli: the headless engine. Every subcommand prints its own --help.

#include "analyzecommand.h"
#include "configcommand.h"
#include "exportcommand.h"
#include "clicommon.h"
#include "costcommand.h"
#include "datacommand.h"
#include "democommand.h"
#include "runoptions.h"
#include "runscommand.h"
#include "schedulecommand.h"
#include "sweepcommand.h"
#include "tablecommand.h"
#include "traincommand.h"
#include "runtime/allocatortuning.h"
#include "runtime/threadenvironment.h"

#include "model/configfields.h"
#include "model/presets.h"
#include "train/runconfigjson.h"
#include "train/runfields.h"
#include "train/runpresets.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <exception>

namespace {

using namespace gatefold;
using namespace gatefold::cli;

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

const char *const kUsage = QT_TRANSLATE_NOOP("cli",
    "Usage: gatefold-cli <command> [options]\n"
    "\n"
    "Commands:\n"
    "  train     train a run (preset, JSON config, --set overrides) into the run store\n"
    "  resume    continue a failed, cancelled or crashed run from its last checkpoint\n"
    "  sweep     a grid of runs (cartesian product of listed settings x seeds), N at a time\n"
    "  runs      list, show or delete the runs of a store\n"
    "  data      describe a run's data set, write sample images, find unreadable files\n"
    "  analyze   look inside a run's checkpoint: attention, rollout, codebook, branches, CKA (JSON, CSV, PNG)\n"
    "  export    fold a run's checkpoint, verify it, write TorchScript, ONNX, safetensors + config\n"
    "  demo      build a model, print its parameter/FLOP table, time training steps, check its fold\n"
    "  table     a LaTeX (booktabs) or CSV table over runs: mean ± std over seeds, costs, paper presets\n"
    "  presets   list the run presets (demo) and model presets\n"
    "  config    print (and validate) the run config a preset, --config file and --set overrides give\n"
    "  cost      parameters and MACs per component, and the fold accounting (trained, folded, plain)\n"
    "  schedule  the joining strength lambda over a run, as the trainer sets it\n"
    "\n"
    "`gatefold-cli <command> --help` describes a command's options.\n"
    "Exit status: 0 success, 1 failure, 2 invalid usage or config (nothing created), 3 cancelled run.");

int runPresets()
{
    for (const auto &p : train::runPresets())
        printOut(QStringLiteral("%1  %2").arg(QString::fromStdString(p.name), -18).arg(QString::fromStdString(p.description)));
    for (const auto &p : model::presets::all())
        printOut(QStringLiteral("%1  %2").arg(QString::fromStdString(p.name), -18).arg(QString::fromStdString(p.description)));
    return ExitOk;
}

int dispatch(const QStringList &args)
{
    const QString command = args.size() > 1 ? args.at(1) : QString();
    QStringList rest = args;
    if (rest.size() > 1 && !command.startsWith('-'))
        rest.removeAt(1);  // the subcommand's parser sees "gatefold-cli --its-options"
    if (command == "train")
        return runTrain(rest);
    if (command == "resume")
        return runResume(rest);
    if (command == "sweep")
        return runSweep(rest);
    if (command == "runs")
        return runRuns(rest);
    if (command == "data")
        return runData(rest);
    if (command == "analyze")
        return runAnalyze(rest);
    if (command == "export")
        return runExport(rest);
    if (command == "demo")
        return runDemo(rest);
    if (command == "table")
        return runTable(rest);
    if (command == "presets")
        return runPresets();
    if (command == "config")
        return runConfig(rest);
    if (command == "cost")
        return runCost(rest);
    if (command == "schedule")
        return runSchedule(rest);
    if (command == "--version" || command == "-v") {
        printOut(QStringLiteral("gatefold-cli %1").arg(QCoreApplication::applicationVersion()));
        return ExitOk;
    }
    if (command == "--help" || command == "-h" || command == "help") {
        printOut(tr(kUsage));
        return ExitOk;
    }
    printErr(command.isEmpty() ? tr("error: no command given.") : tr("error: unknown command '%1'.").arg(command));
    printErr(tr(kUsage));
    return ExitUsage;
}

} // namespace

int main(int argc, char **argv)
{
    runtime::ensureThreadEnvironment(argv);
    runtime::tuneMemoryAllocator();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("gatefold-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GATEFOLD_VERSION));
    try {
        return dispatch(QCoreApplication::arguments());
    } catch (const std::exception &e) {
        printErr(tr("error: %1").arg(QString::fromLocal8Bit(e.what())));
        return ExitFailure;
    }
}
