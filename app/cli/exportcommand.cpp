#include "exportcommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "runoptions.h"
#include "trainprinter.h"

#include "export/modelexport.h"
#include "runtime/threadenvironment.h"
#include "store/runstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace gatefold::cli {
namespace {

QString agreementText(const exporting::LogitAgreement &a, int images)
{
    return tr("max |dlogit| %1 (relative %2), top-1 agreement %3% on %4 images")
        .arg(a.maxAbsDiff, 0, 'g', 3)
        .arg(a.relativeError, 0, 'g', 3)
        .arg(a.top1Agreement * 100.0, 0, 'f', 1)
        .arg(images);
}

void addExportOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Fold a run's checkpoint and write it as TorchScript, ONNX (opset 13) and safetensors with a JSON config\n"
           "(timm's names and config where the fold is timm-shaped). Each file is loaded back and its logits are\n"
           "compared with the trained model's on the first validation images before it is kept; each export is\n"
           "recorded as an artifact (export/<format>) with those numbers. Joining runs must be fully joined\n"
           "(lambda = 1) unless --force."));
    parser.addHelpOption();
    addStoreOption(parser);
    parser.addOption({"run", tr("The run to export (required)."), tr("id")});
    parser.addOption({"checkpoint", tr("best, last or epoch:N (default best)."), tr("name"), QStringLiteral("best")});
    parser.addOption({"format", tr("Comma-separated: torchscript, onnx, safetensors (default torchscript,safetensors)."),
                      tr("list"), QStringLiteral("torchscript,safetensors")});
    parser.addOption({"fold", tr("auto (default), plain (demand a timm-shaped fold), wide, or none (export as trained; "
                                 "single-branch runs)."),
                      tr("variant"), QStringLiteral("auto")});
    parser.addOption({"absorb-norms", tr("Move the LayerNorm affines into the following linear maps.")});
    parser.addOption({"force", tr("Fold although the joining strength lambda < 1 (the logits then change).")});
    parser.addOption({"images", tr("Validation images the verification runs on (default 32)."), tr("n"),
                      QStringLiteral("32")});
    parser.addOption({"out", tr("Output folder (default <run dir>/export/<checkpoint>)."), tr("dir")});
    parser.addOption({"json", tr("Print one JSON object (numbers and files) instead of the summary.")});
    parser.addOption({"overwrite", tr("Replace files in the output folder that were changed since this run's last "
                                      "export wrote them, or that it did not write.")});
    parser.addOption({"accept-modified-checkpoint",
                      tr("Export a checkpoint although it is not what was written (its content hash or the store's "
                         "sha256 differs); recorded in the run as checkpoint/accepted-modified.")});
}

// The export the options ask for, checked (exporting::checkExportRequest); nullopt after printing every problem.
std::optional<exporting::ExportRequest> exportRequest(const QCommandLineParser &parser)
{
    QStringList problems;
    exporting::ExportRequest request;
    bool ok = false;
    request.runId = runIdFromOptions(parser, tr("export"), &problems);
    request.checkpoint = parser.value("checkpoint");
    request.formats.clear();
    for (const QString &f : parser.value("format").split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!request.formats.contains(f.trimmed()))
            request.formats << f.trimmed();
    request.fold = parser.value("fold");
    request.absorbNorms = parser.isSet("absorb-norms");
    request.force = parser.isSet("force");
    request.overwrite = parser.isSet("overwrite");
    request.acceptModifiedCheckpoint = parser.isSet("accept-modified-checkpoint");
    request.images = parser.value("images").toInt(&ok);
    if (!ok)
        problems << tr("--images must be a whole number, not '%1'").arg(parser.value("images"));
    if (parser.isSet("out"))
        request.outDir = parser.value("out");
    if (problems.isEmpty())
        problems = exporting::checkExportRequest(request);
    if (!problems.isEmpty()) {
        printErrors(tr("cannot export (nothing was written):"), problems);
        return std::nullopt;
    }
    return request;
}

// The run exported and verified, each stage said on stderr; nullopt with `error`.
std::optional<exporting::ExportResult> exportCheckpoint(store::RunStore &store, const exporting::ExportRequest &request,
                                                        CommandError *error)
{
    QString why;
    runtime::applyThreadCount(0);
    exporting::ExportFailure failure = exporting::ExportFailure::Failure;
    auto result = exporting::exportRun(store, request, &why, &failure,
                                       [](const QString &stage) { printErr(QStringLiteral("  %1 …").arg(stage)); });
    if (!result)
        *error = commandError(failure == exporting::ExportFailure::Usage ? ExitUsage : ExitFailure, why);
    return result;
}

void printExportSummary(const exporting::ExportResult &result)
{
    printOut(tr("run %1, %2 checkpoint (step %3): %4 fold%5%6")
                 .arg(result.runId)
                 .arg(result.checkpoint)
                 .arg(result.step)
                 .arg(result.fold)
                 .arg(result.absorbNorms ? tr(", norms absorbed") : QString())
                 .arg(result.branches > 1 ? tr(" of %1 branches at lambda %2").arg(result.branches).arg(result.lambda)
                                          : QString()));
    printOut(tr("  %1 %2").arg(tr("folded"), -12).arg(agreementText(result.foldAgreement, result.images)));
    for (const auto &f : result.files) {
        printOut(tr("  %1 %2").arg(f.format, -12).arg(agreementText(f.agreement, result.images)));
        printOut(tr("  %1 %2").arg(QString(), -12).arg(f.path));
        for (const QString &extra : f.extraFiles)
            printOut(tr("  %1 %2").arg(QString(), -12).arg(extra));
    }
    if (result.timmShaped)
        printOut(tr("timm-shaped: model.safetensors loads into timm's VisionTransformer built from config.json"));
}

} // namespace

int runExport(const QStringList &arguments)
{
    QCommandLineParser parser;
    addExportOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    const auto request = exportRequest(parser);
    if (!request)
        return ExitUsage;
    int exitCode = ExitOk;
    auto store = openExistingStore(parser, ExitFailure, &exitCode);
    if (!store)
        return exitCode;
    CommandError error;
    const auto result = exportCheckpoint(*store, *request, &error);
    if (!result)
        return printCommandError(error);
    if (parser.isSet("json"))
        TrainPrinter::printJson(exporting::exportResultJson(*result));
    else
        printExportSummary(*result);
    return ExitOk;
}

} // namespace gatefold::cli
