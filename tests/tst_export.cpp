// core/export and `gatefold-cli export` on real runs trained in-process into
// a temporary store: a 2-branch joining run (join.variant=projections, λ
// reaches 1 at step 8 of 16, class-token pooling) folds plain and
// timm-shaped; a 2-branch logits-variant run folds wide; a plain run; five
// gated runs (CDE soft top-k, hard VQ assigned once gating the hidden, the
// full softmax on one block, CDE in a joining run, DeepEmbed); a run whose λ
// is still 15/64. Each format is loaded back in LibTorch
// and, independently, in /usr/bin/python3 (torch.jit.load; onnx.checker
// full_check plus a numpy evaluator of the graph; a safetensors reader and a
// ViT written after timm's forward) and must give the trained model's logits
// to 1e-5 relative. Refusals (λ < 1, no checkpoint, unwritable folder,
// plain fold of a wide run, an unknown format, no such run) leave the store and
// the checkpoint byte for byte; artifacts record what was written.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "clirun.h"
#include "tinyrun.h"
#include "trainedrun.h"

#include "data/dataset.h"
#include "export/modelexport.h"
#include "export/safetensors.h"
#include "inspect/inspectinputs.h"
#include "inspect/loadedrun.h"
#include "model/visiontransformer.h"
#include "store/runstore.h"
#include "train/checkpoint.h"
#include "config/runconfigjson.h"
#include "train/runexecution.h"

#include <QtTest/QtTest>

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <torch/csrc/jit/serialization/import.h>
#include <torch/torch.h>
#endif

using namespace gatefold;
using exporting::ExportFailure;
using exporting::ExportRequest;

using Cli = gatefold::test::CliRun;
using gatefold::test::runCli;

namespace {

// The exported models must give the trained model's logits to this relative
// error (max |Δlogit| / max |logit|): float32 round-off of another op order.
constexpr double kTolerance = 1e-5;

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

double relative(const torch::Tensor &reference, const torch::Tensor &candidate)
{
    return (reference - candidate).abs().max().item<double>() / reference.abs().max().item<double>();
}

// The tensor names of DIR/model.safetensors as our reader decodes them; empty
// (with a warning) when it does not decode.
QStringList safetensorsKeys(const QString &dir)
{
    QString error;
    const auto tensors = exporting::decodeSafetensors(fileBytes(QDir(dir).filePath("model.safetensors")), &error);
    if (!tensors)
        qWarning("model.safetensors: %s", qPrintable(error));
    QStringList names;
    for (const auto &t : tensors ? *tensors : std::vector<exporting::NamedTensor>{})
        names << QString::fromStdString(t.name);
    return names;
}

torch::Tensor tensorFromJson(const QJsonArray &rows)
{
    std::vector<float> values;
    for (const auto &row : rows)
        for (const auto &v : row.toArray())
            values.push_back(float(v.toDouble()));
    return torch::tensor(values).view({rows.size(), -1});
}


} // namespace

class TstExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void joinedRunAllFormats();
    void reexportReplacesItsRecords();
    void wideFoldWithAbsorbedNorms();
    void plainRunAsTrained();
    void gatedRunAllFormats_data();
    void gatedRunAllFormats();
    void pythonRoundTrips_data();
    void pythonRoundTrips();
    void safetensorsReaderIsExact();
    void refusals_data();
    void refusals();
    void forcedFoldRecordsTheChange();
    void cliAsChild();

private:
    qint64 train(const train::RunConfig &config, const QString &name);
    QString checkpointFile(qint64 run);
    // The trained model's logits on the first n validation images, and the images.
    std::pair<torch::Tensor, torch::Tensor> reference(qint64 run, int n);
    std::optional<exporting::ExportResult> exportOk(ExportRequest request);

    QTemporaryDir m_dir;
    QString m_storePath;
    std::unique_ptr<store::RunStore> m_store;
    qint64 m_joined = 0, m_wide = 0, m_plain = 0, m_cde = 0, m_partial = 0, m_queued = 0;
    QHash<QString, qint64> m_gated;  // by the folder its export goes to
};

qint64 TstExport::train(const train::RunConfig &config, const QString &name)
{
    return trainInProcess(*m_store, config, name);
}

QString TstExport::checkpointFile(qint64 run)
{
    const auto artifacts = m_store->artifacts(run, QStringLiteral("checkpoint/best"));
    return artifacts.empty() ? QString() : train::artifactFile(*m_store, artifacts.back());
}

