#include "mlflowcommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "runoptions.h"

#include "mlflow/mlflowexport.h"
#include "mlflow/mlflowimport.h"
#include "store/runstore.h"
#include "config/settingsconfig.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gatefold::cli {
namespace {

// Arguments without the action word (runs export-mlflow --out … → --out …).
QStringList withoutAction(QStringList arguments)
{
    for (int i = 1; i < arguments.size(); ++i)
        if (arguments.at(i) == QLatin1String("export-mlflow") || arguments.at(i) == QLatin1String("import-mlflow")) {
            arguments.removeAt(i);
            break;
        }
    return arguments;
}

// Export reads (read-only: it also reads a store it may not change); import writes.
std::unique_ptr<store::RunStore> openStore(const QCommandLineParser &parser, store::OpenMode mode)
{
    QString error;
    auto store = mode == store::OpenMode::ReadOnly ? openStoreToRead(storePathFromOptions(parser), &error)
                                                   : store::RunStore::open(storePathFromOptions(parser), &error);
    if (!store)
        printErr(tr("error: %1").arg(error));
    return store;
}

// --max-copy-mb in bytes: a size in MiB from 0 (copy nothing); one beyond what any file can be
// (2^63 bytes) copies every file. nullopt for anything else (text, a negative number, NaN, infinity).
std::optional<qint64> copyLimitBytes(const QString &text)
{
    bool ok = false;
    const double mib = QLocale::c().toDouble(text.trimmed(), &ok);
    if (!ok || !std::isfinite(mib) || mib < 0)
        return std::nullopt;
    const double bytes = mib * 1024.0 * 1024.0;
    return bytes >= 9.2e18 ? std::numeric_limits<qint64>::max() : qint64(bytes);
}

void addExportMlflowOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Writes runs into an MLflow file store (what `mlflow ui --backend-store-uri file:DIR` shows): params "
           "(every setting and the seed), metrics with steps and times, tags, notes, status, and artifacts up to "
           "--max-copy-mb copied (every one listed by path and sha256 in artifacts/gatefold/artifacts.json). "
           "Exporting a run again replaces it."));
    parser.addHelpOption();
    addStoreOption(parser);
    parser.addOption({"out", tr("The MLflow file store: a new or empty directory, or an existing one."), tr("dir")});
    parser.addOption({"runs", tr("Run ids, comma-separated (e.g. 3,5,8)."), tr("ids")});
    parser.addOption({"sweep", tr("Every run of this sweep."), tr("id")});
    parser.addOption({"all", tr("Every run of the store.")});
    parser.addOption({"experiment", tr("MLflow experiment name (found or created)."), tr("name"), QStringLiteral("Gatefold")});
    parser.addOption({"max-copy-mb", tr("Copy artifact files up to this size; larger ones are listed by path only."),
                      tr("MiB"), QStringLiteral("512")});
}

// What export-mlflow is asked: where and how to write, and which runs (ids not yet looked up).
struct MlflowExportRequest {
    mlflow::ExportOptions options;
    RunSelection selection;
};

// --runs 3,5,8 (each once, in this order); nullopt after printing the first that is not an id.
std::optional<std::vector<qint64>> runIdsOption(const QString &text)
{
    std::vector<qint64> ids;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 id = part.trimmed().toLongLong(&ok);
        if (!ok || id <= 0) {
            printErr(tr("error: --runs takes run ids separated by commas, e.g. 3,5,8; '%1' is not one").arg(part));
            return std::nullopt;
        }
        if (std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    }
    return ids;
}

// What export-mlflow is asked to do; nullopt after printing the first problem of the options.
std::optional<MlflowExportRequest> exportMlflowRequest(const QCommandLineParser &parser)
{
    if (!parser.isSet("out")) {
        printErr(tr("error: say where to write: --out DIR (see --help)"));
        return std::nullopt;
    }
    const int selectors = int(parser.isSet("runs")) + int(parser.isSet("sweep")) + int(parser.isSet("all"));
    if (selectors != 1) {
        printErr(tr("error: choose the runs with exactly one of --runs IDS, --sweep ID or --all"));
        return std::nullopt;
    }
    const auto maxCopy = copyLimitBytes(parser.value("max-copy-mb"));
    if (!maxCopy) {
        printErr(tr("error: --max-copy-mb takes a size in MiB, a number from 0 (copies nothing) up (a size larger "
                    "than any file copies every file), not '%1'")
                     .arg(parser.value("max-copy-mb")));
        return std::nullopt;
    }
    mlflow::ExportOptions options;
    options.outDir = parser.value("out");
    options.experiment = parser.value("experiment");
    options.maxCopyBytes = *maxCopy;
    RunSelection selection;
    selection.all = parser.isSet("all");
    if (parser.isSet("runs")) {
        const auto ids = runIdsOption(parser.value("runs"));
        if (!ids)
            return std::nullopt;
        selection.ids = *ids;
    }
    if (parser.isSet("sweep")) {
        bool ok = false;
        selection.sweepId = parser.value("sweep").toLongLong(&ok);
        if (!ok || selection.sweepId <= 0) {
            printErr(tr("error: --sweep takes a sweep id (a whole number)"));
            return std::nullopt;
        }
    }
    return MlflowExportRequest{options, selection};
}

