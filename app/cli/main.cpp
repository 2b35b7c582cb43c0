// gatefold-cli: the headless engine. Every subcommand prints its own --help.

#include "analyzecommand.h"
#include "clitext.h"
#include "configcommand.h"
#include "exportcommand.h"
#include "clicommon.h"
#include "costcommand.h"
#include "datacommand.h"
#include "democommand.h"
#include "queuecommand.h"
#include "runoptions.h"
#include "runscommand.h"
#include "schedulecommand.h"
#include "sweepcommand.h"
#include "tablecommand.h"
#include "traincommand.h"
#include "versioncommand.h"
#include "runtime/allocatortuning.h"
#include "runtime/threadenvironment.h"

#include "config/configenums.h"
#include "config/fieldtable.h"
#include "config/presets.h"
#include "config/runconfigjson.h"
#include "config/runvalidation.h"
#include "train/enginefailure.h"
#include "config/runpresets.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdlib>
#include <exception>
#include <stdexcept>

namespace {

using namespace gatefold;
using namespace gatefold::cli;

const char *const kUsage = QT_TRANSLATE_NOOP("cli",
    "Usage: gatefold-cli <command> [options]\n"
    "\n"
    "Commands:\n"
    "  train     train a run (preset, JSON config, --set overrides) into the run store\n"
    "  resume    continue a failed, cancelled, crashed or stopped run from its last checkpoint\n"
    "  sweep     a grid of runs (cartesian product of listed settings x seeds), N at a time or on Slurm\n"
    "  queue     train runs already queued in the store, N at a time, as detached engines\n"
    "  runs      list, show, cancel or delete the runs of a store\n"
    "  data      describe a run's data set, write sample images, find unreadable files\n"
    "  analyze   look inside a run's checkpoint: attention, rollout, codebook, branches, CKA, embedding filters,\n"
    "            position similarity (JSON, CSV, PNG)\n"
    "  export    fold a run's checkpoint, verify it, write TorchScript, ONNX, safetensors + config\n"
    "  demo      build a model, print its parameter/FLOP table, time training steps, check its fold\n"
    "  table     a LaTeX (booktabs) or CSV table over runs: mean ± std over seeds, costs, paper presets\n"
    "  presets   list the run presets (demo) and model presets\n"
    "  config    print (and validate) the run config a preset, --config file and --set overrides give\n"
    "  cost      parameters and MACs per component, and the fold accounting (trained, folded, plain)\n"
    "  schedule  the joining strength lambda over a run, as the trainer sets it\n"
    "\n"
    "`gatefold-cli <command> --help` describes a command's options; `gatefold-cli --version [--json]` the engine.\n"
    "train, resume and sweep take --slurm to run on a Slurm cluster instead (README, \"Cluster\").\n"
    "Exit status: 0 success, 1 failure, 2 invalid usage or config (nothing created), 3 cancelled run.");

int runPresets()
{
    for (const auto &p : train::runPresets())
        printOut(QStringLiteral("%1  %2").arg(QString::fromStdString(p.name), -18).arg(QString::fromStdString(p.description)));
    for (const auto &p : model::presets::all())
        printOut(QStringLiteral("%1  %2").arg(QString::fromStdString(p.name), -18).arg(QString::fromStdString(p.description)));
    return ExitOk;
}

// No LibTorch backtrace reaches a user: one sentence on stderr (what failed, what to do), the
// whole text in the engine log, a run being executed marked failed.
int reportFailure(const QString &command, const std::exception &e)
{
    QString detail;
    const QString what = train::describeFailure(e, &detail);
    const QString context = QStringLiteral("gatefold-cli %1").arg(command);
    const bool logged = train::logEngineDetail(context, detail);
    train::markCurrentRunFailed(QStringLiteral("the engine stopped: %1").arg(what));
    const QString log = logged ? tr("The detail is in %1").arg(train::engineLogFile())
                               : tr("No engine log could be written (%1 is not writable)").arg(train::engineLogFile());
    const QString needed = what.section(QStringLiteral(": "), 1);  // "could not allocate 74.5 GiB", when said
    printErr(train::isOutOfMemory(e)
                 ? tr("error: %1 ran out of memory%2; make the model, the image size or the batch smaller, or "
                      "free memory. %3.")
                       .arg(context, needed.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(needed), log)
                 : tr("error: %1 stopped: %2. %3; if it happens again with the same input, please report it with "
                      "that file.")
                       .arg(context, what, log));
    return ExitFailure;
}

QString g_command;

[[noreturn]] void onTerminate()
{
    const auto current = std::current_exception();
    try {
        if (current)
            std::rethrow_exception(current);
        throw std::runtime_error("std::terminate was called without an exception");
    } catch (const std::exception &e) {
        reportFailure(g_command, e);
    } catch (...) {
        reportFailure(g_command, std::runtime_error("an exception of unknown type"));
    }
    std::_Exit(ExitFailure);
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
    if (command == "queue")
        return runQueueCommand(rest);
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
    if (command == "--version" || command == "-v")
        return runVersion(args);
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
    const QStringList arguments = QCoreApplication::arguments();
    g_command = arguments.size() > 1 ? arguments.at(1) : QString();
    std::set_terminate(onTerminate);
    try {
        return dispatch(arguments);
    } catch (const std::exception &e) {
        return reportFailure(g_command, e);
    } catch (...) {
        return reportFailure(g_command, std::runtime_error("an exception of unknown type"));
    }
}
