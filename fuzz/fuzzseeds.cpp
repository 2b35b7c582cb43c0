#include "fuzzseeds.h"

#include "checkpointsubject.h"
#include "treepack.h"

#include "export/safetensors.h"
#include "mlflow/mlflowexport.h"
#include "report/reportjson.h"
#include "store/runstore.h"
#include "train/checkpoint.h"
#include "config/runconfigjson.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"
#include "train/legacycheckpoint.h"
#include "train/streamseeds.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <opencv2/imgcodecs.hpp>

#include <torch/torch.h>

#include <zlib.h>

#include <cmath>
#include <limits>

namespace gatefold::fuzz {
namespace {

class SeedWriter
{
public:
    SeedWriter(const QString &dir, QString *error) : m_dir(dir), m_error(error) {}

    bool put(const QString &harness, const QString &name, const QByteArray &bytes)
    {
        if (!QDir().mkpath(m_dir + '/' + harness))
            return fail(QStringLiteral("cannot create %1/%2").arg(m_dir, harness));
        QFile file(m_dir + '/' + harness + '/' + name);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
            return fail(QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString()));
        return true;
    }
    bool putFile(const QString &harness, const QString &name, const QString &from)
    {
        QFile file(from);
        if (!file.open(QIODevice::ReadOnly))
            return fail(QStringLiteral("cannot read %1: %2").arg(from, file.errorString()));
        return put(harness, name, file.readAll());
    }
    bool fail(const QString &why)
    {
        *m_error = why;
        return false;
    }
    const QString &dir() const { return m_dir; }

private:
    QString m_dir;
    QString *m_error;
};

bool configSeeds(SeedWriter &w)
{
    int n = 0;
    for (const auto &preset : train::runPresets())
        if (n++ < 12 && !w.put("configjson", QString::fromStdString("preset-" + preset.name + ".json"),
                               train::runConfigToJson(preset.make())))
            return false;
    // Nested objects and only some keys, as people write them by hand.
    const QByteArray nested = R"({
  "gate": {"kind": "cde", "codebook_size": 16, "top_k": 4, "blocks": [0, 2]},
  "embed_dim": 64, "depth": 4, "num_heads": 4,
  "data": {"name": "cifar10", "path": "/data/cifar-10-batches-bin", "mean": [0.5, 0.5, 0.5]},
  "train": {"epochs": 2, "batch_size": 64, "seed": 3},
  "optim": {"lr": 0.0005, "ema_decay": 0.999}
}
)";
    if (!w.put("configjson", "nested.json", nested) || !w.put("configjson", "one-key.json", "{\"depth\": 2}\n"))
        return false;
    // The dictionary: every key, quoted, and JSON's own words.
    QByteArray dict = "\"{\"\n\"}\"\n\"[\"\n\"]\"\n\"true\"\n\"false\"\n\"null\"\n\"1e308\"\n\"-0\"\n\"\\\\u0000\"\n";
    for (const auto &field : config::fields())
        dict += "\"\\\"" + QByteArray::fromStdString(field.key) + "\\\"\"\n";
    QFile file(w.dir() + "/configjson.dict");
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(dict) != dict.size())
        return w.fail(QStringLiteral("cannot write %1").arg(file.fileName()));
    return true;
}

QByteArray cifarRecords(int n, bool cifar100)
{
    QByteArray out;
    for (int i = 0; i < n; ++i) {
        if (cifar100) {
            out.append(char(i % 20));
            out.append(char((i * 37) % 100));
        } else {
            out.append(char(i % 10));
        }
        for (int p = 0; p < 3072; ++p)
            out.append(char((i * 31 + p * 7) % 256));
    }
    return out;
}

QByteArray bigEndian(quint32 v)
{
    const char bytes[4] = {char(v >> 24), char(v >> 16), char(v >> 8), char(v)};
    return QByteArray(bytes, 4);
}

// gzip as `gzip` writes it (zlib's gz* functions), through a temporary file.
std::optional<QByteArray> gzipped(const QByteArray &bytes)
{
    QTemporaryDir tmp;
    const QByteArray path = (tmp.path() + "/x.gz").toLocal8Bit();
    gzFile f = gzopen(path.constData(), "wb9");
    if (!f || gzwrite(f, bytes.constData(), unsigned(bytes.size())) != int(bytes.size()) || gzclose(f) != Z_OK)
        return std::nullopt;
    QFile file(QString::fromLocal8Bit(path));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return file.readAll();
}