std::pair<torch::Tensor, torch::Tensor> TstExport::reference(qint64 run, int n)
{
    QString error;
    auto loaded = inspect::loadRun(*m_store, run, QStringLiteral("best"), torch::Device(torch::kCPU), &error);
    if (!loaded)
        qFatal("loadRun: %s", qPrintable(error));
    const auto inputs = inspect::splitInputs(*loaded, data::Split::Val, 0, n, &error);
    if (!inputs)
        qFatal("splitInputs: %s", qPrintable(error));
    torch::NoGradGuard noGrad;
    loaded->model->eval();
    return {loaded->model->forward(inputs->images), inputs->images};
}

std::optional<exporting::ExportResult> TstExport::exportOk(ExportRequest request)
{
    QString error;
    ExportFailure failure;
    auto result = exporting::exportRun(*m_store, request, &error, &failure);
    if (!result)
        qWarning("exportRun: %s", qPrintable(error));
    return result;
}

void TstExport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_storePath = m_dir.filePath(QStringLiteral("store.sqlite"));
    QString error;
    m_store = store::RunStore::open(m_storePath, &error);
    QVERIFY2(m_store, qPrintable(error));
    // λ(t) reaches 1 at step 8; the best/last checkpoint is at step 16.
    m_joined = train(withSettings(tinyRun(1), {"join.branches=2", "join.variant=projections", "join.warmup_steps=8",
                                               "join.adjust_steps=0", "global_pool=token"}),
                     QStringLiteral("joined"));
    m_wide = train(withSettings(tinyRun(1), {"join.branches=2", "join.variant=logits", "join.warmup_steps=8",
                                             "join.adjust_steps=0"}),
                   QStringLiteral("wide"));
    m_plain = train(tinyRun(1), QStringLiteral("plain"));
    m_cde = train(withSettings(tinyRun(1), {"gate.kind=cde", "gate.codebook_size=16", "gate.top_k=2",
                                            "gate.embed_init=normal"}),
                  QStringLiteral("cde"));
    m_gated.insert(QStringLiteral("cde"), m_cde);
    m_gated.insert(QStringLiteral("cde-vq-once-expand"),
                   train(withSettings(tinyRun(1), {"gate.kind=cde", "gate.assign=vq", "gate.scope=once",
                                                   "gate.target=expand", "gate.embed=shared", "gate.codebook_size=8",
                                                   "gate.embed_init=normal", "global_pool=token"}),
                         QStringLiteral("cde vq")));
    m_gated.insert(QStringLiteral("cde-softmax-one-block"),
                   train(withSettings(tinyRun(1), {"gate.kind=cde", "gate.codebook_size=8", "gate.top_k=8",
                                                   "gate.codebook=per-layer", "gate.blocks=1",
                                                   "gate.embed_init=normal", "gate.temperature=5"}),
                         QStringLiteral("cde softmax")));
    m_gated.insert(QStringLiteral("cde-joined"),
                   train(withSettings(tinyRun(1), {"gate.kind=cde", "gate.codebook_size=16", "gate.top_k=3",
                                                   "gate.embed_init=normal", "join.branches=2",
                                                   "join.variant=projections", "join.warmup_steps=8",
                                                   "join.adjust_steps=0"}),
                         QStringLiteral("cde joined")));
    m_gated.insert(QStringLiteral("deep-embed"),
                   train(withSettings(tinyRun(1), {"gate.kind=deep-embed", "gate.target=expand"}),
                         QStringLiteral("deep embed")));
    // λ rises over 64 steps: at the checkpoint (step 16) it is 15/64.
    m_partial = train(withSettings(tinyRun(1), {"join.branches=2", "join.variant=projections",
                                                "join.warmup_steps=64", "join.adjust_steps=0"}),
                      QStringLiteral("partial"));
    store::NewRun queued;
    queued.name = QStringLiteral("queued");
    queued.configJson = train::runConfigToJson(tinyRun(1));
    m_queued = *m_store->createRun(queued);
}

