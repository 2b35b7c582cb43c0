// Fine-tuning at another image size or label set (train --init-from, init.from): position embeddings
// resampled on their 2-D grid as timm's resample_abs_pos_embed, a new head for another num_classes,
// channel counts refused with the way out, every other difference named tensor by tensor; a real
// fine-tuned run's log and store; Fashion-MNIST found where its Debian package puts it.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "clirun.h"
#include "tinyrun.h"

#include "config/packageddata.h"
#include "config/runconfigjson.h"
#include "data/datasets.h"
#include "model/posembedresample.h"
#include "model/visiontransformer.h"
#include "store/runstore.h"
#include "train/checkpoint.h"
#include "train/checkpointreader.h"
#include "train/initfrom.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <torch/torch.h>

#include <zlib.h>

#include <cmath>
#endif

namespace initfromtest {

using namespace gatefold;

// f(u, v) in three channels, smooth on [0, 1]², at the centres of an n×n grid's cells (u: row).
torch::Tensor smoothGrid(int n)
{
    const auto c = (torch::arange(n, torch::kFloat32) + 0.5) / n;
    const auto u = c.view({n, 1}).expand({n, n});
    const auto v = c.view({1, n}).expand({n, n});
    return torch::stack({torch::sin(M_PI * u) * torch::cos(M_PI * v), u * u - v, 0.5 * torch::cos(M_PI * u + v)},
                        -1)
        .reshape({1, n * n, 3});  // (1, n², 3), row-major as the patch tokens
}

model::ViTConfig tinyModel(const std::vector<const char *> &settings = {})
{
    auto run = withSettings(tinyRun(1), {});
    for (const char *kv : settings) {
        std::string why;
        if (!config::applyAssignment(run, kv, &why))
            qFatal("%s: %s", kv, why.c_str());
    }
    return run.model;
}

model::VisionTransformer build(const model::ViTConfig &config, std::uint64_t seed)
{
    torch::manual_seed(seed);
    std::string why;
    auto m = model::buildModel(config, &why);
    if (!m)
        qFatal("%s", why.c_str());
    return *m;
}

// `model`'s weights as a checkpoint holds them (by name).
std::map<std::string, torch::Tensor> weightsOf(const model::VisionTransformer &model)
{
    std::map<std::string, torch::Tensor> out;
    for (const auto &[name, tensor] : train::namedWeights(*model))
        out[name] = tensor.detach().clone();
    return out;
}

void writeGz(const QString &path, const std::vector<std::uint8_t> &bytes)
{
    gzFile f = gzopen(path.toStdString().c_str(), "wb");
    gzwrite(f, bytes.data(), unsigned(bytes.size()));
    gzclose(f);
}

// An IDX file of `n` images rows×cols (magic 0x803) or of `n` labels (0x801), as the package has them.
std::vector<std::uint8_t> idx(int n, int rows, int cols)
{
    const bool images = rows > 0;
    std::vector<std::uint8_t> out = {0, 0, 8, std::uint8_t(images ? 3 : 1)};
    std::vector<std::uint32_t> dims{std::uint32_t(n)};
    if (images)
        dims.insert(dims.end(), {std::uint32_t(rows), std::uint32_t(cols)});
    for (const std::uint32_t d : dims)
        for (int b = 3; b >= 0; --b)
            out.push_back(std::uint8_t(d >> (8 * b)));
    for (int i = 0; i < n * (images ? rows * cols : 1); ++i)
        out.push_back(std::uint8_t(images ? (i * 7) % 256 : i % 10));
    return out;
}

class TstInitFrom : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void equalGridsGiveTheSameTensor();
    void smoothFunctionResamples_data();
    void smoothFunctionResamples();
    void classTokenKept();
    void matchesPyTorchInterpolate();
    void newHeadForOtherClasses();
    void otherChannelsRefusedWithTheWayOut();
    void positionEmbeddingsOnOneSideOnly();
    void otherWidthNamedTensorByTensor();
    void fineTunedRunAtAnotherSize();
    void fashionMnistFoundWithoutPath();
};

void TstInitFrom::equalGridsGiveTheSameTensor()
{
    const auto pos = torch::randn({1, 1 + 16, 8});
    const auto same = model::resamplePosEmbed(pos, {4, 4}, {4, 4}, 1);
    QVERIFY(torch::equal(same, pos));
    QCOMPARE(same.data_ptr(), pos.data_ptr());  // returned as it is, as timm returns it
}