bool idxSeeds(SeedWriter &w)
{
    const int count = 3, rows = 28, cols = 28;
    QByteArray images = bigEndian(0x803) + bigEndian(count) + bigEndian(rows) + bigEndian(cols);
    for (int i = 0; i < count * rows * cols; ++i)
        images.append(char((i * 13) % 256));
    QByteArray labels = bigEndian(0x801) + bigEndian(count);
    for (int i = 0; i < count; ++i)
        labels.append(char(i * 3 % 10));
    const auto imagesGz = gzipped(images), labelsGz = gzipped(labels);
    if (!imagesGz || !labelsGz)
        return w.fail("cannot gzip the IDX seeds");
    return w.put("idx", "train-images-idx3-ubyte", images) && w.put("idx", "train-labels-idx1-ubyte", labels)
        && w.put("idx", "train-images-idx3-ubyte.gz", *imagesGz) && w.put("idx", "train-labels-idx1-ubyte.gz", *labelsGz);
}

bool imageSeeds(SeedWriter &w)
{
    cv::Mat colour(8, 8, CV_8UC3), grey(8, 8, CV_8UC1), alpha(8, 8, CV_8UC4), deep(8, 8, CV_16UC3);
    cv::randu(colour, 0, 256);
    cv::randu(grey, 0, 256);
    cv::randu(alpha, 0, 256);
    cv::randu(deep, 0, 65536);
    const struct {
        const char *name;
        const char *ext;
        const cv::Mat &image;
        std::vector<int> params;
    } seeds[] = {
        {"colour.png", ".png", colour, {}},
        {"grey.png", ".png", grey, {}},
        {"alpha.png", ".png", alpha, {}},
        {"deep.png", ".png", deep, {}},
        {"colour.jpg", ".jpg", colour, {cv::IMWRITE_JPEG_QUALITY, 90}},
        {"progressive.jpg", ".jpg", colour, {cv::IMWRITE_JPEG_PROGRESSIVE, 1}},
        {"grey.jpg", ".jpg", grey, {}},
        {"colour.webp", ".webp", colour, {cv::IMWRITE_WEBP_QUALITY, 80}},
        {"lossless.webp", ".webp", colour, {cv::IMWRITE_WEBP_QUALITY, 101}},
        {"colour.bmp", ".bmp", colour, {}},
        {"grey.bmp", ".bmp", grey, {}},
        {"colour.tif", ".tif", colour, {}},
        {"grey.tif", ".tif", grey, {}},
    };
    for (const auto &s : seeds) {
        std::vector<std::uint8_t> bytes;
        if (!cv::imencode(s.ext, s.image, bytes, s.params))
            return w.fail(QStringLiteral("OpenCV cannot encode %1").arg(s.name));
        if (!w.put("image", s.name, QByteArray(reinterpret_cast<const char *>(bytes.data()), qsizetype(bytes.size()))))
            return false;
    }
    return true;
}

bool checkpointSeeds(SeedWriter &w)
{
    CheckpointSubject s = makeCheckpointSubject();
    // One optimiser step, so the optimiser and the averages hold state.
    for (auto &p : s.model->parameters())
        p.mutable_grad() = torch::full_like(p, 0.01);
    s.optimizer->step();
    s.ema.update(*s.model);
    train::TrainState state;
    state.step = 1;
    state.bestTop1 = 0.25;
    state.bestStep = 1;
    state.window.steps = 1;
    state.emaUpdates = s.ema.updates();
    state.cpuRngState = train::cpuGeneratorState();
    QTemporaryDir tmp;
    const QByteArray config = train::runConfigToJson(s.config);
    QString error;
    if (!train::saveCheckpoint(tmp.path(), QStringLiteral("full"), config, s.model, s.optimizer.get(), &s.ema, state, nullptr, &error)
        || !train::saveCheckpoint(tmp.path(), QStringLiteral("weights"), config, s.model, nullptr, nullptr, train::TrainState(),
                                  nullptr, &error))
        return w.fail(QStringLiteral("cannot write the checkpoint seeds: %1").arg(error));
    // The format of older versions, which still loads (train/legacycheckpoint.h).
    if (!train::writeLegacyCheckpoint(tmp.filePath("full-v2.pt"), train::kLegacySealedFormat, config, s.model,
                                      s.optimizer.get(), &s.ema, state, &error))
        return w.fail(QStringLiteral("cannot write the checkpoint seeds: %1").arg(error));
    return w.putFile("checkpoint", "full.pt", tmp.filePath("full.pt"))
        && w.putFile("checkpoint", "weights.pt", tmp.filePath("weights.pt"))
        && w.putFile("checkpoint", "full-v2.pt", tmp.filePath("full-v2.pt"));
}

