#include "analyzecommand.h"
#include "clitext.h"

#include "clicommon.h"
#include "runoptions.h"
#include "trainprinter.h"

#include "files/userfile.h"
#include "inspect/checkpointchoice.h"
#include "inspect/inspectrun.h"
#include "inspect/reportwriter.h"
#include "report/reportviews.h"
#include "runtime/threadenvironment.h"
#include "store/runstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include <unistd.h>

namespace gatefold::cli {
namespace {

using report::InspectReport;
using report::Matrix;

QString number(double v, int precision = 3)
{
    return std::isnan(v) ? QStringLiteral("nan") : QString::number(v, 'f', precision);
}

// Mean of the off-diagonal entries of a square matrix.
double offDiagonalMean(const Matrix &m)
{
    double sum = 0;
    int count = 0;
    for (int r = 0; r < m.rows; ++r)
        for (int c = 0; c < m.cols; ++c)
            if (r != c) {
                sum += m.at(r, c);
                ++count;
            }
    return count ? sum / count : std::nan("");
}

// "block 0: a, block 1: b" shortened to the first and last few blocks.
QString perBlock(const QStringList &items)
{
    if (items.size() <= 4)
        return items.join(QStringLiteral("; "));
    return QStringList{items.mid(0, 2).join(QStringLiteral("; ")), QStringLiteral("…"),
                       items.mid(items.size() - 2).join(QStringLiteral("; "))}
        .join(QStringLiteral("; "));
}

void line(const QString &view, const QString &text)
{
    printOut(QStringLiteral("  %1 %2").arg(view, -12).arg(text));
}

void printPredictions(const InspectReport &r)
{
    int labelled = 0, correct = 0;
    double confidence = 0;
    for (const auto &im : r.images) {
        confidence += im.confidence;
        if (im.label >= 0) {
            ++labelled;
            correct += im.predicted == im.label ? 1 : 0;
        }
    }
    line(tr("predictions"), labelled ? tr("%1 of %2 top-1 correct, mean confidence %3")
                                           .arg(correct).arg(labelled).arg(number(confidence / double(r.images.size())))
                                     : tr("mean confidence %1 (files carry no labels)")
                                           .arg(number(confidence / double(r.images.size()))));
}

// The attention, rollout and distance views' lines (those the report holds).
void printAttention(const InspectReport &r)
{
    if (!r.attention.empty())
        line(tr("attention"), tr("%1 layers x %2 heads x %3 images on %4x%5 patches (%6)%7")
                                  .arg(r.layers)
                                  .arg(r.heads)
                                  .arg(r.images.size())
                                  .arg(r.gridHeight)
                                  .arg(r.gridWidth)
                                  .arg(r.classToken ? tr("class-token row") : tr("mean over queries"))
                                  .arg(r.branchAttention.empty() ? QString()
                                                                 : tr(", and per branch (%1)").arg(r.branches)));
    if (!r.rollout.empty()) {
        double low = 1, high = 0;
        for (const auto &m : r.rollout) {
            const double peak = *std::max_element(m.values.begin(), m.values.end());
            low = std::min(low, peak);
            high = std::max(high, peak);
        }
        line(tr("rollout"), tr("%1 fusion, discard %2: the top patch's share %3-%4 per image (uniform %5)")
                                .arg(r.rolloutFusion)
                                .arg(r.discardRatio)
                                .arg(number(low), number(high), number(1.0 / (r.gridHeight * r.gridWidth))));
    }
    if (!r.meanDistance.empty()) {
        const auto [lo, hi] = std::minmax_element(r.meanDistance.values.begin(), r.meanDistance.values.end());
        QStringList layers;
        for (int l = 0; l < r.meanDistance.rows; ++l) {
            double sum = 0;
            for (int h = 0; h < r.meanDistance.cols; ++h)
                sum += r.meanDistance.at(l, h);
            layers << number(sum / r.meanDistance.cols, 1);
        }
        line(tr("distance"), tr("%1-%2 px over heads; mean per layer %3")
                                 .arg(number(*lo, 1), number(*hi, 1), layers.join(QLatin1Char(' '))));
    }
}

// The codebook, branches, weights and cka views' lines (those the report holds).
void printRepresentations(const InspectReport &r)
{
    if (!r.codebook.empty()) {
        QStringList blocks;
        for (const auto &layer : r.codebook)
            blocks << tr("block %1 perplexity %2 of %3, %4 dead")
                          .arg(layer.block)
                          .arg(number(layer.perplexity, 1))
                          .arg(layer.usage.size())
                          .arg(layer.deadCodes);
        line(tr("codebook"), perBlock(blocks));
    }
    QStringList features, weights;
    for (const auto &b : r.branchLayers) {
        if (!b.attentionFeatures.empty())
            features << tr("block %1 attention %2, mlp %3")
                            .arg(b.block)
                            .arg(number(offDiagonalMean(b.attentionFeatures)), number(offDiagonalMean(b.mlpFeatures)));
        if (!b.qk.empty())
            weights << tr("block %1 qk %2, vo %3, fc1 %4, fc2 %5")
                           .arg(b.block)
                           .arg(number(offDiagonalMean(b.qk)), number(offDiagonalMean(b.vo)),
                                number(offDiagonalMean(b.fc1)), number(offDiagonalMean(b.fc2)));
    }
    if (!features.isEmpty())
        line(tr("branches"), tr("mean cosine between branches: %1").arg(perBlock(features)));
    if (!weights.isEmpty())
        line(tr("weights"), tr("mean cosine between branches: %1").arg(perBlock(weights)));
    if (!r.cka.empty()) {
        QStringList diagonal;
        for (int l = 0; l < std::min(r.cka.rows, r.cka.cols); ++l)
            diagonal << number(r.cka.at(l, l), 2);
        line(tr("cka"), tr("against %1: diagonal %2").arg(r.ckaAgainst, diagonal.join(QLatin1Char(' '))));
    }
}

// The ViT paper's Fig. 7 views' lines (those the report holds).
void printEmbeddings(const InspectReport &r)
{
    const auto &f = r.embeddingFilters;
    if (!f.empty()) {
        QStringList shares;
        double total = 0;
        for (size_t k = 0; k < f.ratio.size(); ++k) {
            total += f.ratio[k];
            if (k < 3)
                shares << QStringLiteral("%1%").arg(number(100.0 * f.ratio[k], 1));
        }
        line(tr("filters"), tr("%1 principal components of %2 centred %3x%3x%4 filters; first %5, together %6%")
                                .arg(f.components.rows)
                                .arg(f.filters)
                                .arg(r.patchSize)
                                .arg(f.channels)
                                .arg(shares.join(QStringLiteral(", ")), number(100.0 * total, 1)));
    }
    const Matrix &s = r.positionSimilarity;
    if (!s.empty()) {
        // How alike neighbours are against far positions: the mean cosine to the 4-neighbours and overall.
        double near = 0, all = 0;
        int nearCount = 0, allCount = 0;
        const int gw = std::max(1, r.gridWidth);
        for (int a = 0; a < s.rows; ++a)
            for (int b = 0; b < s.cols; ++b) {
                if (a == b || std::isnan(s.at(a, b)))
                    continue;
                all += s.at(a, b);
                ++allCount;
                if (std::abs(a / gw - b / gw) + std::abs(a % gw - b % gw) == 1) {
                    near += s.at(a, b);
                    ++nearCount;
                }
            }
        line(tr("positions"), tr("%1x%2 positions; mean cosine to a neighbour %3, to any other position %4")
                                  .arg(r.gridHeight)
                                  .arg(r.gridWidth)
                                  .arg(number(nearCount ? near / nearCount : std::nan("")),
                                       number(allCount ? all / allCount : std::nan(""))));
    }
}

void printSummary(const InspectReport &r, const QString &split, bool files, const QString &dir, int written)
{
    printOut(tr("run %1 '%2', %3 checkpoint (step %4, epoch %5): %6 %7 on %8 in %9 s")
                 .arg(r.runId)
                 .arg(r.runName, r.checkpoint)
                 .arg(r.step)
                 .arg(r.epoch, 0, 'g', 4)
                 .arg(r.images.size())
                 .arg(files ? tr("image file(s)") : tr("%1 images").arg(split), r.device)
                 .arg(r.seconds, 0, 'f', 2));
    printPredictions(r);
    printAttention(r);
    printRepresentations(r);
    printEmbeddings(r);
    for (const auto &[view, reason] : r.skipped)
        line(tr("skipped"), QStringLiteral("%1: %2").arg(view, reason));
    printOut(tr("wrote %1 files to %2 (report.json lists them)").arg(written).arg(dir));
}

// "7", "7:last" -> run and checkpoint; false for anything else.
bool parseCkaWith(const QString &text, qint64 *run, QString *checkpoint)
{
    const QString id = text.section(QLatin1Char(':'), 0, 0);
    bool ok = false;
    *run = id.toLongLong(&ok);
    *checkpoint = text.contains(QLatin1Char(':')) ? text.section(QLatin1Char(':'), 1) : QStringLiteral("best");
    return ok && *run > 0;
}

// What `analyze` is asked to look at and write, every option checked.
struct AnalyzeRequest {
    inspect::InspectRequest inspect;
    std::optional<QString> out;  // none: <run dir>/analysis/<checkpoint>
    bool reportOnly = false;
    bool json = false;
    bool progress = false;
};

// The report made and written.
struct AnalyzeResult {
    InspectReport report;
    QString dir;
    QStringList written;
};

void addAnalyzeOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Look inside a run's checkpoint (issue #7): class-token attention per layer and head, attention rollout,\n"
           "mean attention distance, codebook usage and patch code maps (CDE runs), branch feature and weight\n"
           "similarity (joining runs) and layer-by-layer CKA, on the first images of the run's data set or on\n"
           "image files; and the ViT paper's Fig. 7: the patch-embedding filters' first 28 principal components\n"
           "(filters) and the position embeddings' cosine similarity (positions). Writes report.json, CSV tables\n"
           "and PNG pictures; reads the store without writing to it.\n"
           "Views: %1 (default: every one that applies).")
            .arg(report::viewNames().join(QStringLiteral(", "))));
    parser.addHelpOption();
    addStoreOption(parser);
    parser.addOption({"run", tr("The run to look at (required)."), tr("id")});
    parser.addOption({"checkpoint", tr("best, last or epoch:N (default best)."), tr("name"), QStringLiteral("best")});
    parser.addOption({"images", tr("The first N images of the split (default 8)."), tr("n"), QStringLiteral("8")});
    parser.addOption({"split", tr("val or train (default val; train without augmentation)."), tr("split"),
                      QStringLiteral("val")});
    parser.addOption({"image", tr("An image file to look at instead of the split (repeatable)."), tr("file")});
    parser.addOption({"views", tr("Comma-separated views (default: all that apply)."), tr("list")});
    parser.addOption({"fusion", tr("Rollout head fusion: mean, max or min (default mean)."), tr("fusion"),
                      QStringLiteral("mean")});
    parser.addOption({"discard", tr("Rollout: fraction in [0, 1) of each row's lowest attention dropped (default 0)."),
                      tr("ratio"), QStringLiteral("0")});
    parser.addOption({"cka-with", tr("CKA against another run's best (or :last, :epoch:N) checkpoint (default: the run "
                                     "itself)."),
                      tr("run[:checkpoint]")});
    parser.addOption({"cka-images", tr("Images of the split for CKA, in minibatches of 64 (default 256)."), tr("n"),
                      QStringLiteral("256")});
    parser.addOption({"device", tr("cpu, cuda or auto (default auto: CUDA when present)."), tr("device"),
                      QStringLiteral("auto")});
    parser.addOption({"out", tr("Output folder (default <run dir>/analysis/<checkpoint>)."), tr("dir")});
    parser.addOption({"json", tr("Print one JSON object (the files written) instead of the summary.")});
    parser.addOption({"report-only", tr("Write report.json alone: no CSV tables, no pictures.")});
    parser.addOption({"progress", tr("Say each stage on stderr as it starts, also when stderr is no terminal.")});
    parser.addOption({"accept-modified-checkpoint",
                      tr("Look at a checkpoint although it is not what was written (its content hash or the store's "
                         "sha256 differs).")});
}