void TstExport::joinedRunAllFormats()
{
    const QByteArray checkpointBefore = fileBytes(checkpointFile(m_joined));
    ExportRequest request;
    request.runId = m_joined;
    request.formats = QStringList{"torchscript", "onnx", "safetensors"};
    request.images = 16;
    request.outDir = m_dir.filePath(QStringLiteral("joined"));
    const auto r = exportOk(request);
    QVERIFY(r);
    QCOMPARE(r->fold, QStringLiteral("plain"));
    QVERIFY(r->timmShaped);
    QCOMPARE(r->branches, 2);
    QCOMPARE(r->lambda, 1.0);
    QCOMPARE(r->step, qint64(16));
    QCOMPARE(r->images, 16);
    QVERIFY2(r->foldAgreement.relativeError < kTolerance, qPrintable(QString::number(r->foldAgreement.relativeError)));
    QCOMPARE(r->foldAgreement.top1Agreement, 1.0);
    QCOMPARE(int(r->files.size()), 3);

    // The numbers are the file's: recompute them here from the file in LibTorch.
    const auto [trainedLogits, images] = reference(m_joined, 16);
    auto module = torch::jit::load(QDir(request.outDir).filePath("model.torchscript.pt").toStdString());
    const auto tsLogits = module.forward({images}).toTensor();
    QVERIFY(relative(trainedLogits, tsLogits) < kTolerance);

    for (const auto &f : r->files) {
        QVERIFY2(f.agreement.relativeError < kTolerance, qPrintable(f.format));
        QCOMPARE(f.agreement.top1Agreement, 1.0);
        QVERIFY(QFileInfo(f.path).isFile());
        QCOMPARE(f.sha256, train::sha256OfFile(f.path));
        const auto artifacts = m_store->artifacts(m_joined, QStringLiteral("export/") + f.format);
        QCOMPARE(int(artifacts.size()), 1);
        QCOMPARE(artifacts.front().path, f.path);
        QCOMPARE(artifacts.front().sha256, f.sha256);
        const auto info = QJsonDocument::fromJson(artifacts.front().infoJson).object();
        QCOMPARE(info.value("fold").toString(), QStringLiteral("plain"));
        QCOMPARE(info.value("images").toInt(), 16);
        QCOMPARE(info.value("verification").toObject().value("max_abs_diff").toDouble(), f.agreement.maxAbsDiff);
        QCOMPARE(info.value("verification").toObject().value("top1_agreement").toDouble(), 1.0);
        if (f.format == QLatin1String("onnx"))
            QCOMPARE(info.value("opset").toInt(), 13);
        if (f.format == QLatin1String("torchscript"))
        {
            const double recomputed = (trainedLogits.to(torch::kFloat64) - tsLogits.to(torch::kFloat64)).abs().max().item<double>();
            QCOMPARE(f.agreement.maxAbsDiff, recomputed);
        }
    }
    // No temporary files left, and the checkpoint is untouched.
    QCOMPARE(QDir(request.outDir).entryList(QDir::Files, QDir::Name),
             (QStringList{"config.json", "model.onnx", "model.safetensors", "model.torchscript.pt"}));
    QCOMPARE(fileBytes(checkpointFile(m_joined)), checkpointBefore);

    // timm's config and key names.
    const auto config = QJsonDocument::fromJson(fileBytes(QDir(request.outDir).filePath("config.json"))).object();
    QCOMPARE(config.value("embed_dim").toInt(), 32);
    QCOMPARE(config.value("depth").toInt(), 2);
    QCOMPARE(config.value("num_heads").toInt(), 2);
    QCOMPARE(config.value("patch_size").toInt(), 4);
    QCOMPARE(config.value("img_size").toInt(), 16);
    QCOMPARE(config.value("mlp_ratio").toDouble(), 2.0);
    QCOMPARE(config.value("num_classes").toInt(), 10);
    QCOMPARE(config.value("global_pool").toString(), QStringLiteral("token"));
    QCOMPARE(config.value("class_token").toBool(), true);
    QCOMPARE(config.value("qkv_bias").toBool(), true);
    // The input normalisation the run trained with (measured on its first training images).
    {
        QString why;
        const auto loaded = inspect::loadRun(*m_store, m_joined, QStringLiteral("best"), torch::Device(torch::kCPU), &why);
        QVERIFY2(loaded, qPrintable(why));
        QCOMPARE(config.value("mean").toArray().size(), 3);
        for (int c = 0; c < 3; ++c) {
            QCOMPARE(config.value("mean").toArray().at(c).toDouble(), loaded->norm.mean[size_t(c)]);
            QCOMPARE(config.value("std").toArray().at(c).toDouble(), loaded->norm.std[size_t(c)]);
        }
    }
    const QStringList names = safetensorsKeys(request.outDir);
    QVERIFY(!names.isEmpty());
    for (const char *key : {"patch_embed.proj.weight", "patch_embed.proj.bias", "cls_token", "pos_embed",
                            "blocks.0.norm1.weight", "blocks.0.attn.qkv.weight", "blocks.0.attn.qkv.bias",
                            "blocks.0.attn.proj.weight", "blocks.1.norm2.bias", "blocks.1.mlp.fc1.weight",
                            "blocks.1.mlp.fc2.bias", "norm.weight", "norm.bias", "head.weight", "head.bias"})
        QVERIFY2(names.contains(QLatin1String(key)), key);
    QCOMPARE(names.size(), 4 + 2 * 12 + 2 + 2);
}