// The selected runs written into the MLflow file store; nullopt with `error`.
std::optional<mlflow::ExportResult> exportSelected(store::RunStore &store, mlflow::ExportOptions options,
                                                   const RunSelection &selection, CommandError *error)
{
    QString why;
    const auto ids = selectedRuns(store, selection, &why);
    if (!ids) {
        *error = commandError(ExitUsage, why);
        return std::nullopt;
    }
    if (ids->empty() && (selection.all || selection.sweepId > 0)) {
        *error = commandError(ExitUsage, tr("no runs to export in %1").arg(store.displayName()));
        return std::nullopt;
    }
    options.runIds = *ids;
    auto result = mlflow::exportRuns(store, options, &why);
    if (!result)
        *error = commandError(ExitFailure, why);
    return result;
}

void printMlflowExport(const mlflow::ExportResult &result, const mlflow::ExportOptions &options)
{
    for (const auto &r : result.runs)
        for (const QString &note : r.notes)
            printErr(tr("warning: run %1: %2").arg(r.runId).arg(note));
    for (const auto &r : result.runs)
        printOut(tr("run %1 -> %2 (%3 params, %4 metric points, %5 artifacts copied, %6 listed by path)")
                     .arg(r.runId)
                     .arg(r.runDir)
                     .arg(r.params)
                     .arg(r.metricPoints)
                     .arg(r.copiedArtifacts)
                     .arg(r.listedArtifacts));
    printOut(tr("exported %1 run(s) into experiment %2 '%3'; browse them with: mlflow ui --backend-store-uri file:%4")
                 .arg(result.runs.size())
                 .arg(result.experimentId, options.experiment, QFileInfo(options.outDir).absoluteFilePath()));
}

} // namespace

int runExportMlflow(const QStringList &arguments)
{
    QCommandLineParser parser;
    addExportMlflowOptions(parser);
    if (const auto exitCode = parseOrExit(parser, withoutAction(arguments)))
        return *exitCode;
    const auto request = exportMlflowRequest(parser);
    if (!request)
        return ExitUsage;
    auto store = openStore(parser, store::OpenMode::ReadOnly);
    if (!store)
        return ExitFailure;
    CommandError error;
    const auto result = exportSelected(*store, request->options, request->selection, &error);
    if (!result)
        return printCommandError(error);
    printMlflowExport(*result, request->options);
    return reportDamage(*store, ExitOk);  // what was left out of the export, and why
}

namespace {

void addImportOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Reads every run of an MLflow file store (or of one experiment) into the run store: status, times, "
           "params that are Gatefold settings as the config (validated; other params go into the notes), the seed, "
           "metrics with steps and times, tags, and artifacts by path. All or nothing: on any error nothing is "
           "imported. Runs imported before are skipped."));
    parser.addHelpOption();
    addStoreOption(parser);
    parser.addOption({"experiment", tr("Only this experiment (name or id)."), tr("name|id")});
    parser.addPositionalArgument("dir", tr("The MLflow file store (e.g. ./mlruns)."), "DIR");
}

// The import the options ask for; nullopt (said) without exactly one folder.
std::optional<mlflow::ImportOptions> importRequest(const QCommandLineParser &parser)
{
    if (parser.positionalArguments().size() != 1) {
        printErr(tr("error: give one MLflow file store directory: runs import-mlflow DIR (see --help)"));
        return std::nullopt;
    }
    mlflow::ImportOptions options;
    options.dir = parser.positionalArguments().first();
    options.experiment = parser.value("experiment");
    return options;
}

int importFailed(const QString &error)
{
    printErr(tr("error: %1").arg(error));
    printErr(tr("nothing was imported"));
    return ExitFailure;
}

void printImport(const mlflow::ImportResult &result)
{
    size_t next = 0;
    for (const auto &r : result.runs) {
        if (!r.skipReason.isEmpty())
            printOut(tr("skipped MLflow run %1 '%2': %3").arg(r.mlflowRunId, r.run.record.name, r.skipReason));
        else
            printOut(tr("MLflow run %1 '%2' -> run %3 (%4, %5 metric points, %6 artifacts)")
                         .arg(r.mlflowRunId, r.run.record.name)
                         .arg(result.newIds.at(next++))
                         .arg(store::toString(r.run.record.status))
                         .arg(r.run.metrics.size())
                         .arg(r.run.artifacts.size()));
    }
    printOut(tr("imported %1 run(s), skipped %2").arg(result.newIds.size()).arg(result.runs.size() - result.newIds.size()));
}

} // namespace

int runImportMlflow(const QStringList &arguments)
{
    QCommandLineParser parser;
    addImportOptions(parser);
    if (const auto exitCode = parseOrExit(parser, withoutAction(arguments), /*allowPositional=*/true))
        return *exitCode;
    const auto options = importRequest(parser);
    if (!options)
        return ExitUsage;
    QString error;
    // Everything is read before the store is opened: bad input leaves no store behind.
    auto read = mlflow::readMlflowRuns(*options, &error);
    if (!read)
        return importFailed(error);
    auto store = openStore(parser, store::OpenMode::ReadWrite);
    if (!store)
        return ExitFailure;
    const auto result = mlflow::importMlflowRuns(*store, std::move(*read), &error);
    if (!result)
        return importFailed(error);
    printImport(*result);
    return ExitOk;
}

} // namespace gatefold::cli