// The inspection the options ask for, as read; what cannot be read is added to `problems`.
inspect::InspectRequest inspectRequest(const QCommandLineParser &parser, QStringList *problems)
{
    inspect::InspectRequest request;
    bool ok = false;
    request.runId = runIdFromOptions(parser, tr("look at"), problems);
    request.checkpoint = parser.value("checkpoint");
    request.images = parser.value("images").toInt(&ok);
    if (!ok)
        *problems << tr("--images must be a whole number, not '%1'").arg(parser.value("images"));
    request.split = parser.value("split");
    request.files = parser.values("image");
    if (parser.isSet("views")) {
        for (const QString &view : parser.value("views").split(QLatin1Char(',')))
            request.views << view.trimmed();
        if (request.views.contains(QString()))  // ",," asks for no view by name: not for every view
            *problems << tr("--views '%1' holds an empty view name; list views separated by commas, e.g. "
                            "--views attention,rollout (leave --views out for every view that applies)")
                             .arg(parser.value("views"));
    }
    request.rolloutFusion = parser.value("fusion");
    request.discardRatio = parser.value("discard").toDouble(&ok);
    if (!ok)
        *problems << tr("--discard must be a number in [0, 1), not '%1'").arg(parser.value("discard"));
    if (parser.isSet("cka-with") && !parseCkaWith(parser.value("cka-with"), &request.ckaRunId, &request.ckaCheckpoint))
        *problems << tr("--cka-with must be a run id, optionally with :best, :last or :epoch:N, not '%1'")
                         .arg(parser.value("cka-with"));
    request.ckaImages = parser.value("cka-images").toInt(&ok);
    if (!ok)
        *problems << tr("--cka-images must be a whole number, not '%1'").arg(parser.value("cka-images"));
    request.device = parser.value("device");
    request.acceptModifiedCheckpoint = parser.isSet("accept-modified-checkpoint");
    return request;
}