bool safetensorsSeeds(SeedWriter &w)
{
    const std::vector<exporting::NamedTensor> tensors = {
        {"patch_embed.proj.weight", {2, 3, 2, 2}, std::vector<float>(24, 0.5f)},
        {"cls_token", {1, 1, 2}, {1.0f, -2.0f}},
        {"head.bias", {3}, {0.0f, -0.0f, 3.0e38f}},
        {"scalar", {}, {7.0f}},
        {"empty", {0, 4}, {}},
    };
    return w.put("safetensors", "model.safetensors",
                 exporting::encodeSafetensors(tensors, {{"format", "pt"}, {"gatefold", "0.1.0"}}))
        && w.put("safetensors", "one.safetensors", exporting::encodeSafetensors({tensors[1]}))
        && w.put("safetensors", "none.safetensors", exporting::encodeSafetensors({}));
}

// Reports as `gatefold-cli analyze` writes them: every view of a two-branch CDE model on two 4 × 4 images
// (2 × 2 patches), the embedding views, NaN and infinities among the numbers, and one with no view at all.
bool reportSeeds(SeedWriter &w)
{
    report::InspectReport r;
    r.runId = 3;
    r.runName = QStringLiteral("seed \"report\"");
    r.checkpoint = QStringLiteral("best");
    r.checkpointFile = QStringLiteral("runs/3/step-16.pt");
    r.step = 16;
    r.epoch = 1;
    r.device = QStringLiteral("cpu");
    r.imageSize = 4;
    r.patchSize = 2;
    r.gridHeight = r.gridWidth = 2;
    r.layers = 1;
    r.heads = 1;
    r.branches = 2;
    r.classNames = {QStringLiteral("disk"), QStringLiteral("ring")};
    for (int i = 0; i < 2; ++i)
        r.images.push_back({4, 4, std::vector<std::uint8_t>(48, std::uint8_t(60 * i)), i, r.classNames[i],
                            QStringLiteral("val #%1").arg(i), 1 - i, 0.75});
    const report::Matrix map{2, 2, {0.1, 0.2, std::nan(""), std::numeric_limits<double>::infinity()}};
    const report::Matrix square{2, 2, {1.0, -0.5, -0.5, 1.0}};
    r.attention = {map, map};
    r.branchAttention = {map, map, map, map};
    r.rollout = {map, map};
    r.rolloutFusion = QStringLiteral("mean");
    r.meanDistance = report::Matrix{1, 1, {1.5}};
    r.codebook.push_back({0, {0.75, 0.25, 0.0}, 1.75, 1, 0.5, 0.25,
                          {report::Matrix{2, 2, {0, 1, 0, 0}}, report::Matrix{2, 2, {1, 1, 0, 0}}},
                          {{{0, 3}, {1, 2}}, {{1, 2}, {0, 1}}, {}}});
    r.branchLayers.push_back({0, square, square, square, square, square, square});
    r.cka = report::Matrix{1, 1, {1.0}};
    r.ckaAgainst = QStringLiteral("run 3 (best)");
    r.usageHistory.push_back({8, 0.5, {{0, {0.5, 0.5, 0.0}}}});
    r.branchHistory.push_back({8, 0.5, {{0, square, square, {}, {}, {}, {}}}});
    // The ViT paper's Fig. 7 views: 3 filters of 2 × 2 × 1, 2 components; 4 positions, one a zero embedding.
    r.embeddingFilters = {3, 1, report::Matrix{2, 4, {0.5, -0.5, 0.5, -0.5, 0.5, 0.5, -0.5, -0.5}}, {2.0, 0.5},
                          {0.8, 0.2}};
    r.positionSimilarity = report::Matrix{4, 4, {1.0, 0.5, -0.25, std::nan(""), 0.5, 1.0, 0.0, std::nan(""),
                                                 -0.25, 0.0, 1.0, std::nan(""), std::nan(""), std::nan(""),
                                                 std::nan(""), std::nan("")}};
    report::InspectReport plain;
    plain.runId = 1;
    plain.checkpoint = QStringLiteral("last");
    plain.imageSize = plain.patchSize = 4;
    plain.gridHeight = plain.gridWidth = plain.layers = plain.heads = 1;
    plain.images.push_back({1, 1, {9, 8, 7}, -1, QString(), QStringLiteral("/a.png"), 0, 1.0});
    plain.skipped[QStringLiteral("codebook")] = QStringLiteral("the model has no CDE gates");
    return w.put("report", "views.json", report::reportJson(r, {QStringLiteral("images.csv"), QStringLiteral("report.json")}))
        && w.put("report", "plain.json", report::reportJson(plain, {QStringLiteral("report.json")}));
}