void TstExport::pythonRoundTrips_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("run");
    QTest::addColumn<QStringList>("formats");
    const QStringList all{"torchscript", "onnx", "safetensors"};
    QTest::newRow("plain fold, class token") << "joined" << "joined" << all;
    // Not timm-shaped: the safetensors file is read back (keys) but has no timm ViT to load into.
    QTest::newRow("wide fold, norms absorbed, mean pooling") << "wide" << "wide" << QStringList{"torchscript", "onnx"};
    QTest::newRow("single-branch run as trained") << "plain" << "plain" << all;
    // Gated models: TorchScript and ONNX carry the gate; the safetensors
    // weights are run by a gate built in Python from config.json's description.
    for (const char *gated : {"cde", "cde-vq-once-expand", "cde-softmax-one-block", "cde-joined", "deep-embed"})
        QTest::newRow(gated) << gated << gated << all;
}

void TstExport::pythonRoundTrips()
{
    QFETCH(QString, folder);
    QFETCH(QString, run);
    QFETCH(QStringList, formats);
    QProcess probe;
    probe.start(QStringLiteral("/usr/bin/python3"), {"-c", "import torch, onnx, numpy"});
    if (!probe.waitForFinished(60000) || probe.exitCode() != 0)
        QSKIP("/usr/bin/python3 with torch, onnx and numpy is not installed: the Python round trips are skipped");
    const QString dir = m_dir.filePath(folder);
    QVERIFY2(QFileInfo(dir).isDir(), "the export tests above write the files");
    const qint64 id = m_gated.contains(run)           ? m_gated.value(run)
        : run == QLatin1String("joined")              ? m_joined
        : run == QLatin1String("wide")                ? m_wide
                                                      : m_plain;
    const auto [trainedLogits, images] = reference(id, 16);
    const QString imagesPath = m_dir.filePath(QStringLiteral("images.f32"));
    {
        QFile f(imagesPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const auto c = images.contiguous();
        f.write(reinterpret_cast<const char *>(c.data_ptr<float>()), qint64(c.numel()) * 4);
    }
    QProcess py;
    py.start(QStringLiteral("/usr/bin/python3"),
             {QStringLiteral(GATEFOLD_EXPORT_SCRIPT), dir, imagesPath, "16", "3", "16"});
    QVERIFY(py.waitForFinished(120000));
    QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
    const auto out = QJsonDocument::fromJson(py.readAllStandardOutput()).object();
    QCOMPARE(out.value("onnx_opset").toInt(), 13);
    QVERIFY(out.value("safetensors_keys").toArray().contains(QStringLiteral("head.weight")));
    // The config travels inside the TorchScript file (extra file) and the ONNX model (metadata_props).
    const auto config = QJsonDocument::fromJson(fileBytes(QDir(dir).filePath("config.json"))).object();
    QCOMPARE(out.value("torchscript_config").toObject(), config);
    QCOMPARE(out.value("onnx_config").toObject(), config);
    for (const QString &format : formats) {
        QVERIFY2(out.contains(format), qPrintable(format));
        const auto logits = tensorFromJson(out.value(format).toArray());
        QCOMPARE(logits.size(0), int64_t(16));
        QCOMPARE(logits.size(1), int64_t(10));
        const double rel = relative(trainedLogits, logits);
        QVERIFY2(rel < kTolerance, qPrintable(QStringLiteral("%1: relative %2").arg(format).arg(rel)));
        QVERIFY(trainedLogits.argmax(1).equal(logits.argmax(1)));
    }
}

void TstExport::reexportReplacesItsRecords()
{
    const auto before = m_store->artifacts(m_joined, QStringLiteral("export/torchscript"));
    QCOMPARE(int(before.size()), 1);
    ExportRequest request;
    request.runId = m_joined;
    request.formats = QStringList{"torchscript"};
    request.images = 4;
    request.outDir = m_dir.filePath(QStringLiteral("joined"));  // where joinedRunAllFormats wrote
    const auto again = exportOk(request);
    QVERIFY(again);
    // The file was written again in place: one record, the new one, with the new numbers.
    auto after = m_store->artifacts(m_joined, QStringLiteral("export/torchscript"));
    QCOMPARE(int(after.size()), 1);
    QVERIFY(after.front().id != before.front().id);
    QCOMPARE(after.front().id, again->files.front().artifactId);
    QCOMPARE(QJsonDocument::fromJson(after.front().infoJson).object().value("images").toInt(), 4);
    QCOMPARE(after.front().sha256, train::sha256OfFile(after.front().path));
    // The ONNX and safetensors records of the first export are untouched.
    QCOMPARE(int(m_store->artifacts(m_joined, QStringLiteral("export/onnx")).size()), 1);
    QCOMPARE(int(m_store->artifacts(m_joined, QStringLiteral("export/safetensors")).size()), 1);
    // Another folder is another file: both are recorded.
    request.outDir = m_dir.filePath(QStringLiteral("joined-again"));
    QVERIFY(exportOk(request));
    after = m_store->artifacts(m_joined, QStringLiteral("export/torchscript"));
    QCOMPARE(int(after.size()), 2);
    QVERIFY(after.front().path != after.back().path);
}

void TstExport::wideFoldWithAbsorbedNorms()
{
    ExportRequest request;
    request.runId = m_wide;
    request.formats = QStringList{"torchscript", "onnx", "safetensors"};
    request.absorbNorms = true;
    request.images = 16;
    request.outDir = m_dir.filePath(QStringLiteral("wide"));
    const auto r = exportOk(request);
    QVERIFY(r);
    QCOMPARE(r->fold, QStringLiteral("wide"));
    QVERIFY(!r->timmShaped);
    QVERIFY(r->absorbNorms);
    for (const auto &f : r->files) {
        QVERIFY2(f.agreement.relativeError < kTolerance,
                 qPrintable(QStringLiteral("%1 %2").arg(f.format).arg(f.agreement.relativeError)));
        QCOMPARE(f.agreement.top1Agreement, 1.0);
    }
    const auto config = QJsonDocument::fromJson(fileBytes(QDir(request.outDir).filePath("config.json"))).object();
    QCOMPARE(config.value("timm_shaped").toBool(), false);
    // The logits variant folds to n·d wide q·k and v (core/model/README.md, joining "Folding at λ = 1").
    QCOMPARE(config.value("attn_qk_dim").toArray().first().toInt(), 64);
    QCOMPARE(config.value("attn_v_dim").toArray().first().toInt(), 64);
}

void TstExport::plainRunAsTrained()
{
    ExportRequest request;
    request.runId = m_plain;
    request.formats = QStringList{"torchscript", "onnx", "safetensors"};
    request.fold = QStringLiteral("none");
    request.images = 8;
    request.outDir = m_dir.filePath(QStringLiteral("plain"));
    const auto r = exportOk(request);
    QVERIFY(r);
    QCOMPARE(r->fold, QStringLiteral("none"));
    QVERIFY(r->timmShaped);
    QCOMPARE(r->foldAgreement.maxAbsDiff, 0.0);
    for (const auto &f : r->files)
        QVERIFY2(f.agreement.relativeError < kTolerance, qPrintable(f.format));
    const auto config = QJsonDocument::fromJson(fileBytes(QDir(request.outDir).filePath("config.json"))).object();
    QCOMPARE(config.value("global_pool").toString(), QStringLiteral("avg"));
    QCOMPARE(config.value("fc_norm").toBool(), true);
}

void TstExport::gatedRunAllFormats_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<bool>("absorbNorms");
    QTest::addColumn<QString>("assign");
    QTest::newRow("CDE soft top-2 of 16, shared codebook") << "cde" << false << "soft_top_k";
    QTest::newRow("CDE hard VQ, assigned once, gating the hidden, norms absorbed")
        << "cde-vq-once-expand" << true << "hard_vq";
    QTest::newRow("CDE full softmax on block 1 only") << "cde-softmax-one-block" << false << "softmax";
    QTest::newRow("CDE in a 2-branch joining run, folded") << "cde-joined" << false << "soft_top_k";
    QTest::newRow("DeepEmbed table, gating the hidden") << "deep-embed" << false << "";
}

