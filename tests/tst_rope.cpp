// 2-D rotary position embeddings (pos.kind=rope2d; core/model/rotaryembedding.h, core/model/README.md
// "Rotary position embeddings"): scores of constant q, k depend only on the offset between two patches
// on both axes; the rotation keeps norms; its layout is the CDE reference code's (column half, row half,
// interleaved pairs, θ^(−4j/d_h), class token unrotated), checked by hand; θ changes it; the model has
// no pos_embed (params, cost formula) and runs at two image sizes; every join variant folds exactly and
// a fold that rotated the wide head as one head would not; weights round-trip; a short real run trains,
// and its TorchScript, ONNX and safetensors exports (plain, and a wide fold) reproduce its logits in
// LibTorch, OpenCV and independently in Python; attention maps, rollout and distance run on it; the
// config reads, writes and refuses what it must.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "testsupport.h"
#include "tinyrun.h"
#include "trainedrun.h"

#include "analysis/attentiondistance.h"
#include "analysis/attentionmaps.h"
#include "analysis/attentionrollout.h"
#include "config/configvalidator.h"
#include "config/costformula.h"
#include "config/resourceestimate.h"
#include "config/runconfigjson.h"
#include "export/modelexport.h"
#include "inspect/inspectinputs.h"
#include "inspect/loadedrun.h"
#include "model/costmodel.h"
#include "model/fold.h"
#include "model/modelio.h"
#include "model/rotaryembedding.h"
#include "model/visiontransformer.h"
#include "store/runstore.h"

#include <QtTest/QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <torch/torch.h>

#include <cmath>
#endif

using namespace gatefold;
using namespace gatefold::model;
using namespace gatefold::test;