bool writeText(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

// A file store as MLflow 2.x writes it itself: absolute file:// URIs, a
// two-field metric line of an old client, NaN and Infinity, a deleted run.
bool writeForeignStore(const QString &root)
{
    const QByteArray r = root.toUtf8();
    const QString e = root + "/412278139893046325";
    const QString run = e + "/0123456789abcdef0123456789abcdef";
    const QString deleted = e + "/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    bool ok = writeText(root + "/0/meta.yaml", "artifact_location: file://" + r + "/0\ncreation_time: 1700000000000\n"
                                               "experiment_id: '0'\nlast_update_time: 1700000000000\n"
                                               "lifecycle_stage: active\nname: Default\n")
           && writeText(e + "/meta.yaml", "artifact_location: file://" + e.toUtf8() + "\ncreation_time: 1700000000000\n"
                                          "experiment_id: '412278139893046325'\nlast_update_time: 1700000000000\n"
                                          "lifecycle_stage: active\nname: cde-reference\n")
           && writeText(run + "/meta.yaml", "artifact_uri: file://" + run.toUtf8() + "/artifacts\nend_time: 1700000100000\n"
                                            "entry_point_name: ''\nexperiment_id: '412278139893046325'\n"
                                            "lifecycle_stage: active\nrun_id: 0123456789abcdef0123456789abcdef\n"
                                            "run_name: bright-owl-42\nrun_uuid: 0123456789abcdef0123456789abcdef\n"
                                            "source_name: ''\nsource_type: 4\nsource_version: ''\n"
                                            "start_time: 1700000000000\nstatus: 3\ntags: []\nuser_id: alice\n")
           && writeText(run + "/params/optim.lr", "0.001") && writeText(run + "/params/train.epochs", "2")
           && writeText(run + "/params/gate.blocks", "[0, 1]") && writeText(run + "/params/lr_schedule", "cosine")
           && writeText(run + "/params/seed", "42")
           && writeText(run + "/metrics/train/loss", "1700000001000 2.5 0\n1700000002000 1.25 10\n1700000003000 0.75 20\n")
           && writeText(run + "/metrics/epoch", "1700000001000 0 0\n1700000002000 0 10\n1700000003000 1 20\n")
           && writeText(run + "/metrics/val_acc", "1700000003500 0.5\n")
           && writeText(run + "/metrics/grad_norm", "1700000001000 NaN 0\n1700000002000 Infinity 10\n")
           && writeText(run + "/tags/mlflow.runName", "bright-owl-42") && writeText(run + "/tags/team", "vision")
           && writeText(run + "/tags/mlflow.note.content", "reference harness")
           && writeText(run + "/artifacts/model/weights.bin", "weights")
           && writeText(deleted + "/meta.yaml", "artifact_uri: file://" + deleted.toUtf8() + "/artifacts\nend_time: 1700000100000\n"
                                                "experiment_id: '412278139893046325'\nlifecycle_stage: deleted\n"
                                                "run_id: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nrun_name: gone\n"
                                                "run_uuid: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nstart_time: 1700000000000\n"
                                                "status: 4\ntags: []\nuser_id: alice\n");
    return ok && QDir().mkpath(root + "/.trash");
}