void TstInitFrom::smoothFunctionResamples_data()
{
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("to");
    QTest::addColumn<double>("tolerance");  // max |resampled − f| over every cell and channel; |f| ≤ 1
    // Measured with Python torch 1.13's F.interpolate(bicubic, antialias=True) on the same f:
    // 0.0068 (8→7), 0.0121 (14→7), 0.0156 (7→8), 0.0404 (8→12): the borders' clamping dominates.
    QTest::newRow("8x8 -> 7x7 (32 px -> 28 px, patch 4)") << 8 << 7 << 0.01;
    QTest::newRow("14x14 -> 7x7 (shrinking: antialiased)") << 14 << 7 << 0.015;
    QTest::newRow("7x7 -> 8x8") << 7 << 8 << 0.02;
    QTest::newRow("8x8 -> 12x12") << 8 << 12 << 0.045;
}

void TstInitFrom::smoothFunctionResamples()
{
    QFETCH(int, from);
    QFETCH(int, to);
    QFETCH(double, tolerance);
    const auto resampled = model::resamplePosEmbed(smoothGrid(from), {from, from}, {to, to}, 0);
    QCOMPARE(resampled.sizes().vec(), (std::vector<int64_t>{1, to * to, 3}));
    const double error = (resampled - smoothGrid(to)).abs().max().item<double>();
    QVERIFY2(error < tolerance, qPrintable(QStringLiteral("max error %1").arg(error)));
}

void TstInitFrom::classTokenKept()
{
    auto pos = torch::cat({torch::full({1, 1, 3}, 7.25f), smoothGrid(8)}, 1);  // (1, 1 + 64, 3)
    const auto resampled = model::resamplePosEmbed(pos, {8, 8}, {7, 7}, 1);
    QCOMPARE(resampled.sizes().vec(), (std::vector<int64_t>{1, 1 + 49, 3}));
    QVERIFY(torch::equal(resampled.narrow(1, 0, 1), pos.narrow(1, 0, 1)));
    QVERIFY((resampled.narrow(1, 1, 49) - smoothGrid(7)).abs().max().item<double>() < 0.01);  // as without it
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, model::resamplePosEmbed(pos, {5, 5}, {3, 3}, 1));
}

void TstInitFrom::matchesPyTorchInterpolate()
{
    // Python torch 1.13 (timm's resample_abs_pos_embed's call), on x = sin(arange(130)).reshape(1, 65, 2):
    //   F.interpolate(x[:, 1:].reshape(1, 8, 8, 2).permute(0, 3, 1, 2), size=(7, 7), mode="bicubic",
    //                 antialias=True).permute(0, 2, 3, 1).reshape(1, 49, 2)
    // gives these first three tokens and this sum (and for size (12, 12) the second set).
    const auto x = torch::arange(130, torch::kFloat32).sin().reshape({1, 65, 2});
    const struct {
        int to;
        std::vector<float> first;
        double sum;
    } cases[] = {{7, {0.5514485f, 0.0291488f, -0.5367486f, -0.4817818f, 0.1725388f, 0.5370670f}, 0.6427346},
                 {12, {1.1425512f, 0.2206488f, 0.0978863f, -0.5402633f, -0.9235408f, -0.9233219f}, 2.1081798}};
    for (const auto &c : cases) {
        const auto grid = model::resamplePosEmbed(x, {8, 8}, {c.to, c.to}, 1).narrow(1, 1, c.to * c.to);
        const auto first = grid.narrow(1, 0, 3).flatten();
        for (int i = 0; i < 6; ++i)
            QVERIFY2(std::abs(first[i].item<float>() - c.first[size_t(i)]) < 1e-5f, qPrintable(QString::number(i)));
        QVERIFY(std::abs(grid.sum().item<double>() - c.sum) < 1e-4);
    }
}