void TstExport::gatedRunAllFormats()
{
    QFETCH(QString, folder);
    QFETCH(bool, absorbNorms);
    QFETCH(QString, assign);
    const qint64 run = m_gated.value(folder);
    ExportRequest request;
    request.runId = run;
    request.formats = QStringList{"torchscript", "onnx", "safetensors"};
    request.absorbNorms = absorbNorms;
    request.images = 16;
    request.outDir = m_dir.filePath(folder);
    const auto r = exportOk(request);
    QVERIFY(r);
    QVERIFY(!r->timmShaped);
    QCOMPARE(int(r->files.size()), 3);
    for (const auto &f : r->files) {
        QVERIFY2(f.agreement.relativeError < kTolerance,
                 qPrintable(QStringLiteral("%1: relative %2").arg(f.format).arg(f.agreement.relativeError)));
        QCOMPARE(f.agreement.top1Agreement, 1.0);
    }
    // The gate matters in these models, so agreeing is not agreeing with an ungated ViT.
    QString why;
    auto loaded = inspect::loadRun(*m_store, run, QStringLiteral("best"), torch::Device(torch::kCPU), &why);
    QVERIFY2(loaded, qPrintable(why));
    const double lambda = loaded->model->gateStrength();
    QCOMPARE(lambda, 1.0);  // cde.ramp_epochs = 0
    const auto [trainedLogits, images] = reference(run, 16);
    if (folder != QLatin1String("deep-embed")) {
        torch::NoGradGuard noGrad;
        loaded->model->eval();
        loaded->model->setGateStrength(0.0);
        const double change = relative(trainedLogits, loaded->model->forward(images));
        QVERIFY2(change > 1e-3, qPrintable(QString::number(change)));
    }
    // Recompute the TorchScript numbers here from the file.
    auto module = torch::jit::load(QDir(request.outDir).filePath("model.torchscript.pt").toStdString());
    QVERIFY(relative(trainedLogits, module.forward({images}).toTensor()) < kTolerance);

    // The config says how to rebuild the gate from the weights file.
    const auto config = QJsonDocument::fromJson(fileBytes(QDir(request.outDir).filePath("config.json"))).object();
    const auto gate = config.value("gate").toObject();
    QCOMPARE(gate.value("kind").toString(), folder == QLatin1String("deep-embed") ? QStringLiteral("deep_embed")
                                                                                  : QStringLiteral("cde"));
    QCOMPARE(gate.value("assign").toString(), assign);
    QCOMPARE(gate.value("strength").toDouble(), lambda);
    QVERIFY(gate.value("formula").toString().contains(QLatin1String("fc1")));
    const QStringList names = safetensorsKeys(request.outDir);
    QVERIFY(!names.isEmpty());
    const auto blocks = gate.value("blocks").toArray();
    QCOMPARE(blocks.size(), folder == QLatin1String("cde-softmax-one-block") ? 1 : 2);
    for (const auto &b : blocks) {
        const auto o = b.toObject();
        for (const char *key : {"embed", "codebook", "table"})
            if (o.value(key).isString())
                QVERIFY2(names.contains(o.value(key).toString()), qPrintable(o.value(key).toString()));
    }
    if (folder == QLatin1String("cde-vq-once-expand")) {
        // Assigned once: the second block reuses the first block's α, so it names no codebook.
        QCOMPARE(gate.value("scope").toString(), QStringLiteral("once"));
        QCOMPARE(blocks.at(0).toObject().value("codebook").toString(), QStringLiteral("cde.codebook"));
        QVERIFY(blocks.at(1).toObject().value("codebook").isNull());
        QCOMPARE(blocks.at(1).toObject().value("embed").toString(), QStringLiteral("cde.embed"));
        QCOMPARE(gate.value("target").toString(), QStringLiteral("expand"));
    }
    if (folder == QLatin1String("cde"))
        QCOMPARE(blocks.at(1).toObject().value("codebook").toString(), QStringLiteral("cde.codebook"));
    if (folder == QLatin1String("cde-softmax-one-block")) {
        QCOMPARE(blocks.at(0).toObject().value("block").toInt(), 1);
        QCOMPARE(blocks.at(0).toObject().value("codebook").toString(), QStringLiteral("blocks.1.mlp.gate.codebook"));
        QCOMPARE(blocks.at(0).toObject().value("embed").toString(), QStringLiteral("blocks.1.mlp.gate.embed"));
    }
}