// A store with a finished and a failed run, exported by Gatefold's own writer.
bool writeExportedStore(const QString &work, const QString &root, QString *error)
{
    auto store = store::RunStore::open(work + "/runs.sqlite", error);
    if (!store)
        return false;
    auto config = train::demoRun();
    config::applyAssignment(config, "gate.kind=cde");
    store::NewRun run;
    run.name = QStringLiteral("cde 'quoted' #1");
    run.configJson = train::runConfigToJson(config);
    run.seed = 7;
    run.tags = {QStringLiteral("baseline"), QStringLiteral("team=vision")};
    run.notes = QStringLiteral("first line\nsecond: \"double\"");
    const auto id = store->createRun(run);
    run.name = QStringLiteral("diverged");
    const auto failed = store->createRun(run);
    if (!id || !failed || !store->setStatus(*id, store::RunStatus::Running)
        || !store->setStatus(*failed, store::RunStatus::Running)) {
        *error = store->lastError();
        return false;
    }
    std::vector<store::MetricPoint> points;
    for (int step = 0; step < 8; step += 2) {
        points.push_back({QStringLiteral("train/loss"), step, step / 4.0, 1.7e9 + step, 2.0 / (1 + step)});
        points.push_back({QStringLiteral("val/top1"), step, step / 4.0, 1.7e9 + step, step / 10.0});
    }
    const QByteArray artifact = QByteArrayLiteral("checkpoint bytes");
    writeText(store->runDirectory(*id) + "/best.pt", artifact);
    store::Artifact a;
    a.runId = *id;
    a.kind = QStringLiteral("checkpoint/best");
    a.path = QStringLiteral("runs/%1/best.pt").arg(*id);
    a.sha256 = QString::fromLatin1(QCryptographicHash::hash(artifact, QCryptographicHash::Sha256).toHex());
    a.infoJson = QByteArrayLiteral("{\"epoch\":2}");
    if (!store->addMetrics(*id, points) || !store->addArtifact(a)
        || !store->addMetrics(*failed, {{QStringLiteral("train/loss"), 0, 0, 1.7e9, 1e300}})
        || !store->setStatus(*id, store::RunStatus::Finished, QStringLiteral("finished 8 steps"))
        || !store->setStatus(*failed, store::RunStatus::Failed, QStringLiteral("loss is NaN at step 1"))) {
        *error = store->lastError();
        return false;
    }
    mlflow::ExportOptions options;
    options.outDir = root;
    options.runIds = {*id, *failed};
    options.user = QStringLiteral("researcher");
    return mlflow::exportRuns(*store, options, error).has_value();
}

bool mlflowSeeds(SeedWriter &w)
{
    QTemporaryDir tmp;
    QString error;
    if (!writeForeignStore(tmp.filePath("foreign")))
        return w.fail("cannot write the hand-made MLflow store");
    if (!writeExportedStore(tmp.filePath("work"), tmp.filePath("exported"), &error))
        return w.fail(QStringLiteral("cannot export the MLflow seed store: %1").arg(error));
    for (const char *name : {"foreign", "exported"}) {
        const auto packed = packTree(tmp.filePath(name), &error);
        if (!packed)
            return w.fail(error);
        if (!w.put("mlflow", QStringLiteral("%1.tree").arg(name), *packed))
            return false;
    }
    return true;
}

} // namespace

bool writeSeedCorpus(const QString &dir, QString *error)
{
    SeedWriter w(dir, error);
    return configSeeds(w) && w.put("cifar", "cifar10-2.bin", cifarRecords(2, false))
        && w.put("cifar", "cifar100-2.bin", cifarRecords(2, true)) && idxSeeds(w) && imageSeeds(w)
        && checkpointSeeds(w) && safetensorsSeeds(w) && mlflowSeeds(w) && reportSeeds(w);
}

} // namespace gatefold::fuzz
