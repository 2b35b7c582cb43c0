#include "modelexport.h"
#include "exporttext.h"

#include "createdfolders.h"
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

const QStringList kFormats{QStringLiteral("torchscript"), QStringLiteral("onnx"), QStringLiteral("safetensors")};

QString fileNameOf(const QString &format)
{
    if (format == QLatin1String("torchscript"))
        return QStringLiteral("model.torchscript.pt");
    if (format == QLatin1String("onnx"))
        return QStringLiteral("model.onnx");
    return QStringLiteral("model.safetensors");
}

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

struct Pending {
    QString format;
    QString temp;
    QString final;
    QString configTemp;
    QString configFinal;
    LogitAgreement agreement;
    LogitAgreement fileVsFolded;
};

// A file already at `path` may be replaced when it is what run `runId`'s last export of `kind` wrote there.
bool replaceable(store::RunStore &store, qint64 runId, const QString &kind, const QString &path, QString *found)
{
    if (!QFileInfo::exists(path))
        return true;
    *found = train::sha256OfFile(path);
    for (const auto &artifact : store.artifacts(runId, kind))
        if (QFileInfo(artifact.path).absoluteFilePath() == QFileInfo(path).absoluteFilePath()
            && artifact.sha256 == *found)
            return true;
    return false;
}

// The config.json of a safetensors export, as its record names it.
bool configReplaceable(store::RunStore &store, qint64 runId, const QString &path)
{
    if (!QFileInfo::exists(path))
        return true;
    const QString found = train::sha256OfFile(path);
    for (const auto &artifact : store.artifacts(runId, QStringLiteral("export/safetensors"))) {
        const auto info = QJsonDocument::fromJson(artifact.infoJson).object();
        if (info.value(QLatin1String("config")).toString() == path
            && info.value(QLatin1String("config_sha256")).toString() == found)
            return true;
    }
    return false;
}

// Every output path that holds a file the store does not know as ours, with a sentence each.
std::map<QString, QString> unknownFiles(store::RunStore &store, const ExportRequest &request, const QString &outDir)
{
    std::map<QString, QString> out;
    for (const QString &format : request.formats) {
        const QString path = QDir(outDir).filePath(fileNameOf(format));
        QString found;
        if (!replaceable(store, request.runId, QStringLiteral("export/") + format, path, &found))
            out[path] = tr("%1 (sha256 %2…) is not the file run %3's export wrote there")
                            .arg(path, found.left(12))
                            .arg(request.runId);
        const QString config = QDir(outDir).filePath(QStringLiteral("config.json"));
        if (format == QLatin1String("safetensors") && !configReplaceable(store, request.runId, config))
            out[config] = tr("%1 is not the config run %2's export wrote there").arg(config).arg(request.runId);
    }
    return out;
}

QString cannotExportOver(const std::map<QString, QString> &unknown)
{
    QStringList sentences;
    for (const auto &entry : unknown)
        sentences << entry.second;
    return tr("cannot export over files that were changed or are not this run's exports (nothing was written): "
              "%1. Move them away, choose another folder with --out, or pass --overwrite to replace them")
        .arg(sentences.join(QStringLiteral("; ")));
}

// Temporary files an export killed before it moved them into place left in `outDir`
// (<name>.tmp-<pid> of a process that is gone): removed, they are nobody's.
void removeStaleTemps(const QString &outDir)
{
    const QDir dir(outDir);
    for (const QString &name : dir.entryList({QStringLiteral("*.tmp-*")}, QDir::Files | QDir::Hidden)) {
        bool isPid = false;
        const qint64 pid = name.section(QStringLiteral(".tmp-"), -1).toLongLong(&isPid);
        const QString target = name.section(QStringLiteral(".tmp-"), 0, -2);
        const bool ours = target == QLatin1String("config.json")
                       || std::any_of(kFormats.begin(), kFormats.end(),
                                      [&](const QString &f) { return fileNameOf(f) == target; });
        if (isPid && ours && pid > 0 && pid != QCoreApplication::applicationPid()
            && !QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid)))
            QFile::remove(dir.filePath(name));
    }
}