void TstInitFrom::newHeadForOtherClasses()
{
    // A class-token model at 16 px (4×4 grid, 10 classes) into one at 12 px (3×3) with 7 classes.
    const auto from = build(tinyModel({"global_pool=token"}), 1);
    auto into = build(tinyModel({"global_pool=token", "img_size=12", "num_classes=7"}), 2);
    const auto freshHead = into->head->weight.detach().clone();
    const auto freshBias = into->head->bias.detach().clone();
    QTemporaryDir dir;
    train::CheckpointWrite written;
    QString error;
    QVERIFY2(train::saveCheckpoint(dir.path(), "from", "{}", from, nullptr, nullptr, {}, &written, &error),
             qPrintable(error));
    train::InitFromPlan plan;
    QVERIFY2(train::loadInitFrom(written.path, into, {}, &plan, &error), qPrintable(error));
    QCOMPARE(int(plan.changes.size()), 3);  // pos_embed, head.weight, head.bias
    const auto stored = weightsOf(from);
    int equal = 0;
    for (const auto &[name, tensor] : train::namedWeights(*into)) {
        if (name == "head.weight" || name == "head.bias" || name == "pos_embed")
            continue;
        QVERIFY2(torch::equal(tensor, stored.at(name)), name.c_str());
        ++equal;
    }
    QCOMPARE(plan.copied, equal);
    QVERIFY(torch::equal(into->head->weight, freshHead));  // the new model's own initialisation
    QVERIFY(torch::equal(into->head->bias, freshBias));
    QVERIFY(torch::equal(into->pos_embed, model::resamplePosEmbed(stored.at("pos_embed"), {4, 4}, {3, 3}, 1)));
    QVERIFY(torch::equal(into->pos_embed.narrow(1, 0, 1), stored.at("pos_embed").narrow(1, 0, 1)));
    const QString log = plan.logLines().join('\n');
    QVERIFY2(log.contains("pos_embed resampled (checkpoint [1, 17, 32], model [1, 10, 32]): 4x4 patch grid "
                          "resampled to 3x3")
                 && log.contains("head.weight reinitialised (checkpoint [10, 32], model [7, 32]): 10 classes in "
                                 "the checkpoint, 7 in the model"),
             qPrintable(log));
    const QJsonObject json = QJsonDocument::fromJson(plan.toJson()).object();
    QCOMPARE(json.value("copied").toInt(), equal);
    QCOMPARE(json.value("changes").toArray().at(0).toObject().value("change").toString(), QString("resampled"));
}

void TstInitFrom::otherChannelsRefusedWithTheWayOut()
{
    QString error;
    const auto plan = train::planInitFrom(weightsOf(build(tinyModel(), 1)), build(tinyModel({"in_chans=1"}), 2),
                                          &error);
    QVERIFY(!plan);
    QVERIFY2(error.contains("patch_embed.proj.weight has shape [32, 3, 4, 4] in the checkpoint, [32, 1, 4, 4] in the "
                            "model")
                 && error.contains("set in_chans=3 and data.channels=3") && !error.contains("differences"),
             qPrintable(error));
}

void TstInitFrom::positionEmbeddingsOnOneSideOnly()
{
    // A checkpoint without learned position embeddings (pos.kind=rope2d): the model keeps its own.
    auto stored = weightsOf(build(tinyModel(), 1));
    const auto pos = stored.at("pos_embed");
    stored.erase("pos_embed");
    QString error;
    const auto plan = train::planInitFrom(stored, build(tinyModel({"img_size=12"}), 2), &error);
    QVERIFY2(plan, qPrintable(error));
    QCOMPARE(int(plan->changes.size()), 1);
    QCOMPARE(plan->changes[0].tensor, std::string("pos_embed"));
    QCOMPARE(int(plan->changes[0].kind), int(train::InitChangeKind::Reinitialised));
    QVERIFY(plan->changes[0].checkpointShape.empty());
    // Another tensor of the model missing from the checkpoint is refused, by name.
    stored.erase("norm.weight");
    stored.erase("fc_norm.weight");
    QVERIFY(!train::planInitFrom(stored, build(tinyModel(), 2), &error));
    QVERIFY2(error.contains("fc_norm.weight is not in the checkpoint ([32] in the model)"), qPrintable(error));
}

void TstInitFrom::otherWidthNamedTensorByTensor()
{
    QString error;
    const auto plan = train::planInitFrom(weightsOf(build(tinyModel(), 1)), build(tinyModel({"embed_dim=48"}), 2),
                                          &error);
    QVERIFY(!plan);
    // Every tensor of width d differs: the first few named with both shapes, then how many more.
    QVERIFY2(error.contains(QRegularExpression("^\\d+ differences \\(only img_size and num_classes may differ\\): "))
                 && error.contains("patch_embed.proj.weight has shape [32, 3, 4, 4] in the checkpoint, "
                                   "[48, 3, 4, 4] in the model")
                 && error.contains(QRegularExpression("; and \\d+ more$")),
             qPrintable(error));
    // Another depth: the blocks the checkpoint lacks, by name.
    const auto deeper = train::planInitFrom(weightsOf(build(tinyModel(), 1)), build(tinyModel({"depth=3"}), 2),
                                            &error);
    QVERIFY(!deeper);
    QVERIFY2(error.contains("blocks.2.norm1.weight is not in the checkpoint ([32] in the model)"), qPrintable(error));
}