void TstExport::safetensorsReaderIsExact()
{
    std::vector<exporting::NamedTensor> tensors{{"a.weight", {2, 3}, {1.5f, -0.f, 3e-38f, 1e30f, -2.25f, 7.f}},
                                                {"b", {1}, {0.1f}}};
    const QByteArray bytes = exporting::encodeSafetensors(tensors, {{"format", "pt"}});
    const quint64 n = qFromLittleEndian<quint64>(bytes.constData());
    QCOMPARE(n % 8, quint64(0));
    QCOMPARE(qint64(bytes.size()), qint64(8 + n + 7 * 4));
    const auto header = QJsonDocument::fromJson(bytes.mid(8, int(n))).object();
    QCOMPARE(header.value("a.weight").toObject().value("data_offsets").toArray(), (QJsonArray{0, 24}));
    QCOMPARE(header.value("b").toObject().value("data_offsets").toArray(), (QJsonArray{24, 28}));
    QCOMPARE(header.value("__metadata__").toObject().value("format").toString(), QStringLiteral("pt"));
    QString error;
    const auto back = exporting::decodeSafetensors(bytes, &error);
    QVERIFY(back);
    QCOMPARE(int(back->size()), 2);
    QCOMPARE(back->at(0).name, std::string("a.weight"));
    QCOMPARE(std::memcmp(back->at(0).data.data(), tensors[0].data.data(), 24), 0);
    QVERIFY(!exporting::decodeSafetensors(bytes.left(bytes.size() - 1), &error));
    QVERIFY(error.contains("data_offsets"));
}