namespace {

// 12 px / patch 4: a 3 × 3 grid; d 16, 2 heads of width 8 (two pairs per axis), 2 blocks.
ViTConfig ropeConfig()
{
    ViTConfig c = tinyConfig();
    c.imageSize = 12;
    c.embedDim = 16;
    c.depth = 2;
    c.pos.kind = PositionKind::Rope2d;
    return c;
}

// (T, w) rows all equal to `row` (w): a q or k that is the same at every position.
torch::Tensor constantRows(const torch::Tensor &row, int64_t tokens)
{
    return row.unsqueeze(0).expand({tokens, row.size(0)}).contiguous();
}

double relativeError(const torch::Tensor &reference, const torch::Tensor &value)
{
    return maxAbsDiff(reference, value) / reference.abs().max().item<double>();
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TstRope : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scoresDependOnlyOnTheOffset();
    void rotationKeepsNorms();
    void layoutIsTheReferences();
    void thetaChangesTheRotation();
    void modelHasNoPositionTable();
    void runsAtTwoImageSizes();
    void trainsAFewSteps();
    void foldsExactly_data();
    void foldsExactly();
    void weightsRoundTrip();
    void configReadsWritesAndRefuses();
    void trainsAndExports();

private:
    QTemporaryDir m_dir;
};

void TstRope::scoresDependOnlyOnTheOffset()
{
    // Chunk 8 on a 5 × 5 grid behind a class token; q and k the same at every position.
    const RotaryEmbedding rope(8, 100.0, 1);
    const int64_t g = 5, tokens = 1 + g * g;
    torch::manual_seed(3);
    const auto qRow = torch::randn({8}, f64);
    const auto q = rope.apply(constantRows(qRow, tokens));
    const auto k = rope.apply(constantRows(torch::randn({8}, f64), tokens));
    const auto scores = torch::matmul(q, k.t());  // (T, T)
    auto score = [&](int64_t r, int64_t c, int64_t r2, int64_t c2) {
        return scores[1 + r * g + c][1 + r2 * g + c2].item<double>();
    };
    for (int64_t dr = -2; dr <= 2; ++dr)
        for (int64_t dc = -2; dc <= 2; ++dc) {
            double first = 0, spread = 0;
            int seen = 0;
            for (int64_t r = 0; r < g; ++r)
                for (int64_t c = 0; c < g; ++c) {
                    if (r + dr < 0 || r + dr >= g || c + dc < 0 || c + dc >= g)
                        continue;
                    const double s = score(r, c, r + dr, c + dc);
                    first = seen++ == 0 ? s : first;
                    spread = std::max(spread, std::abs(s - first));
                }
            QVERIFY2(spread < 1e-12, qPrintable(QString("offset (%1, %2): scores spread %3").arg(dr).arg(dc).arg(spread)));
        }
    // ... and on the offset they do depend, along either axis.
    const double same = score(1, 1, 1, 1);
    QVERIFY(std::abs(score(1, 1, 1, 2) - same) > 1e-3);  // one column apart
    QVERIFY(std::abs(score(1, 1, 2, 1) - same) > 1e-3);  // one row apart
    QVERIFY(std::abs(score(1, 1, 2, 1) - score(1, 1, 1, 2)) > 1e-3);  // rows and columns differ
    // The class token is not rotated.
    QCOMPARE(maxAbsDiff(q[0], qRow), 0.0);
}

void TstRope::rotationKeepsNorms()
{
    const RotaryEmbedding rope(8, 10000.0, 1);
    torch::manual_seed(5);
    // (B, H, T, w) with w = 2 chunks (a wide head of 2 branches).
    const auto x = torch::randn({2, 3, 1 + 16, 16}, f64);
    const auto y = rope.apply(x);
    QCOMPARE(y.sizes(), x.sizes());
    // Per token and per pair of channels, the length is kept.
    const auto pairNorms = [](const torch::Tensor &t) { return t.reshape({2, 3, 17, 8, 2}).norm(2, -1); };
    QVERIFY(maxAbsDiff(pairNorms(x), pairNorms(y)) < 1e-12);
    // The patches moved (the class token did not).
    QVERIFY(maxAbsDiff(x.select(2, 5), y.select(2, 5)) > 1e-2);
    QCOMPARE(maxAbsDiff(x.select(2, 0), y.select(2, 0)), 0.0);
    // Each chunk of a wide head is rotated as that chunk alone.
    const auto halves = torch::cat({rope.apply(x.narrow(-1, 0, 8)), rope.apply(x.narrow(-1, 8, 8))}, -1);
    QVERIFY(maxAbsDiff(halves, y) < 1e-15);
    // Gradients flow through it (autograd of q and k).
    auto leaf = x.clone().requires_grad_(true);
    rope.apply(leaf).pow(2).sum().backward();
    QVERIFY(maxAbsDiff(leaf.grad(), 2 * x) < 1e-12);  // a rotation: d‖Rx‖²/dx = 2x
}

void TstRope::layoutIsTheReferences()
{
    // The reference (mosure/continuous_deep_embed, src/cde_vit.py, AttentionWithRoPE kind '2d'):
    // head channels [0, d_h/2) by the column with inv_freq = θ^(−arange(0, d_h/2, 2)/(d_h/2)),
    // [d_h/2, d_h) by the row, each frequency on the interleaved pair (2j, 2j+1), the class token not.
    const double theta = 50.0;
    const RotaryEmbedding rope(8, theta, 1);
    const int64_t g = 4;
    torch::manual_seed(7);
    const auto x = torch::randn({1 + g * g, 8}, f64);
    const auto y = rope.apply(x);
    const int64_t row = 2, col = 3, t = 1 + row * g + col;
    const double inverse[2] = {1.0, std::pow(theta, -0.5)};  // θ^(−0/4), θ^(−2/4)
    for (int pair = 0; pair < 4; ++pair) {
        const double angle = (pair < 2 ? double(col) : double(row)) * inverse[pair % 2];
        const double x0 = x[t][2 * pair].item<double>(), x1 = x[t][2 * pair + 1].item<double>();
        QVERIFY(std::abs(y[t][2 * pair].item<double>() - (x0 * std::cos(angle) - x1 * std::sin(angle))) < 1e-14);
        QVERIFY(std::abs(y[t][2 * pair + 1].item<double>() - (x1 * std::cos(angle) + x0 * std::sin(angle))) < 1e-14);
    }
    // Without a class token every token is a patch: token 0 is (0, 0), rotated by nothing.
    const RotaryEmbedding noPrefix(8, theta, 0);
    QCOMPARE(noPrefix.gridSide(16), int64_t(4));
    QVERIFY(maxAbsDiff(noPrefix.apply(x.narrow(0, 1, 16)), y.narrow(0, 1, 16)) < 1e-15);
    QVERIFY_THROWS_EXCEPTION(c10::Error, rope.apply(torch::zeros({1 + 15, 8}, f64)));  // 15 patches: no square
}

void TstRope::thetaChangesTheRotation()
{
    torch::manual_seed(9);
    const auto x = torch::randn({1 + 9, 8}, f64);
    const auto a = RotaryEmbedding(8, 10000.0, 1).apply(x), b = RotaryEmbedding(8, 100.0, 1).apply(x);
    QVERIFY(maxAbsDiff(a, b) > 1e-2);
    // Only the lower-frequency pairs change: pair 0 of each axis turns by col (row) · θ⁰ either way.
    QVERIFY(maxAbsDiff(a.narrow(1, 0, 2), b.narrow(1, 0, 2)) < 1e-15);
    QVERIFY(maxAbsDiff(a.narrow(1, 4, 2), b.narrow(1, 4, 2)) < 1e-15);
    // And a model's logits follow θ.
    ViTConfig c = ropeConfig();
    torch::manual_seed(1);
    auto m1 = build(c);
    randomize(*m1);
    c.pos.ropeTheta = 4.0;
    auto m2 = build(c);
    QVERIFY(copyParamsByName(*m1, *m2));
    m1->eval(), m2->eval();
    const auto x2 = images(c, 2);
    QVERIFY(maxAbsDiff(m1->forward(x2), m2->forward(x2)) > 1e-3);
}

void TstRope::modelHasNoPositionTable()
{
    const ViTConfig c = ropeConfig();
    auto m = build(c);
    QVERIFY(!m->pos_embed.defined());
    for (const auto &item : m->named_parameters())
        QVERIFY2(item.key().find("pos_embed") == std::string::npos, item.key().c_str());
    QVERIFY(m->blockList()[0]->attn->rotary().enabled());
    QCOMPARE(m->blockList()[0]->attn->rotary().chunkWidth(), 8);
    // The cost formula and the counted model agree on the parameters: only the class token is left.
    auto formula = closedFormCost(c);
    auto counted = countedCost(m);
    QCOMPARE(totalParams(formula), totalParams(counted));
    for (const auto &row : formula)
        if (row.component == "embeddings")
            QCOMPARE(row.params, int64_t(c.embedDim));
    ViTConfig learned = c;
    learned.pos.kind = PositionKind::Learned;
    QCOMPARE(totalParams(closedFormCost(learned)) - totalParams(formula), int64_t(c.numTokens() * c.embedDim));
    // A learned model keeps its table.
    QVERIFY(build(learned)->pos_embed.defined());
    // The memory estimate: the table's parameters gone, q and k's rotation among the activations.
    train::RunConfig run = tinyRun(1), learnedRun = tinyRun(1);
    run.model = c;
    learnedRun.model = learned;
    const auto e = train::estimateResources(run), eLearned = train::estimateResources(learnedRun);
    QVERIFY(std::abs(double(e.parameters - totalParams(counted))) <= 0.01 * double(totalParams(counted)));
    QCOMPARE(eLearned.parameters - e.parameters, qint64(c.numTokens() * c.embedDim));
    QVERIFY(e.activationBytes > eLearned.activationBytes);
}

void TstRope::runsAtTwoImageSizes()
{
    ViTConfig c = ropeConfig();
    for (Pooling pooling : {Pooling::ClassToken, Pooling::Average}) {
        c.pooling = pooling;
        torch::manual_seed(2);
        auto m = build(c);
        m->eval();
        torch::NoGradGuard noGrad;
        const auto at12 = m->forward(torch::randn({2, 3, 12, 12}));
        const auto at20 = m->forward(torch::randn({2, 3, 20, 20}));  // 5 × 5 patches
        QCOMPARE(at20.sizes(), at12.sizes());
        QVERIFY(torch::isfinite(at20).all().item<bool>());
        QVERIFY_THROWS_EXCEPTION(c10::Error, m->forward(torch::randn({1, 3, 18, 18})));  // not a multiple of 4
    }
    // A learned table is tied to its size.
    ViTConfig learned = c;
    learned.pos.kind = PositionKind::Learned;
    QVERIFY_THROWS_EXCEPTION(c10::Error, build(learned)->forward(torch::randn({1, 3, 20, 20})));
}

void TstRope::foldsExactly_data()
{
    QTest::addColumn<int>("branches");
    QTest::addColumn<int>("variant");
    QTest::addColumn<bool>("classToken");
    for (int n : {2, 3})
        for (auto v : {JoinVariant::Logits, JoinVariant::Values, JoinVariant::Projections})
            for (bool token : {true, false})
                QTest::addRow("n=%d %s %s", n, v == JoinVariant::Logits ? "logits" : v == JoinVariant::Values ? "values" : "projections",
                              token ? "token" : "avg") << n << int(v) << token;
}

void TstRope::foldsExactly()
{
    QFETCH(int, branches);
    QFETCH(int, variant);
    QFETCH(bool, classToken);
    ViTConfig c = ropeConfig();
    c.join.branches = branches;
    c.join.variant = JoinVariant(variant);
    c.join.strength = 1.0;
    c.pooling = classToken ? Pooling::ClassToken : Pooling::Average;
    // float64 to 1e-10 relative, float32 to 1e-5: as every other fold (core/model/README.md).
    for (auto [dtype, tolerance] : {std::pair{torch::kFloat64, 1e-10}, std::pair{torch::kFloat32, 1e-5}}) {
        torch::manual_seed(uint64_t(17 + branches * 3 + variant));
        auto trained = build(c);
        trained->to(dtype);
        randomize(*trained, 0.3);
        trained->eval();
        const auto x = images(c, 3, dtype);
        const auto expected = trained->forward(x);
        std::string error;
        auto folded = foldModel(trained, {}, &error);
        QVERIFY2(folded, error.c_str());
        const double rel = relativeError(expected, (*folded)->forward(x));
        QVERIFY2(rel <= tolerance, qPrintable(QString("relative error %1 > %2").arg(rel).arg(tolerance)));
        qInfo("%s: folded vs joined relative %.3g", dtype == torch::kFloat64 ? "float64" : "float32", rel);
        if (JoinVariant(variant) == JoinVariant::Projections)
            continue;
        // The wide heads must rotate each branch's head on its own: rotating a wide head as one
        // head of width n·d_h (other frequencies) is not the joined model.
        const int wide = int((*folded)->blockList()[0]->attn->qkDim() / c.numHeads);
        for (const auto &block : (*folded)->blockList())
            block.ptr()->attn->setRotary(RotaryEmbedding(wide, c.pos.ropeTheta, classToken ? 1 : 0));
        const double wrong = relativeError(expected, (*folded)->forward(x));
        qInfo("  wide head rotated as one head: relative %.3g", wrong);
        QVERIFY(wrong > 1e-4);
    }
}

void TstRope::trainsAFewSteps()
{
    // AdamW on one fixed batch: the loss falls, and every parameter the blocks hold gets a gradient.
    const ViTConfig c = ropeConfig();
    torch::manual_seed(6);
    auto m = build(c);
    m->train();
    const auto x = images(c, 8);
    const auto labels = torch::randint(c.numClasses, {8}, torch::kLong);
    torch::optim::AdamW optimizer(m->parameters(), torch::optim::AdamWOptions(3e-3));
    double first = 0, last = 0;
    for (int step = 0; step < 8; ++step) {
        optimizer.zero_grad();
        auto loss = torch::cross_entropy_loss(m->forward(x), labels);
        loss.backward();
        if (step == 0)
            for (const auto &item : m->named_parameters())
                QVERIFY2(item.value().grad().defined() && item.value().grad().abs().sum().item<double>() > 0,
                         item.key().c_str());
        optimizer.step();
        (step == 0 ? first : last) = loss.item<double>();
    }
    QVERIFY2(last < 0.8 * first, qPrintable(QString("loss %1 -> %2").arg(first).arg(last)));
}

void TstRope::weightsRoundTrip()
{
    QVERIFY(m_dir.isValid());
    const ViTConfig c = ropeConfig();
    torch::manual_seed(4);
    auto a = build(c);
    randomize(*a);
    const QString path = m_dir.filePath("rope.pt");
    std::string error;
    QVERIFY2(saveWeights(a, path.toStdString(), &error), error.c_str());
    torch::manual_seed(5);
    auto b = build(c);
    QVERIFY2(loadWeights(b, path.toStdString(), &error), error.c_str());
    a->eval(), b->eval();
    const auto x = images(c, 2);
    QCOMPARE(maxAbsDiff(a->forward(x), b->forward(x)), 0.0);
    // A learned model's weights (with pos_embed) are refused by name, and nothing changes.
    ViTConfig learnedConfig = c;
    learnedConfig.pos.kind = PositionKind::Learned;
    auto learned = build(learnedConfig);
    const QString learnedPath = m_dir.filePath("learned.pt");
    QVERIFY(saveWeights(learned, learnedPath.toStdString(), &error));
    const auto before = snapshot(*b);
    QVERIFY(!loadWeights(b, learnedPath.toStdString(), &error));
    QVERIFY2(error.find("pos_embed") != std::string::npos, error.c_str());
    QVERIFY(sameAsSnapshot(*b, before));
}

void TstRope::configReadsWritesAndRefuses()
{
    train::RunConfig config = tinyRun(1);
    QCOMPARE(config.model.pos.kind, PositionKind::Learned);  // the default, and what old configs load as
    QStringList errors;
    train::RunConfig old = tinyRun(1);
    QVERIFY(train::runConfigFromJson("{\"embed_dim\": 32}", &old, &errors));
    QCOMPARE(old.model.pos.kind, PositionKind::Learned);
    QCOMPARE(old.model.pos.ropeTheta, 10000.0);

    config = withSettings(config, {"pos.kind=rope2d", "pos.rope_theta=500"});
    train::RunConfig back = tinyRun(1);
    const QByteArray json = train::runConfigToJson(config);
    QVERIFY(json.contains("\"pos.kind\": \"rope2d\"") || json.contains("\"rope2d\""));
    QVERIFY2(train::runConfigFromJson(json, &back, &errors), qPrintable(errors.join("; ")));
    QCOMPARE(back.model.pos.kind, PositionKind::Rope2d);
    QCOMPARE(back.model.pos.ropeTheta, 500.0);
    QVERIFY(back == config);
    back.model.pos.ropeTheta = 501;
    QVERIFY(!(back == config));
    QVERIFY(validateConfig(config.model).empty());

    // Refusals, each on its key: a head width that is not a multiple of 4, and θ <= 0.
    ViTConfig bad = ropeConfig();
    bad.embedDim = 12;  // 2 heads of 6
    bad.pos.ropeTheta = 0.0;
    const auto problems = validateConfig(bad);
    QStringList fields;
    for (const auto &p : problems)
        fields << QString::fromStdString(p.field);
    QVERIFY2(fields.contains("pos.kind") && fields.contains("pos.rope_theta"), qPrintable(fields.join(", ")));
    std::string error;
    QVERIFY(!buildModel(bad, &error));
    QVERIFY2(error.find("multiple of 4") != std::string::npos, error.c_str());
    // The same widths are fine with a learned table.
    bad.pos.kind = PositionKind::Learned;
    QVERIFY(validateConfig(bad).empty());
}

void TstRope::trainsAndExports()
{
    QVERIFY(m_dir.isValid());
    QString error;
    auto store = store::RunStore::open(m_dir.filePath("store.sqlite"), &error);
    QVERIFY2(store, qPrintable(error));
    // 16 steps of a real run (tiny: 16 px, d 32, 2 heads of 16), and a joined 2-branch logits run.
    const qint64 plain = trainInProcess(*store, withSettings(tinyRun(1), {"pos.kind=rope2d", "global_pool=token"}),
                                        QStringLiteral("rope"));
    const qint64 wide = trainInProcess(*store,
                                       withSettings(tinyRun(1), {"pos.kind=rope2d", "pos.rope_theta=100",
                                                                 "join.branches=2", "join.warmup_steps=8",
                                                                 "join.adjust_steps=0"}),
                                       QStringLiteral("rope wide"));
    for (qint64 run : {plain, wide}) {
        auto loaded = inspect::loadRun(*store, run, QStringLiteral("best"), torch::Device(torch::kCPU), &error);
        QVERIFY2(loaded, qPrintable(error));
        QVERIFY(!loaded->model->pos_embed.defined());
        const auto inputs = inspect::splitInputs(*loaded, data::Split::Val, 0, 16, &error);
        QVERIFY2(inputs, qPrintable(error));
        torch::NoGradGuard noGrad;
        loaded->model->eval();
        const auto logits = loaded->model->forward(inputs->images);
        QVERIFY(torch::isfinite(logits).all().item<bool>());

        // The attention views run on it.
        ForwardOptions options;
        options.attention = true;
        const auto out = loaded->model->forwardWithIntermediates(inputs->images.narrow(0, 0, 2), options);
        const auto grid = analysis::TokenGrid::of(loaded->model->config());
        std::vector<torch::Tensor> maps;
        for (const auto &b : out.blocks)
            maps.push_back(b.attention);
        QVERIFY(maxAbsDiff(maps[0].sum(-1), torch::ones_like(maps[0].sum(-1))) < 1e-5);
        QCOMPARE(analysis::queryAttentionMap(maps[0], grid).size(-1), int64_t(grid.width));
        QVERIFY(torch::isfinite(analysis::meanAttentionDistance(maps[1], grid)).all().item<bool>());
        QVERIFY(torch::isfinite(analysis::attentionRollout(maps, grid).map).all().item<bool>());

        exporting::ExportRequest request;
        request.runId = run;
        request.formats = QStringList{"torchscript", "onnx", "safetensors"};
        request.images = 16;
        request.outDir = m_dir.filePath(QString("export-%1").arg(run));
        exporting::ExportFailure failure;
        const auto r = exporting::exportRun(*store, request, &error, &failure);
        QVERIFY2(r, qPrintable(error));
        QCOMPARE(r->fold, run == wide ? QStringLiteral("wide") : QStringLiteral("plain"));
        QVERIFY(!r->timmShaped);
        qInfo("run %lld (%s fold): fold vs trained relative %.3g", run, qPrintable(r->fold),
              r->foldAgreement.relativeError);
        for (const auto &f : r->files)
            qInfo("  %s: relative %.3g, top-1 agreement %.3f", qPrintable(f.format), f.agreement.relativeError,
                  f.agreement.top1Agreement);
        for (const auto &f : r->files)
            QVERIFY2(f.agreement.relativeError < 1e-5,
                     qPrintable(QString("%1: %2").arg(f.format).arg(f.agreement.relativeError)));
        const auto config = QJsonDocument::fromJson(fileBytes(QDir(request.outDir).filePath("config.json"))).object();
        QCOMPARE(config.value("pos_embed").toString(), QStringLiteral("none"));
        QCOMPARE(config.value("rope").toObject().value("theta").toDouble(), run == wide ? 100.0 : 10000.0);
        QCOMPARE(config.value("rope").toObject().value("chunk").toInt(), 16);

        // Independently in Python: torch.jit.load, a numpy evaluator of the ONNX graph, and (plain
        // fold) the safetensors weights in a ViT written after timm's forward with RoPE from config.json.
        QProcess probe;
        probe.start(QStringLiteral("/usr/bin/python3"), {"-c", "import torch, onnx, numpy"});
        if (!probe.waitForFinished(60000) || probe.exitCode() != 0) {
            qWarning("/usr/bin/python3 with torch, onnx and numpy is not installed: no Python round trip");
            continue;
        }
        const QString imagesPath = m_dir.filePath(QStringLiteral("images.f32"));
        QFile f(imagesPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const auto c = inputs->images.contiguous();
        f.write(reinterpret_cast<const char *>(c.data_ptr<float>()), qint64(c.numel()) * 4);
        f.close();
        QProcess py;
        py.start(QStringLiteral("/usr/bin/python3"),
                 {QStringLiteral(GATEFOLD_EXPORT_SCRIPT), request.outDir, imagesPath, "16", "3", "16"});
        QVERIFY(py.waitForFinished(120000));
        QVERIFY2(py.exitCode() == 0, py.readAllStandardError().constData());
        const auto got = QJsonDocument::fromJson(py.readAllStandardOutput()).object();
        QStringList formats{"torchscript", "onnx"};
        if (run == plain)
            formats << "safetensors";
        for (const QString &format : formats) {
            QVERIFY2(got.contains(format), qPrintable(format));
            std::vector<float> values;
            for (const auto &row : got.value(format).toArray())
                for (const auto &v : row.toArray())
                    values.push_back(float(v.toDouble()));
            const auto pyLogits = torch::tensor(values).view({16, -1});
            const double rel = relativeError(logits, pyLogits);
            qInfo("  python %s: relative %.3g", qPrintable(format), rel);
            QVERIFY2(rel < 1e-5, qPrintable(QString("%1: relative %2").arg(format).arg(rel)));
        }
    }
}

GATEFOLD_TEST_MAIN(TstRope)
#include "tst_rope.moc"