void TstInitFrom::fineTunedRunAtAnotherSize()
{
    QTemporaryDir dir;
    const QString store = dir.filePath("store.db");
    QStringList tiny;
    for (const char *kv : {"img_size=16", "patch_size=4", "embed_dim=32", "depth=2", "num_heads=2", "mlp_ratio=2",
                           "data.train_size=256", "data.val_size=64", "train.batch_size=32", "compute.threads=1",
                           "train.epochs=1"})
        tiny << "--set" << kv;
    const auto first = test::runCli(QStringList{"train", "--store", store} + tiny, 180000);
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const auto tuned = test::runCli(QStringList{"train", "--store", store, "--init-from", "1", "--json"} + tiny
                                        + QStringList{"--set", "img_size=24"},
                                    180000);
    QVERIFY2(tuned.exitCode == 0, qPrintable(tuned.err));
    QVERIFY2(tuned.out.contains("init.from: pos_embed resampled (checkpoint [1, 16, 32], model [1, 36, 32]): 4x4 "
                                "patch grid resampled to 6x6"),
             qPrintable(tuned.out));
    QString error;
    auto s = store::RunStore::open(store, &error);
    QVERIFY2(s, qPrintable(error));
    QCOMPARE(s->run(2)->parentId, 1);
    const auto records = s->artifacts(2, QString::fromLatin1(train::kInitFromArtifactKind));
    QCOMPARE(int(records.size()), 1);
    const QJsonArray changes = QJsonDocument::fromJson(records[0].infoJson).object().value("changes").toArray();
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes[0].toObject().value("tensor").toString(), QString("pos_embed"));
    QCOMPARE(changes[0].toObject().value("model_shape").toArray(), (QJsonArray{1, 36, 32}));
    QVERIFY(!records[0].sha256.isEmpty());
    // Another width: refused before a run is created, the tensors named with both shapes.
    const auto wider = test::runCli(QStringList{"train", "--store", store, "--init-from", "1"} + tiny
                                        + QStringList{"--set", "embed_dim=48", "--set", "img_size=24"},
                                    180000);
    QCOMPARE(wider.exitCode, 2);
    QVERIFY2(wider.err.contains("has shape [32, 3, 4, 4] in the checkpoint, [48, 3, 4, 4] in the model")
                 && wider.err.contains("nothing was created"),
             qPrintable(wider.err));
    QCOMPARE(s->runs().size(), size_t(2));
}

void TstInitFrom::fashionMnistFoundWithoutPath()
{
    QTemporaryDir dir;
    for (const char *part : {"train", "t10k"}) {
        const int n = part == std::string("train") ? 20 : 10;
        writeGz(dir.filePath(QStringLiteral("%1-images-idx3-ubyte.gz").arg(part)), idx(n, 28, 28));
        writeGz(dir.filePath(QStringLiteral("%1-labels-idx1-ubyte.gz").arg(part)), idx(n, 0, 0));
    }
    const QByteArray saved = qgetenv("GATEFOLD_FASHION_MNIST_DIR");
    qputenv("GATEFOLD_FASHION_MNIST_DIR", dir.path().toUtf8());
    data::DataConfig config;
    config.name = "fashion-mnist";
    QCOMPARE(config::packagedData("fashion-mnist").folder, dir.path().toStdString());
    std::string error;
    const auto found = data::openDataset(config, 28, &error);
    QVERIFY2(found, error.c_str());
    QCOMPARE(found->size(data::Split::Train), std::int64_t(20));
    QCOMPARE(found->size(data::Split::Val), std::int64_t(10));
    qputenv("GATEFOLD_FASHION_MNIST_DIR", dir.filePath("absent").toUtf8());
    QVERIFY(!data::openDataset(config, 28, &error));
    QVERIFY2(error.find("dataset-fashion-mnist") != std::string::npos && error.find("data.path") != std::string::npos,
             error.c_str());
    if (saved.isNull())
        qunsetenv("GATEFOLD_FASHION_MNIST_DIR");
    else
        qputenv("GATEFOLD_FASHION_MNIST_DIR", saved);
    // The package's own folder, where it is installed.
    if (!saved.isNull() || !QFileInfo::exists("/usr/share/datasets/fashion-mnist/t10k-labels-idx1-ubyte.gz"))
        QSKIP("the Debian package dataset-fashion-mnist is not installed here");
    QCOMPARE(config::packagedData("fashion-mnist").folder, std::string("/usr/share/datasets/fashion-mnist"));
    const auto packaged = data::openDataset(config, 28, &error);
    QVERIFY2(packaged, error.c_str());
    QCOMPARE(packaged->size(data::Split::Val), std::int64_t(10000));
}

} // namespace initfromtest

using initfromtest::TstInitFrom;
GATEFOLD_TEST_MAIN(TstInitFrom)
#include "tst_initfrom.moc"