// Every problem of the options printed at once (inspect::checkRequest's once they read); nullopt when there was any.
std::optional<AnalyzeRequest> analyzeRequest(const QCommandLineParser &parser)
{
    QStringList problems;
    AnalyzeRequest request;
    request.inspect = inspectRequest(parser, &problems);
    if (problems.isEmpty())
        problems = inspect::checkRequest(request.inspect);
    for (const QString &file : request.inspect.files)  // what stands there, named: a folder, a fifo, a device, a loop…
        if (const std::string problem = files::regularFileProblem(QFile::encodeName(file).toStdString()); !problem.empty())
            problems << tr("--image %1").arg(QString::fromStdString(problem));
    if (!problems.isEmpty()) {
        printErrors(tr("cannot analyze (nothing was written):"), problems);
        return std::nullopt;
    }
    if (parser.isSet("out"))
        request.out = parser.value("out");
    request.reportOnly = parser.isSet("report-only");
    request.json = parser.isSet("json");
    request.progress = parser.isSet("progress");
    return request;
}

// What the user named must exist: those are usage errors (2); what fails after is a failure (1).
bool checkNamedCheckpoints(store::RunStore &store, const inspect::InspectRequest &request, CommandError *error)
{
    std::vector<std::pair<qint64, QString>> named{{request.runId, request.checkpoint}};
    if (request.ckaRunId != 0 && (request.views.isEmpty() || request.views.contains(QStringLiteral("cka"))))
        named.emplace_back(request.ckaRunId, request.ckaCheckpoint);
    QString why;
    for (const auto &[run, checkpoint] : named) {
        if (!store.run(run)) {
            *error = commandError(ExitUsage, tr("there is no run %1 in %2; `gatefold-cli runs` lists the runs")
                                                 .arg(run)
                                                 .arg(store.displayName()));
            return false;
        }
        if (!inspect::chooseCheckpoint(store, run, checkpoint, &why)) {
            *error = commandError(ExitUsage, why);
            return false;
        }
    }
    return true;
}