void removeTemps(const std::vector<Pending> &pending)
{
    for (const auto &p : pending) {
        QFile::remove(p.temp);
        if (!p.configTemp.isEmpty())
            QFile::remove(p.configTemp);
    }
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
        if (!kFormats.contains(f))
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

    // The output folder must be writable before any work is done.
    const QString outDir = request.outDir.isEmpty()
        ? QDir(store.runDirectory(request.runId))
              .filePath(QStringLiteral("export/") + inspect::checkpointDirName(request.checkpoint))
        : QFileInfo(request.outDir).absoluteFilePath();
    if (QFileInfo(outDir).exists() && !QFileInfo(outDir).isDir())
        return refuse(tr("the output folder %1 is a file; give a folder with --out").arg(outDir), ExportFailure::Usage);
    CreatedFolders created;  // removed again, when still empty, unless the export ends well
    if (!created.create(outDir))
        return refuse(tr("cannot create the output folder %1; give a writable folder with --out").arg(outDir),
                      ExportFailure::Usage);
    // Files the store does not know as this run's: refused, unless they hold exactly the bytes this
    // export writes (an export of the same run killed before it recorded them) — known only once
    // they are written, so the check ends before anything is moved into place.
    std::map<QString, QString> unknown;
    if (!request.overwrite)
        unknown = unknownFiles(store, request, outDir);
    removeStaleTemps(outDir);
    {
        QTemporaryFile probe(QDir(outDir).filePath(QStringLiteral(".gatefold-export-XXXXXX")));
        if (!probe.open())
            return refuse(tr("cannot write into %1 (%2); give a writable folder with --out")
                              .arg(outDir, probe.errorString()),
                          ExportFailure::Usage);
    }

    say(tr("loading the %1 checkpoint of run %2").arg(request.checkpoint).arg(request.runId));
    torch::NoGradGuard noGrad;
    auto loaded = inspect::loadRun(store, request.runId, request.checkpoint, torch::Device(torch::kCPU), &why, {},
                                   request.acceptModifiedCheckpoint);
    if (!loaded)
        return refuse(why, ExportFailure::Failure);
    if (!loaded->acceptedModifiedSha256.isEmpty())
        recordAcceptance(store, request.runId, *choice, loaded->acceptedModifiedSha256);
    auto trained = loaded->model;
    trained->eval();
    const auto &trainedConfig = trained->config();

    ExportResult result;
    result.runId = request.runId;
    result.checkpoint = request.checkpoint;
    result.checkpointFile = choice->file;
    result.step = loaded->step;
    result.branches = trainedConfig.join.deployed ? 1 : trainedConfig.join.branches;
    result.lambda = trainedConfig.isParallel() ? trained->joinStrength() : 1.0;
    result.absorbNorms = request.absorbNorms;
    result.outDir = outDir;

    const bool gated = trainedConfig.gate.kind != model::GateKind::None;

    std::optional<model::VisionTransformer> folded;
    if (request.fold != QLatin1String("none"))
        say(tr("folding"));
    if (!(folded = foldForExport(request, trained, loaded->step, result.lambda, &why)))
        return refuse(why, ExportFailure::Usage);
    (*folded)->eval();
    const auto &deploy = (*folded)->config();
    const FlatVit flat = flattenModel(*folded);
    const bool wide = isWide(flat);
    result.fold = request.fold == QLatin1String("none") ? QStringLiteral("none")
                                                        : (wide ? QStringLiteral("wide") : QStringLiteral("plain"));
    result.timmShaped = !wide && !gated;
    if (request.fold == QLatin1String("plain") && wide)
        return refuse(tr("run %1 joins with join.variant %2, whose fold is wide (attention q/k width %3, v width %4, "
                         "not %5): it is not a timm-shaped ViT. Only join.variant=projections folds plain; "
                         "use --fold wide or auto for this run")
                          .arg(request.runId)
                          .arg(trainedConfig.join.variant == model::JoinVariant::Logits ? QStringLiteral("logits")
                                                                                        : QStringLiteral("values"))
                          .arg(flat.blocks.front().qkDim)
                          .arg(flat.blocks.front().vDim)
                          .arg(deploy.embedDim),
                      ExportFailure::Usage);

    const std::int64_t held = loaded->data->size(data::Split::Val);
    const int images = int(std::min<std::int64_t>(request.images, held));
    say(images < request.images
            ? tr("reading the %1 validation images the split holds (--images asked for %2)").arg(images).arg(request.images)
            : tr("reading %1 validation images").arg(images));
    const auto inputs = inspect::splitInputs(*loaded, data::Split::Val, 0, images, &why);
    if (!inputs)
        return refuse(why, ExportFailure::Failure);
    const auto batch = inputs->images;
    result.images = int(batch.size(0));
    const auto trainedLogits = trained->forward(batch);
    const auto foldedLogits = (*folded)->forward(batch);
    result.foldAgreement = agreement(trainedLogits, foldedLogits);

    // The config (architecture, input normalisation, provenance) travels with every format.
    const QJsonObject config = configJson(result, deploy, flat, loaded->norm);
    const std::string configText = QJsonDocument(config).toJson(QJsonDocument::Compact).toStdString();
    std::vector<Pending> pending;
    // Temporary files go whatever ends the export (a refusal, or an exception LibTorch throws).
    struct TempsGone {
        std::vector<Pending> &pending;
        ~TempsGone() { removeTemps(pending); }
    } tempsGone{pending};
    const QString tag = QStringLiteral(".tmp-%1").arg(QCoreApplication::applicationPid());
    auto fail = [&](const QString &why) {
        removeTemps(pending);
        return refuse(why, ExportFailure::Failure);
    };
    for (const QString &format : kFormats) {
        if (!request.formats.contains(format))
            continue;
        Pending p;
        p.format = format;
        p.final = QDir(outDir).filePath(fileNameOf(format));
        p.temp = p.final + tag;
        pending.push_back(p);
        Pending &cur = pending.back();
        const QString configFinal = QDir(outDir).filePath(QStringLiteral("config.json"));
        say(tr("writing and checking %1").arg(format));
        QString e;
        std::optional<torch::Tensor> logits;
        if (format == QLatin1String("torchscript")) {
            logits = writeTorchScript(flat, configText, cur.temp, batch, &e);
        } else if (format == QLatin1String("onnx")) {
            logits = writeOnnx(flat, configText, cur.temp, batch, &e);
        } else {
            cur.configFinal = configFinal;
            cur.configTemp = configFinal + tag;
            logits = writeSafetensors(flat, deploy, QJsonDocument(config).toJson(QJsonDocument::Indented), cur.temp,
                                      cur.configTemp, batch, &e);
        }
        if (!logits)
            return fail(e);
        cur.fileVsFolded = agreement(foldedLogits, *logits);
        cur.agreement = agreement(trainedLogits, *logits);
        if (!(cur.fileVsFolded.relativeError <= kFileTolerance))
            return fail(tr("the written %1 file gives logits %2 (relative %3) away from the folded model's, more "
                           "than the %4 allowed; nothing was kept")
                            .arg(format)
                            .arg(cur.fileVsFolded.maxAbsDiff, 0, 'g', 3)
                            .arg(cur.fileVsFolded.relativeError, 0, 'g', 3)
                            .arg(kFileTolerance, 0, 'g', 3));
    }

    if (!unknown.empty()) {
        for (const auto &p : pending) {
            if (unknown.count(p.final)) {  // hashed only where a file is in the way
                const QString written = train::sha256OfFile(p.temp);
                if (!written.isEmpty() && train::sha256OfFile(p.final) == written)
                    unknown.erase(p.final);
            }
            if (!p.configFinal.isEmpty() && unknown.count(p.configFinal)
                && train::sha256OfFile(p.configTemp) == train::sha256OfFile(p.configFinal))
                unknown.erase(p.configFinal);
        }
        if (!unknown.empty()) {
            removeTemps(pending);
            return refuse(cannotExportOver(unknown), ExportFailure::Usage);
        }
    }

    // Every format verified: move them into place and record them.
    train::testKillPoint("export-before-rename");
    for (const auto &p : pending) {
        if (std::rename(QFile::encodeName(p.temp).constData(), QFile::encodeName(p.final).constData()) != 0
            || (!p.configTemp.isEmpty()
                && std::rename(QFile::encodeName(p.configTemp).constData(), QFile::encodeName(p.configFinal).constData())
                    != 0))
            return fail(tr("cannot move the verified %1 file into place in %2").arg(p.format, outDir));
    }
    train::testKillPoint("export-after-rename");
    for (const auto &p : pending) {
        ExportedFile file;
        file.format = p.format;
        file.path = p.final;
        file.sha256 = train::sha256OfFile(p.final, &why);
        file.agreement = p.agreement;
        file.fileVsFolded = p.fileVsFolded;
        if (!p.configFinal.isEmpty())
            file.extraFiles << p.configFinal;
        auto artifact = artifactOf(request, result, file);
        if (!p.configFinal.isEmpty()) {
            auto info = QJsonDocument::fromJson(artifact.infoJson).object();
            info.insert("config_sha256", train::sha256OfFile(p.configFinal));
            artifact.infoJson = QJsonDocument(info).toJson(QJsonDocument::Compact);
        }
        const auto id = store.replaceArtifactAtPath(artifact);
        if (!id)
            return refuse(tr("the files are written to %1 but the store refused the artifact record: %2")
                              .arg(outDir, store.lastError()),
                          ExportFailure::Failure);
        file.artifactId = *id;
        result.files.push_back(file);
    }
    created.keep();
    return result;
}

} // namespace gatefold::exporting
