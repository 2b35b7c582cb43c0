#include "modelexport.h"
#include "exporttext.h"

#include "createdfolders.h"
#include "exportfiles.h"
#include "exportjson.h"
#include "flatten.h"
#include "onnxexport.h"
#include "writeback.h"

#include "inspect/checkpointchoice.h"
#include "inspect/inspectinputs.h"
#include "inspect/inspectrun.h"
#include "inspect/loadedrun.h"
#include "model/fold.h"
#include "model/visiontransformer.h"
#include "store/checkpointname.h"
#include "store/runstore.h"
#include "train/checkpoint.h"
#include "train/checkpointfiles.h"
#include "train/testkillpoint.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTemporaryFile>

#include <torch/csrc/jit/serialization/import.h>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <cstdio>

#include <unistd.h>

namespace gatefold::exporting {
namespace {

// Exported files must give the folded model's logits to this relative error
// (float32 round-off of a different but equivalent op order).
constexpr double kFileTolerance = 1e-4;

LogitAgreement agreement(const torch::Tensor &reference, const torch::Tensor &candidate)
{
    LogitAgreement a;
    const auto ref = reference.to(torch::kFloat64), cand = candidate.to(torch::kFloat64);
    a.maxAbsDiff = (ref - cand).abs().max().item<double>();
    const double scale = ref.abs().max().item<double>();
    a.relativeError = scale > 0 ? a.maxAbsDiff / scale : a.maxAbsDiff;
    a.top1Agreement = ref.argmax(1).eq(cand.argmax(1)).to(torch::kFloat64).mean().item<double>();
    return a;
}

// The store's record of one exported file, with the numbers that verified it.
store::Artifact artifactOf(const ExportRequest &request, const ExportResult &result, const ExportedFile &file)
{
    QJsonObject info{{"checkpoint", result.checkpoint},
                     {"checkpoint_file", result.checkpointFile},
                     {"step", result.step},
                     {"fold", result.fold},
                     {"absorb_norms", result.absorbNorms},
                     {"join_lambda", result.lambda},
                     {"forced", request.force && result.lambda < 1.0},
                     {"timm_shaped", result.timmShaped},
                     {"images", result.images},
                     {"split", "val"},
                     {"verification", agreementJson(file.agreement)},
                     {"file_vs_folded", agreementJson(file.fileVsFolded)},
                     {"fold_verification", agreementJson(result.foldAgreement)}};
    if (file.format == QLatin1String("onnx"))
        info.insert("opset", kOnnxOpset);
    if (!file.extraFiles.isEmpty())
        info.insert("config", file.extraFiles.first());
    store::Artifact artifact;
    artifact.runId = request.runId;
    artifact.kind = QStringLiteral("export/") + file.format;
    artifact.path = file.path;
    artifact.sha256 = file.sha256;
    artifact.created = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
    artifact.infoJson = QJsonDocument(info).toJson(QJsonDocument::Compact);
    return artifact;
}

// The model to export: `trained` itself (--fold none, single-branch runs
// only) or its fold; nullopt with the reason for a request that cannot be met.
std::optional<model::VisionTransformer> foldForExport(const ExportRequest &request,
                                                      const model::VisionTransformer &trained, qint64 step,
                                                      double lambda, QString *why)
{
    const auto &trainedConfig = trained->config();
    auto refuse = [why](const QString &reason) {
        *why = reason;
        return std::nullopt;
    };
    if (request.fold == QLatin1String("none")) {
        if (trainedConfig.isParallel())
            return refuse(tr("--fold none exports a model as trained, but run %1 has %2 parallel branches per "
                             "block, which only export folded: use --fold auto, plain or wide")
                              .arg(request.runId)
                              .arg(trainedConfig.join.branches));
        if (request.absorbNorms)
            return refuse(tr("--absorb-norms changes the model, --fold none exports it as trained: drop one of them"));
        return trained;
    }
    if (trainedConfig.isParallel() && lambda < 1.0 && !request.force)
        return refuse(tr("run %1's %2 checkpoint (step %3) is not fully joined: the joining strength lambda is "
                         "%4, and only at lambda = 1 does the fold compute what the trained model computes. "
                         "Export a checkpoint after the warm-up (join.warmup_steps), train longer, or pass "
                         "--force to fold anyway (the verification numbers then show the change)")
                          .arg(request.runId)
                          .arg(request.checkpoint)
                          .arg(step)
                          .arg(lambda, 0, 'g', 6));
    model::FoldOptions options;
    options.absorbNorms = request.absorbNorms;
    options.force = request.force;
    std::string foldError;
    auto folded = model::foldModel(trained, options, &foldError);
    if (!folded)
        return refuse(QString::fromStdString(foldError));
    return folded;
}

void recordAcceptance(store::RunStore &store, qint64 runId, const inspect::CheckpointChoice &choice, const QString &found)
{
    store::Artifact accepted;
    accepted.runId = runId;
    accepted.kind = store::kAcceptedModifiedKind;
    accepted.path = train::artifactPathFor(store, choice.file);
    accepted.sha256 = found;
    accepted.infoJson = QJsonDocument(QJsonObject{{"path", choice.file},
                                                  {"kind", choice.kind},
                                                  {"recorded_sha256", choice.sha256},
                                                  {"found_sha256", found}})
                            .toJson(QJsonDocument::Compact);
    store.addArtifact(accepted);
}

// The checkpoint's model in eval mode (on the CPU), a modified checkpoint accepted recorded in the run.
std::optional<inspect::LoadedRun> loadForExport(store::RunStore &store, const ExportRequest &request,
                                                const inspect::CheckpointChoice &choice, QString *why)
{
    auto loaded = inspect::loadRun(store, request.runId, request.checkpoint, torch::Device(torch::kCPU), why, {},
                                   request.acceptModifiedCheckpoint);
    if (!loaded)
        return std::nullopt;
    if (!loaded->acceptedModifiedSha256.isEmpty())
        recordAcceptance(store, request.runId, choice, loaded->acceptedModifiedSha256);
    loaded->model->eval();
    return loaded;
}

// What the export is of, before anything is folded or written.
ExportResult resultFor(const ExportRequest &request, const inspect::CheckpointChoice &choice,
                       const inspect::LoadedRun &loaded, const QString &outDir)
{
    const auto &trainedConfig = loaded.model->config();
    ExportResult result;
    result.runId = request.runId;
    result.checkpoint = request.checkpoint;
    result.checkpointFile = choice.file;
    result.step = loaded.step;
    result.branches = trainedConfig.join.deployed ? 1 : trainedConfig.join.branches;
    result.lambda = trainedConfig.isParallel() ? loaded.model->joinStrength() : 1.0;
    result.absorbNorms = request.absorbNorms;
    result.outDir = outDir;
    return result;
}

// The model's logits on the verification batch, which every written file must reproduce.
struct ReferenceLogits {
    torch::Tensor batch;
    torch::Tensor trained;
    torch::Tensor folded;
};

// The fold's name (none, plain or wide) and whether it is timm-shaped; false when --fold plain was
// asked for a fold that is wide.
bool nameFold(const ExportRequest &request, const model::ViTConfig &trainedConfig, const FlatVit &flat,
              const model::ViTConfig &deploy, ExportResult *result, QString *why)
{
    const bool gated = trainedConfig.gate.kind != model::GateKind::None;
    const bool wide = isWide(flat);
    result->fold = request.fold == QLatin1String("none") ? QStringLiteral("none")
                                                         : (wide ? QStringLiteral("wide") : QStringLiteral("plain"));
    result->timmShaped = !wide && !gated && !flat.rotary.on;  // timm's ViT has no 2-D RoPE
    if (request.fold != QLatin1String("plain") || !wide)
        return true;
    *why = tr("run %1 joins with join.variant %2, whose fold is wide (attention q/k width %3, v width %4, "
              "not %5): it is not a timm-shaped ViT. Only join.variant=projections folds plain; "
              "use --fold wide or auto for this run")
        .arg(request.runId)
        .arg(trainedConfig.join.variant == model::JoinVariant::Logits ? QStringLiteral("logits")
                                                                      : QStringLiteral("values"))
        .arg(flat.blocks.front().qkDim)
        .arg(flat.blocks.front().vDim)
        .arg(deploy.embedDim);
    return false;
}

// The verification images (at most what the validation split holds) and both models' logits on them.
bool computeReference(const ExportRequest &request, const inspect::LoadedRun &loaded,
                      model::VisionTransformer folded, const std::function<void(QString)> &progress,
                      ReferenceLogits *reference, ExportResult *result, QString *why)
{
    const std::int64_t held = loaded.data->size(data::Split::Val);
    const int images = int(std::min<std::int64_t>(request.images, held));
    if (progress)
        progress(images < request.images ? tr("reading the %1 validation images the split holds (--images asked for %2)")
                                               .arg(images)
                                               .arg(request.images)
                                         : tr("reading %1 validation images").arg(images));
    const auto inputs = inspect::splitInputs(loaded, data::Split::Val, 0, images, why);
    if (!inputs)
        return false;
    reference->batch = inputs->images;
    result->images = int(reference->batch.size(0));
    auto trained = loaded.model;
    reference->trained = trained->forward(reference->batch);
    reference->folded = folded->forward(reference->batch);
    result->foldAgreement = agreement(reference->trained, reference->folded);
    return true;
}

// Writes each requested format under a temporary name (listed in `pending` before it is written, so
// that it is removed whatever happens), loads it back and checks its logits against the folded model's.
bool writeVerifiedFormats(const ExportRequest &request, const QString &outDir, const FlatVit &flat,
                          const model::ViTConfig &deploy, const QJsonObject &config, const ReferenceLogits &reference,
                          const std::function<void(QString)> &progress, std::vector<PendingFile> *pending, QString *why)
{
    const std::string configText = QJsonDocument(config).toJson(QJsonDocument::Compact).toStdString();
    const QString tag = QStringLiteral(".tmp-%1").arg(QCoreApplication::applicationPid());
    for (const QString &format : exportFormats()) {
        if (!request.formats.contains(format))
            continue;
        PendingFile p;
        p.format = format;
        p.final = QDir(outDir).filePath(exportFileName(format));
        p.temp = p.final + tag;
        pending->push_back(p);
        PendingFile &cur = pending->back();
        const QString configFinal = QDir(outDir).filePath(QStringLiteral("config.json"));
        if (progress)
            progress(tr("writing and checking %1").arg(format));
        QString e;
        std::optional<torch::Tensor> logits;
        if (format == QLatin1String("torchscript")) {
            logits = writeTorchScript(flat, configText, cur.temp, reference.batch, &e);
        } else if (format == QLatin1String("onnx")) {
            logits = writeOnnx(flat, configText, cur.temp, reference.batch, &e);
        } else {
            cur.configFinal = configFinal;
            cur.configTemp = configFinal + tag;
            logits = writeSafetensors(flat, deploy, QJsonDocument(config).toJson(QJsonDocument::Indented), cur.temp,
                                      cur.configTemp, reference.batch, &e);
        }
        if (!logits) {
            *why = e;
            return false;
        }
        cur.fileVsFolded = agreement(reference.folded, *logits);
        cur.agreement = agreement(reference.trained, *logits);
        if (!(cur.fileVsFolded.relativeError <= kFileTolerance)) {
            *why = tr("the written %1 file gives logits %2 (relative %3) away from the folded model's, more "
                      "than the %4 allowed; nothing was kept")
                       .arg(format)
                       .arg(cur.fileVsFolded.maxAbsDiff, 0, 'g', 3)
                       .arg(cur.fileVsFolded.relativeError, 0, 'g', 3)
                       .arg(kFileTolerance, 0, 'g', 3);
            return false;
        }
    }
    return true;
}

// One artifact per file moved into place, added to result->files.
bool recordExports(store::RunStore &store, const ExportRequest &request, const std::vector<PendingFile> &pending,
                   ExportResult *result, QString *why)
{
    for (const auto &p : pending) {
        ExportedFile file;
        file.format = p.format;
        file.path = p.final;
        file.sha256 = train::sha256OfFile(p.final, why);
        file.agreement = p.agreement;
        file.fileVsFolded = p.fileVsFolded;
        if (!p.configFinal.isEmpty())
            file.extraFiles << p.configFinal;
        auto artifact = artifactOf(request, *result, file);
        if (!p.configFinal.isEmpty()) {
            auto info = QJsonDocument::fromJson(artifact.infoJson).object();
            info.insert("config_sha256", train::sha256OfFile(p.configFinal));
            artifact.infoJson = QJsonDocument(info).toJson(QJsonDocument::Compact);
        }
        const auto id = store.replaceArtifactAtPath(artifact);
        if (!id) {
            *why = tr("the files are written to %1 but the store refused the artifact record: %2")
                       .arg(result->outDir, store.lastError());
            return false;
        }
        file.artifactId = *id;
        result->files.push_back(file);
    }
    return true;
}

} // namespace

QStringList checkExportRequest(const ExportRequest &request)
{
    QStringList problems;
    if (request.runId <= 0)
        problems << tr("the run id must be a whole number > 0 (`gatefold-cli runs` lists them)");
    if (request.formats.isEmpty())
        problems << tr("no format asked for: give one or more of torchscript, onnx, safetensors");
    for (const QString &f : request.formats)
        if (!exportFormats().contains(f))
            problems << tr("unknown format '%1': the formats are torchscript, onnx and safetensors").arg(f);
    if (!QStringList{"auto", "plain", "wide", "none"}.contains(request.fold))
        problems << tr("unknown fold '%1': use auto, plain, wide or none").arg(request.fold);
    const QString c = request.checkpoint;
    if (!store::CheckpointName::parse(c))
        problems << tr("unknown checkpoint '%1': use best, last or epoch:N").arg(c);
    if (request.images <= 0)
        problems << tr("the number of verification images must be > 0, not %1").arg(request.images);
    return problems;
}

std::optional<ExportResult> exportRun(store::RunStore &store, const ExportRequest &request, QString *error,
                                      ExportFailure *failure, const std::function<void(QString)> &progress)
{
    auto refuse = [&](const QString &why, ExportFailure kind) {
        *error = why;
        *failure = kind;
        return std::nullopt;
    };
    auto say = [&](const QString &stage) {
        if (progress)
            progress(stage);
    };
    if (const auto problems = checkExportRequest(request); !problems.isEmpty())
        return refuse(problems.join(QStringLiteral("; ")), ExportFailure::Usage);
    if (!store.run(request.runId))
        return refuse(tr("there is no run %1 in %2; `gatefold-cli runs` lists the runs")
                          .arg(request.runId)
                          .arg(store.displayName()),
                      ExportFailure::Usage);
    QString why;
    const auto choice = inspect::chooseCheckpoint(store, request.runId, request.checkpoint, &why);
    if (!choice)
        return refuse(why, ExportFailure::Usage);

    const QString outDir = outputFolder(store, request);
    CreatedFolders created;  // removed again, when still empty, unless the export ends well
    std::map<QString, QString> unknown;
    if (!prepareOutputFolder(store, request, outDir, &created, &unknown, &why))
        return refuse(why, ExportFailure::Usage);

    say(tr("loading the %1 checkpoint of run %2").arg(request.checkpoint).arg(request.runId));
    torch::NoGradGuard noGrad;
    auto loaded = loadForExport(store, request, *choice, &why);
    if (!loaded)
        return refuse(why, ExportFailure::Failure);
    ExportResult result = resultFor(request, *choice, *loaded, outDir);
    std::optional<model::VisionTransformer> folded;
    if (request.fold != QLatin1String("none"))
        say(tr("folding"));
    if (!(folded = foldForExport(request, loaded->model, loaded->step, result.lambda, &why)))
        return refuse(why, ExportFailure::Usage);
    (*folded)->eval();
    const auto &deploy = (*folded)->config();
    const FlatVit flat = flattenModel(*folded);
    if (!nameFold(request, loaded->model->config(), flat, deploy, &result, &why))
        return refuse(why, ExportFailure::Usage);
    ReferenceLogits reference;
    if (!computeReference(request, *loaded, *folded, progress, &reference, &result, &why))
        return refuse(why, ExportFailure::Failure);

    // The config (architecture, input normalisation, provenance) travels with every format.
    const QJsonObject config = configJson(result, deploy, flat, loaded->norm);
    std::vector<PendingFile> pending;
    // Temporary files go whatever ends the export (a refusal, or an exception LibTorch throws).
    struct TempsGone {
        std::vector<PendingFile> &pending;
        ~TempsGone() { removeTemps(pending); }
    } tempsGone{pending};
    auto fail = [&](const QString &why) {
        removeTemps(pending);
        return refuse(why, ExportFailure::Failure);
    };
    if (!writeVerifiedFormats(request, outDir, flat, deploy, config, reference, progress, &pending, &why))
        return fail(why);
    forgetIdenticalFiles(pending, &unknown);
    if (!unknown.empty()) {
        removeTemps(pending);
        return refuse(cannotExportOver(unknown), ExportFailure::Usage);
    }

    // Every format verified: move them into place and record them.
    train::testKillPoint("export-before-rename");
    if (!moveIntoPlace(pending, outDir, &why))
        return fail(why);
    train::testKillPoint("export-after-rename");
    if (!recordExports(store, request, pending, &result, &why))
        return refuse(why, ExportFailure::Failure);
    created.keep();
    return result;
}

} // namespace gatefold::exporting