// The checkpoint inspected and the report written; nullopt with `error`.
std::optional<AnalyzeResult> analyzeCheckpoint(store::RunStore &store, const AnalyzeRequest &request,
                                               CommandError *error)
{
    if (!checkNamedCheckpoints(store, request.inspect, error))
        return std::nullopt;
    runtime::applyThreadCount(0);
    const bool chatty = request.progress || (!request.json && isatty(STDERR_FILENO));
    QString why;
    auto report = inspect::inspectRun(store, request.inspect, &why, [chatty](const QString &stage) {
        if (chatty)
            printErr(QStringLiteral("  %1 …").arg(stage));
    });
    if (!report) {
        *error = commandError(ExitFailure, why);
        return std::nullopt;
    }
    AnalyzeResult result{std::move(*report), {}, {}};
    result.dir = request.out ? QFileInfo(*request.out).absoluteFilePath()
                             : QDir(store.runDirectory(request.inspect.runId))
                                   .filePath(QStringLiteral("analysis/")
                                             + inspect::checkpointDirName(request.inspect.checkpoint));
    const auto parts = request.reportOnly ? inspect::ReportParts::JsonOnly : inspect::ReportParts::Everything;
    if (!inspect::writeReport(result.report, result.dir, &why, &result.written, parts)) {
        *error = commandError(ExitFailure, why);
        return std::nullopt;
    }
    return result;
}

