// gatefold-cli: the headless engine. Every subcommand prints its own --help.

#include "clicommon.h"
#include "costcommand.h"
#include "democommand.h"
#include "schedulecommand.h"
#include "runtime/allocatortuning.h"
#include "runtime/threadenvironment.h"

#include "model/configfields.h"
#include "model/presets.h"

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
    "  demo      build a model, print its parameter/FLOP table, time training steps, check its fold\n"
    "  presets   list the model presets\n"
    "  config    print (and validate) the config a preset plus --set overrides give\n"
    "  cost      parameters and MACs per component, and the fold accounting (trained, folded, plain)\n"
    "  schedule  the joining strength lambda over a run, as the trainer sets it\n"
    "\n"
    "`gatefold-cli <command> --help` describes a command's options.\n"
    "Exit status: 0 success, 1 failure, 2 invalid usage or config.");

int runPresets()
{
    for (const auto &p : model::presets::all())
        printOut(QStringLiteral("%1  %2").arg(QString::fromStdString(p.name), -18).arg(QString::fromStdString(p.description)));
    return ExitOk;
}

int runConfig(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Print the config of a preset with --set overrides applied, one key=value\n"
                                        "per line, after validating it."));
    parser.addHelpOption();
    addModelOptions(parser, QStringLiteral("cifar-vit"));
    parser.addOption({"keys", tr("List every setting key with its meaning instead.")});
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    if (parser.isSet("keys")) {
        for (const auto &field : model::configFields())
            printOut(QStringLiteral("%1  %2").arg(QString::fromStdString(field.key), -20).arg(QString::fromStdString(field.help)));
        return ExitOk;
    }
    const auto config = modelConfigFromOptions(parser);
    if (!config)
        return ExitUsage;
    for (const auto &field : model::configFields())
        printOut(QStringLiteral("%1=%2").arg(QString::fromStdString(field.key), QString::fromStdString(field.get(*config))));
    return ExitOk;
}

int dispatch(const QStringList &args)
{
    const QString command = args.size() > 1 ? args.at(1) : QString();
    QStringList rest = args;
    if (rest.size() > 1 && !command.startsWith('-'))
        rest.removeAt(1);  // the subcommand's parser sees "gatefold-cli --its-options"
    if (command == "demo")
        return runDemo(rest);
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