void TstExport::refusals_data()
{
    QTest::addColumn<QString>("which");
    QTest::addColumn<QString>("fragment");
    QTest::newRow("lambda < 1") << "partial" << "lambda is 0.234375";
    QTest::newRow("no checkpoint") << "queued" << "checkpoint";
    QTest::newRow("unwritable folder") << "unwritable" << "give a writable folder";
    QTest::newRow("plain fold of a wide run") << "plainwide" << "use --fold wide or auto";
    QTest::newRow("unknown format") << "format" << "unknown format";
    QTest::newRow("no run") << "norun" << "there is no run";
}

void TstExport::refusals()
{
    QFETCH(QString, which);
    QFETCH(QString, fragment);
    const QByteArray storeBefore = fileBytes(m_storePath);
    const QByteArray checkpointBefore = fileBytes(checkpointFile(m_partial));
    const auto artifactsBefore = m_store->artifacts(m_partial).size() + m_store->artifacts(m_wide).size()
        + m_store->artifacts(m_cde).size();
    ExportRequest request;
    request.runId = m_partial;
    request.outDir = m_dir.filePath(QStringLiteral("refused-") + which);
    if (which == QLatin1String("queued"))
        request.runId = m_queued;
    if (which == QLatin1String("unwritable")) {
        QFile blocker(m_dir.filePath(QStringLiteral("a-file")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        request.runId = m_joined;
        request.outDir = m_dir.filePath(QStringLiteral("a-file/sub"));
    }
    if (which == QLatin1String("plainwide")) {
        request.runId = m_wide;
        request.fold = QStringLiteral("plain");
    }
    if (which == QLatin1String("format"))
        request.formats = QStringList{"pickle"};
    if (which == QLatin1String("norun"))
        request.runId = 999;
    QString error;
    ExportFailure failure = ExportFailure::Failure;
    QVERIFY(!exporting::exportRun(*m_store, request, &error, &failure));
    QCOMPARE(int(failure), int(ExportFailure::Usage));
    QVERIFY2(error.contains(fragment), qPrintable(error));
    if (which == QLatin1String("partial"))
        QVERIFY2(error.contains("--force"), qPrintable(error));
    QCOMPARE(fileBytes(m_storePath), storeBefore);
    QCOMPARE(fileBytes(checkpointFile(m_partial)), checkpointBefore);
    QCOMPARE(m_store->artifacts(m_partial).size() + m_store->artifacts(m_wide).size() + m_store->artifacts(m_cde).size(),
             artifactsBefore);
    QVERIFY(!QFileInfo::exists(QDir(request.outDir).filePath("model.torchscript.pt")));
    QVERIFY(!QFileInfo::exists(QDir(request.outDir).filePath("model.safetensors")));
}

void TstExport::forcedFoldRecordsTheChange()
{
    ExportRequest request;
    request.runId = m_partial;
    request.force = true;
    request.formats = QStringList{"torchscript"};
    request.images = 16;
    request.outDir = m_dir.filePath(QStringLiteral("forced"));
    const auto r = exportOk(request);
    QVERIFY(r);
    QCOMPARE(r->lambda, 15.0 / 64.0);  // λ of the checkpoint's last step (index 15) of a 64-step ramp
    // Folding at λ = 15/64 changes the function: the file is the folded model, not the trained one.
    QVERIFY(r->foldAgreement.maxAbsDiff > 1e-4);
    QVERIFY(r->files.front().fileVsFolded.relativeError < kTolerance);
    QCOMPARE(r->files.front().agreement.maxAbsDiff, r->foldAgreement.maxAbsDiff);
    const auto artifacts = m_store->artifacts(m_partial, QStringLiteral("export/torchscript"));
    QCOMPARE(int(artifacts.size()), 1);
    const auto info = QJsonDocument::fromJson(artifacts.front().infoJson).object();
    QCOMPARE(info.value("forced").toBool(), true);
    QCOMPARE(info.value("join_lambda").toDouble(), 15.0 / 64.0);
}

void TstExport::cliAsChild()
{
    const QString out = m_dir.filePath(QStringLiteral("cli"));
    const auto ok = runCli({"export", "--store", m_storePath, "--run", QString::number(m_joined), "--format",
                            "torchscript,safetensors", "--images", "8", "--out", out, "--json"});
    QCOMPARE(ok.exitCode, 0);
    const auto json = QJsonDocument::fromJson(ok.out.toUtf8()).object();
    QCOMPARE(json.value("run").toInteger(), m_joined);
    QCOMPARE(json.value("fold").toString(), QStringLiteral("plain"));
    QCOMPARE(json.value("images").toInt(), 8);
    const auto files = json.value("files").toArray();
    QCOMPARE(files.size(), 2);
    for (const auto &f : files) {
        const auto o = f.toObject();
        QVERIFY(QFileInfo(o.value("path").toString()).isFile());
        QCOMPARE(o.value("sha256").toString(), train::sha256OfFile(o.value("path").toString()));
        QVERIFY(o.value("verification").toObject().value("relative").toDouble() < kTolerance);
        QCOMPARE(o.value("verification").toObject().value("top1_agreement").toDouble(), 1.0);
    }
    // The summary prints the numbers.
    const auto human = runCli({"export", "--store", m_storePath, "--run", QString::number(m_joined), "--format",
                               "safetensors", "--images", "4", "--out", out});
    QCOMPARE(human.exitCode, 0);
    QVERIFY2(human.out.contains("top-1 agreement 100.0% on 4 images"), qPrintable(human.out));
    // Refusals: exit 2 with the reason.
    const auto partial = runCli({"export", "--store", m_storePath, "--run", QString::number(m_partial)});
    QCOMPARE(partial.exitCode, 2);
    QVERIFY2(partial.err.contains("lambda is 0.234375"), qPrintable(partial.err));
    // A refusal leaves no empty export/best/ behind in the run's folder.
    QVERIFY2(!QDir(m_store->runDirectory(m_partial)).exists(QStringLiteral("export")), "a refused export left its folder");
    // More images than the split holds: the split's, said so (not "reading 99999999 validation images").
    const auto many = runCli({"export", "--store", m_storePath, "--run", QString::number(m_joined), "--format",
                              "safetensors", "--images", "99999999", "--out", out, "--json"});
    QCOMPARE(many.exitCode, 0);
    QVERIFY2(many.err.contains("validation images the split holds (--images asked for 99999999)")
                 && !many.err.contains("reading 99999999"),
             qPrintable(many.err));
    QVERIFY(QJsonDocument::fromJson(many.out.toUtf8()).object().value("images").toInt() < 99999999);
    const auto usage = runCli({"export", "--store", m_storePath, "--run", "x"});
    QCOMPARE(usage.exitCode, 2);
    QVERIFY(usage.err.contains("--run must be a run id"));
    const auto noStore = runCli({"export", "--store", m_dir.filePath("missing.sqlite"), "--run", "1"});
    QCOMPARE(noStore.exitCode, 2);
    QVERIFY(!QFileInfo::exists(m_dir.filePath("missing.sqlite")));
}

GATEFOLD_TEST_MAIN(TstExport)
#include "tst_export.moc"