void printAnalyzeJson(const AnalyzeResult &result)
{
    const InspectReport &report = result.report;
    QJsonObject skipped;
    for (const auto &[view, reason] : report.skipped)
        skipped.insert(view, reason);
    TrainPrinter::printJson(QJsonObject{{"run", report.runId},
                                        {"checkpoint", report.checkpoint},
                                        {"checkpoint_file", report.checkpointFile},
                                        {"step", report.step},
                                        {"epoch", report.epoch},
                                        {"device", report.device},
                                        {"images", int(report.images.size())},
                                        {"seconds", report.seconds},
                                        {"out", result.dir},
                                        {"report", QDir(result.dir).filePath(QStringLiteral("report.json"))},
                                        {"files", QJsonArray::fromStringList(result.written)},
                                        {"skipped", skipped}});
}

} // namespace

int runAnalyze(const QStringList &arguments)
{
    QCommandLineParser parser;
    addAnalyzeOptions(parser);
    if (const auto exitCode = parseOrExit(parser, arguments))
        return *exitCode;
    const auto request = analyzeRequest(parser);
    if (!request)
        return ExitUsage;
    // Opening a missing SQLite file would create a store: refuse instead (openExistingStore).
    int exitCode = ExitOk;
    auto store = openExistingStore(parser, ExitFailure, &exitCode);
    if (!store)
        return exitCode;
    CommandError error;
    const auto result = analyzeCheckpoint(*store, *request, &error);
    if (!result)
        return printCommandError(error);
    if (request->json)
        printAnalyzeJson(*result);
    else
        printSummary(result->report, request->inspect.split, !request->inspect.files.isEmpty(), result->dir,
                     int(result->written.size()));
    return ExitOk;
}

} // namespace gatefold::cli
