#include "inspectrun.h"

#include "checkpointchoice.h"
#include "embeddingviews.h"
#include "inspectinputs.h"
#include "inspectviews.h"
#include "loadedrun.h"
#include "recordedhistory.h"

#include "report/reportviews.h"

#include "analysis/linearcka.h"
#include "analysis/modelinspector.h"
#include "store/checkpointname.h"
#include "store/runstore.h"
#include "config/runconfigjson.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <numeric>

namespace gatefold::inspect {
namespace {

constexpr int kMaxImages = 512;  // every image's attention per layer is kept in memory at once
constexpr std::int64_t kCkaBatch = 64;  // images per CKA minibatch (unbiased HSIC: ≥ 4)

std::optional<analysis::HeadFusion> fusionFromName(const QString &name)
{
    if (name == QLatin1String("mean"))
        return analysis::HeadFusion::Mean;
    if (name == QLatin1String("max"))
        return analysis::HeadFusion::Max;
    if (name == QLatin1String("min"))
        return analysis::HeadFusion::Min;
    return std::nullopt;
}

QString checkpointLabel(const LoadedRun &run, const QString &asked)
{
    return QStringLiteral("run %1 (%2)").arg(run.runId).arg(asked);
}

// Why a codebook view has nothing to show on this model.
QString noCodebookReason(const model::ViTConfig &config)
{
    switch (config.gate.kind) {
    case model::GateKind::None:
        return QCoreApplication::translate("InspectRun", "the model has no CDE gates (gate.kind = none)");
    case model::GateKind::DeepEmbed:
        return QCoreApplication::translate("InspectRun", "the model's gates are DeepEmbed tables indexed by token position "
                                                         "(gate.kind = deep-embed): they assign no codes");
    case model::GateKind::Cde:
        break;
    }
    return QCoreApplication::translate("InspectRun", "gate.blocks selects no block: the model has no CDE-gated block");
}

// Why the branch views have nothing to show, or "" when the model is parallel.
QString noBranchesReason(const model::ViTConfig &config)
{
    if (config.join.deployed)
        return QCoreApplication::translate("InspectRun", "the model is folded (join.deployed): one branch per block");
    if (config.join.branches <= 1)
        return QCoreApplication::translate("InspectRun", "the model is single-branch (join.branches = 1); branch views need a joining run");
    return {};
}

// Top-1 class and its softmax probability per image, from one eval-mode pass.
void fillPredictions(LoadedRun &run, const torch::Tensor &images, InspectReport &report)
{
    torch::NoGradGuard noGrad;
    const auto device = run.model->parameters().front().device();
    const auto probabilities = torch::softmax(run.model->forward(images.to(device)).to(torch::kFloat64), 1).cpu();
    const auto [confidence, predicted] = probabilities.max(1);
    for (size_t i = 0; i < report.images.size(); ++i) {
        report.images[i].predicted = int(predicted[std::int64_t(i)].item<std::int64_t>());
        report.images[i].confidence = confidence[std::int64_t(i)].item<double>();
    }
}

// Layer-by-layer minibatch CKA of `a` against `b` (b null: a against itself) on
// the first `count` images of `split` of a's data set, each model fed its own
// normalisation. nullopt with the reason when it cannot be computed.
std::optional<torch::Tensor> blockCka(LoadedRun &a, LoadedRun *b, data::Split split, std::int64_t count,
                                      QString *why)
{
    count = std::min(count, a.data->size(split));
    if (count < 4) {
        *why = QStringLiteral("the split holds %1 image(s); CKA needs at least 4 (the unbiased HSIC)").arg(count);
        return std::nullopt;
    }
    std::vector<std::pair<std::int64_t, std::int64_t>> batches;  // [begin, end)
    for (std::int64_t begin = 0; begin < count; begin += kCkaBatch)
        batches.emplace_back(begin, std::min(count, begin + kCkaBatch));
    if (batches.size() > 1 && batches.back().second - batches.back().first < 4) {  // too small alone: join the one before
        batches[batches.size() - 2].second = batches.back().second;
        batches.pop_back();
    }
    analysis::MinibatchCka cka(a.model->numBlocks(), b ? b->model->numBlocks() : a.model->numBlocks());
    try {
        for (const auto &[begin, end] : batches) {
            std::vector<std::int64_t> indices(size_t(end - begin));
            std::iota(indices.begin(), indices.end(), begin);
            const auto raw = a.data->batch(split, indices).first;  // (B, C, S, S) in [0, 1]
            std::string error;
            analysis::ModelInspector ia(a.model, data::normalize(raw, a.norm));
            const auto fa = ia.blockFeatures(analysis::BlockFeature::PatchMean, &error);
            if (!fa) {
                *why = QString::fromStdString(error);
                return std::nullopt;
            }
            if (!b) {
                cka.add(*fa, *fa);
                continue;
            }
            analysis::ModelInspector ib(b->model, data::normalize(raw, b->norm));
            const auto fb = ib.blockFeatures(analysis::BlockFeature::PatchMean, &error);
            if (!fb) {
                *why = QString::fromStdString(error);
                return std::nullopt;
            }
            cka.add(*fa, *fb);
        }
        return cka.matrix();
    } catch (const std::exception &e) {
        *why = QString::fromLocal8Bit(e.what()).section('\n', 0, 0);
        return std::nullopt;
    }
}

// The other run of a CKA (none when the views hold no CKA or it is against the run itself), read
// before anything is computed: a bad one fails fast. False with the reason when it cannot be read.
bool loadCkaRun(store::RunStore &store, const InspectRequest &request, const QStringList &views,
                const LoadedRun &run, const torch::Device &device, const std::function<void(QString)> &progress,
                std::optional<LoadedRun> *other, QString *error)
{
    const bool ckaSelf = request.ckaRunId == 0
        || (request.ckaRunId == request.runId && request.ckaCheckpoint == request.checkpoint);
    if (!views.contains(QLatin1String("cka")) || ckaSelf)
        return true;
    // Both models see the same images: compare the configs before loading anything.
    train::RunConfig theirs;
    QStringList problems;
    if (const auto record = store.run(request.ckaRunId);
        record && train::runConfigFromJson(record->configJson, &theirs, &problems)) {
        const auto &a = run.config.model, &b = theirs.model;
        if (a.imageSize != b.imageSize || a.inChannels != b.inChannels) {
            *error = QStringLiteral("cka: run %1 sees %2×%2 images with %3 channel(s), run %4 %5×%5 with %6; CKA "
                                    "feeds both models the same images, so compare runs of the same img_size and "
                                    "in_chans")
                         .arg(request.ckaRunId)
                         .arg(b.imageSize)
                         .arg(b.inChannels)
                         .arg(run.runId)
                         .arg(a.imageSize)
                         .arg(a.inChannels);
            return false;
        }
    }
    QString why;
    *other = loadRun(store, request.ckaRunId, request.ckaCheckpoint, device, &why, progress,
                     request.acceptModifiedCheckpoint);
    if (!*other) {
        *error = QStringLiteral("cka: %1").arg(why);
        return false;
    }
    return true;
}

// What the report is of: the run, its checkpoint and the model's shape.
InspectReport reportOf(const LoadedRun &run, const InspectRequest &request, const torch::Device &device)
{
    InspectReport report;
    const auto &config = run.config.model;
    report.runId = run.runId;
    report.runName = run.name;
    report.checkpoint = request.checkpoint;
    report.checkpointFile = run.checkpoint.file;
    report.step = run.step;
    report.epoch = run.epoch;
    report.device = QString::fromStdString(device.str());
    report.imageSize = config.imageSize;
    report.patchSize = config.patchSize;
    report.gridHeight = report.gridWidth = config.gridSize();
    report.classToken = config.pooling == model::Pooling::ClassToken;
    report.layers = run.model->numBlocks();
    report.heads = config.numHeads;
    report.branches = config.isParallel() ? config.join.branches : 1;
    for (const auto &name : run.data->classNames())
        report.classNames << QString::fromStdString(name);
    return report;
}

// Computes one view into `report`, or says in report.skipped why it has none.
void fillView(const QString &view, const InspectRequest &request, LoadedRun &run, LoadedRun *other,
              data::Split split, analysis::ModelInspector &inspector, InspectReport &report,
              const std::function<void(QString)> &progress)
{
    auto say = [&](const QString &text) {
        if (progress)
            progress(text);
    };
    const auto &config = run.config.model;
    QString why;
    bool ok = true;
    if (view == QLatin1String("attention")) {
        say(QCoreApplication::translate("InspectRun", "attention maps"));
        ok = fillAttention(inspector, report, &why);
    } else if (view == QLatin1String("rollout")) {
        say(QCoreApplication::translate("InspectRun", "attention rollout (%1 fusion, discard %2)").arg(request.rolloutFusion).arg(request.discardRatio));
        ok = fillRollout(inspector, *fusionFromName(request.rolloutFusion), request.discardRatio, report, &why);
        if (ok) {  // the settings belong to the maps (report.json holds them together)
            report.rolloutFusion = request.rolloutFusion;
            report.discardRatio = request.discardRatio;
        }
    } else if (view == QLatin1String("distance")) {
        say(QCoreApplication::translate("InspectRun", "mean attention distance"));
        ok = fillDistance(inspector, report, &why);
    } else if (view == QLatin1String("codebook")) {
        if (run.model->gates().empty()) {
            report.skipped[view] = noCodebookReason(config);
            return;
        }
        say(QCoreApplication::translate("InspectRun", "codebook assignments"));
        ok = fillCodebook(inspector, request.deadFraction, config.gate.codebookSize, report, &why);
    } else if (view == QLatin1String("branches") || view == QLatin1String("weights")) {
        const QString branchReason = noBranchesReason(config);
        if (!branchReason.isEmpty()) {
            report.skipped[view] = branchReason;
            return;
        }
        const bool features = view == QLatin1String("branches");
        say(features ? QCoreApplication::translate("InspectRun", "branch feature similarity") : QCoreApplication::translate("InspectRun", "branch weight similarity"));
        ok = features ? fillBranchFeatures(inspector, report, &why) : fillBranchWeights(inspector, report, &why);
    } else if (view == QLatin1String("filters") || view == QLatin1String("positions")) {
        const bool filters = view == QLatin1String("filters");
        const QString reason = filters ? noEmbeddingFiltersReason(*run.model) : noPositionEmbeddingReason(*run.model);
        if (!reason.isEmpty()) {
            report.skipped[view] = reason;
            return;
        }
        say(filters ? QCoreApplication::translate("InspectRun", "patch-embedding filters' principal components")
                    : QCoreApplication::translate("InspectRun", "position embedding similarity"));
        ok = filters ? fillEmbeddingFilters(*run.model, report, &why) : fillPositionSimilarity(*run.model, report, &why);
    } else if (view == QLatin1String("cka")) {
        const QString against = other ? checkpointLabel(*other, request.ckaCheckpoint)
                                      : checkpointLabel(run, request.checkpoint);
        say(QCoreApplication::translate("InspectRun", "CKA against %1 on %2 %3 images").arg(against).arg(request.ckaImages).arg(request.split));
        inspector.clear();  // CKA reads other images: free the kept pass first
        const auto matrix = blockCka(run, other, split, request.ckaImages, &why);
        ok = matrix.has_value();
        if (ok) {
            report.cka = toMatrix(*matrix);
            report.ckaAgainst = against;
        }
    }
    if (!ok)
        report.skipped[view] = QCoreApplication::translate("InspectRun", "failed: %1").arg(why);
}

} // namespace

QString checkpointDirName(const QString &checkpoint)
{
    const auto name = store::CheckpointName::parse(checkpoint);
    return name ? name->stem() : QString(checkpoint).replace(QLatin1Char(':'), QLatin1Char('-'));
}

QStringList checkRequest(const InspectRequest &r)
{
    QStringList problems;
    if (r.runId <= 0)
        problems << QStringLiteral("run: give the id of a run (`gatefold-cli runs` lists them)");
    auto checkCheckpoint = [&](const QString &what, const QString &name) {
        if (!store::CheckpointName::parse(name))
            problems << QStringLiteral("%1: '%2' is not a checkpoint name; use best, last or epoch:N").arg(what, name);
    };
    checkCheckpoint(QStringLiteral("checkpoint"), r.checkpoint);
    if (r.files.isEmpty() && (r.images < 1 || r.images > kMaxImages))
        problems << QStringLiteral("images: %1 is not a number of images from 1 to %2 (the views hold every image's "
                                   "attention in memory at once)")
                        .arg(r.images)
                        .arg(kMaxImages);
    if (r.files.size() > kMaxImages)
        problems << QStringLiteral("files: %1 image files; give at most %2").arg(r.files.size()).arg(kMaxImages);
    if (r.split != QLatin1String("val") && r.split != QLatin1String("train"))
        problems << QStringLiteral("split: '%1' is not a split; use val or train").arg(r.split);
    const QStringList known = report::viewNames();
    for (const QString &view : r.views)
        if (!known.contains(view))
            problems << QStringLiteral("views: '%1' is not a view; use %2").arg(view, known.join(QStringLiteral(", ")));
    if (!fusionFromName(r.rolloutFusion))
        problems << QStringLiteral("rollout fusion: '%1' is not a head fusion; use mean, max or min").arg(r.rolloutFusion);
    if (!(r.discardRatio >= 0.0 && r.discardRatio < 1.0))
        problems << QStringLiteral("discard ratio: %1 is outside [0, 1); it is the fraction of each row's lowest "
                                   "attention dropped before the rollout (0: none)")
                        .arg(r.discardRatio);
    if (!(r.deadFraction >= 0.0 && r.deadFraction <= 1.0))
        problems << QStringLiteral("dead fraction: %1 is outside [0, 1]").arg(r.deadFraction);
    if (r.ckaRunId < 0)
        problems << QStringLiteral("cka run: %1 is not a run id (0: the run itself)").arg(r.ckaRunId);
    checkCheckpoint(QStringLiteral("cka checkpoint"), r.ckaCheckpoint);
    if (r.ckaImages < 4 || r.ckaImages > 65536)
        problems << QStringLiteral("cka images: %1 is not a number of images from 4 (the unbiased HSIC needs 4) to "
                                   "65536")
                        .arg(r.ckaImages);
    if (r.device != QLatin1String("cpu") && r.device != QLatin1String("cuda") && r.device != QLatin1String("auto"))
        problems << QStringLiteral("device: '%1' is not a device; use cpu, cuda or auto").arg(r.device);
    return problems;
}

std::optional<InspectReport> inspectRun(store::RunStore &store, const InspectRequest &request, QString *error,
                                        std::function<void(QString)> progress)
{
    QElapsedTimer timer;
    timer.start();
    QString dummy;
    if (!error)
        error = &dummy;
    auto say = [&](const QString &text) {
        if (progress)
            progress(text);
    };
    const QStringList problems = checkRequest(request);
    if (!problems.isEmpty()) {
        *error = problems.join(QStringLiteral("; "));
        return std::nullopt;
    }
    const auto device = deviceFromName(request.device, error);
    if (!device)
        return std::nullopt;
    QStringList views;
    for (const QString &view : report::viewNames())
        if (request.views.isEmpty() || request.views.contains(view))
            views << view;
    const auto split = request.split == QLatin1String("train") ? data::Split::Train : data::Split::Val;

    auto run = loadRun(store, request.runId, request.checkpoint, *device, error, progress, request.acceptModifiedCheckpoint);
    if (!run)
        return std::nullopt;
    std::optional<LoadedRun> other;
    if (!loadCkaRun(store, request, views, *run, *device, progress, &other, error))
        return std::nullopt;

    say(request.files.isEmpty() ? QCoreApplication::translate("InspectRun", "reading %1 %2 images").arg(request.images).arg(request.split)
                                : QCoreApplication::translate("InspectRun", "reading %1 image file(s)").arg(request.files.size()));
    auto inputs = request.files.isEmpty() ? splitInputs(*run, split, 0, request.images, error)
                                          : fileInputs(*run, request.files, error);
    if (!inputs)
        return std::nullopt;

    InspectReport report = reportOf(*run, request, *device);
    report.images = std::move(inputs->shown);
    try {
        say(QCoreApplication::translate("InspectRun", "predictions"));
        fillPredictions(*run, inputs->images, report);
    } catch (const std::exception &e) {
        *error = QStringLiteral("the model of run %1 fails on its images: %2")
                     .arg(run->runId)
                     .arg(QString::fromLocal8Bit(e.what()).section('\n', 0, 0));
        return std::nullopt;
    }

    analysis::ModelInspector inspector(run->model, inputs->images);
    for (const QString &view : views)
        fillView(view, request, *run, other ? &*other : nullptr, split, inspector, report, progress);
    // What the run recorded at its evaluations, for the views that show it over training.
    if (!report.codebook.empty())
        report.usageHistory = usageHistory(store, run->runId);
    if (!report.branchLayers.empty())
        report.branchHistory = branchHistory(store, run->runId);
    report.seconds = double(timer.nsecsElapsed()) * 1e-9;
    return report;
}

} // namespace gatefold::inspect
