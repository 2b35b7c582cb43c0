// Issue 19, the CDE reference harness's training recipe (cde_vit.py's flags):
// layer-wise learning-rate decay (the groups' factors against hand values,
// and that they reach the optimiser at every step), gradient accumulation (k
// micro-batches of B train as one batch of k·B, within float32 summation
// order), the EMA warm-up (its decays against hand values), bf16 autocast
// (trains with float32 weights, or is refused with the reason), an
// accumulated run resumed mid-epoch bit-exact, and the settings' refusals.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "train/autocastscope.h"
#include "train/layerdecay.h"
#include "train/precision.h"
#include "train/trainer.h"
#include "train/weightema.h"

#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <chrono>
#include <cmath>
#include <map>
#endif

using namespace gatefold;
using namespace gatefold::train;

namespace recipetest {
namespace {

// 16 px, 2 blocks of width 32, 256 training images: a step of 64 images makes 4 steps an epoch.
RunConfig tinyRun()
{
    RunConfig r;
    auto &m = r.model;
    m.imageSize = 16;
    m.patchSize = 4;
    m.numClasses = 10;
    m.embedDim = 32;
    m.depth = 2;
    m.numHeads = 2;
    m.mlpRatio = 2.0;
    m.pooling = model::Pooling::Average;
    auto &t = r.train;
    t.data.trainSize = 256;
    t.data.valSize = 64;
    t.epochs = 1;
    t.batchSize = 32;
    t.evalBatchSize = 64;
    t.logEvery = 1;
    t.threads = 1;
    t.optim.lr = 1e-3;
    t.optim.warmupEpochs = 0.5;
    return r;
}

RunConfig recipeSettings(RunConfig config, std::initializer_list<const char *> settings)
{
    for (const char *kv : settings) {
        std::string why;
        if (!config::applyAssignment(config, kv, &why))
            qFatal("%s: %s", kv, why.c_str());
    }
    return config;
}

class Recorder : public TrainEvents
{
public:
    void metrics(const std::vector<store::MetricPoint> &points) override
    {
        for (const auto &p : points)
            if (p.key != "train/images_per_s" && p.key != "data/wait_fraction")  // timings, not results
                values[{p.key, p.step}] = p.value;
    }
    void message(const QString &text) override { messages << text; }
    bool checkpointed(const CheckpointReport &report, QString *) override
    {
        checkpoints.push_back(report);
        return true;
    }
    std::map<std::pair<QString, qint64>, double> values;
    std::vector<CheckpointReport> checkpoints;
    QStringList messages;
};

struct Ran {
    TrainOutcome outcome;
    std::vector<torch::Tensor> weights;
    std::int64_t stepsPerEpoch = 0;
};

Ran runTrainer(const RunConfig &config, const QString &dir, Recorder *events, std::int64_t stopAt = -1,
               const QString &resumeFrom = QString())
{
    TrainerOptions options;
    options.runDir = dir;
    options.events = events;
    options.stopAtStep = stopAt;
    options.resumeFrom = resumeFrom;
    Trainer trainer(config, options);
    QString error;
    Ran ran;
    if (!trainer.prepare(&error)) {
        ran.outcome.message = error;
        return ran;
    }
    ran.stepsPerEpoch = trainer.schedules().stepsPerEpoch();
    ran.outcome = trainer.run();
    for (const auto &p : trainer.model()->parameters())
        ran.weights.push_back(p.detach().clone());
    return ran;
}

double maxGap(const std::vector<torch::Tensor> &a, const std::vector<torch::Tensor> &b)
{
    double gap = 0;
    for (size_t i = 0; i < a.size(); ++i)
        gap = std::max(gap, (a[i] - b[i]).abs().max().item<double>());
    return gap;
}

bool mentions(const std::vector<model::ConfigProblem> &problems, const std::string &key)
{
    for (const auto &p : problems)
        if (p.field == key)
            return true;
    return false;
}

} // namespace
} // namespace recipetest

using namespace recipetest;

class TstRecipe : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_dir.isValid()); }
    void layerDecayFactors();
    void layerDecayReachesTheOptimiser();
    void accumulationEqualsOneLargerBatch();
    void emaWarmupDecays();
    void bf16TrainsOrIsRefused();
    void bf16TrainsEveryKind_data();
    void bf16TrainsEveryKind();
    void bf16RefusalsHaveTheirReasons();
    void accumulatedRunResumesBitExact();
    void badRecipeSettingsRefused();

private:
    QTemporaryDir m_dir;
};

void TstRecipe::layerDecayFactors()
{
    // depth 2: layers 0 (embeddings), 1, 2 (blocks), 3 (head, norms, shared CDE tables); decay 0.5:
    // factors 0.5^3, 0.5^2, 0.5, 1.
    RunConfig config = tinyRun();
    config.model.gate.kind = model::GateKind::Cde;
    config.model.gate.codebookSize = 16;
    config.model.pooling = model::Pooling::ClassToken;
    auto m = model::VisionTransformer(config.model);
    QCOMPARE(blockDepth(*m), 2);
    const std::map<std::string, double> expected = {
        {"patch_embed.proj.weight", 0.125}, {"pos_embed", 0.125},        {"cls_token", 0.125},
        {"blocks.0.attn.qkv.weight", 0.25}, {"blocks.0.norm1.weight", 0.25}, {"blocks.1.mlp.fc2.bias", 0.5},
        {"norm.weight", 1.0},               {"head.weight", 1.0},        {"cde.codebook", 1.0},
    };
    const auto groups = optimizerGroups(*m, 0.05, 0.5);
    std::map<std::string, std::pair<double, double>> seen;  // name → (lr factor, weight decay)
    size_t count = 0;
    for (const auto &g : groups) {
        QVERIFY(!g.params.empty());
        for (const auto &name : g.names)
            seen[name] = {g.lrScale, g.weightDecay};
        count += g.params.size();
    }
    QCOMPARE(count, m->parameters().size());
    for (const auto &[name, factor] : expected) {
        QVERIFY2(seen.count(name), name.c_str());
        QVERIFY2(seen[name].first == factor, qPrintable(QStringLiteral("%1: %2, expected %3")
                                                            .arg(QString::fromStdString(name))
                                                            .arg(seen[name].first)
                                                            .arg(factor)));
    }
    QCOMPARE(seen["blocks.0.attn.qkv.weight"].second, 0.05);  // still split by weight decay
    QCOMPARE(seen["blocks.0.norm1.weight"].second, 0.0);
    QCOMPARE(groups.size(), size_t(8));  // 4 layers x (decays, does not)
    // Off: the two groups of every earlier run (their checkpoints' optimiser state fits).
    const auto off = optimizerGroups(*m, 0.05, 1.0);
    QCOMPARE(off.size(), size_t(2));
    QCOMPARE(off[0].weightDecay, 0.05);
    QCOMPARE(off[0].lrScale, 1.0);
    QCOMPARE(off[1].lrScale, 1.0);
    // A joining model's branches are their block's.
    RunConfig join = tinyRun();
    join.model.join.branches = 2;
    auto j = model::VisionTransformer(join.model);
    for (const auto &g : optimizerGroups(*j, 0.05, 0.5))
        for (const auto &name : g.names)
            if (name.rfind("blocks.1.", 0) == 0)
                QVERIFY2(g.lrScale == 0.5, name.c_str());
}

void TstRecipe::layerDecayReachesTheOptimiser()
{
    // Every group's lr is the scheduled lr times its factor, at each step (warm-up: 2 steps of 0.5 lr, 1 lr).
    RunConfig config = recipeSettings(tinyRun(), {"optim.layer_decay=0.5", "train.batch_size=64"});
    TrainerOptions options;
    Trainer trainer(config, options);
    QString error;
    QVERIFY2(trainer.prepare(&error), qPrintable(error));
    QCOMPARE(trainer.optimizer().param_groups().size(), size_t(8));  // 4 layers x (decays, does not)
    for (std::int64_t step : {0, 1, 3}) {
        trainer.applySchedules(step);
        const double lr = trainer.schedules().learningRate(step);
        std::vector<double> factors;
        for (const auto &g : trainer.optimizer().param_groups())
            factors.push_back(static_cast<const torch::optim::AdamWOptions &>(g.options()).lr() / lr);
        const std::vector<double> expected = {0.125, 0.125, 0.25, 0.25, 0.5, 0.5};
        QCOMPARE(factors.size(), expected.size() + 2);
        for (size_t i = 0; i < expected.size(); ++i)
            QVERIFY2(std::abs(factors[i] - expected[i]) < 1e-12, qPrintable(QString::number(factors[i])));
        QVERIFY(std::abs(factors[6] - 1.0) < 1e-12 && std::abs(factors[7] - 1.0) < 1e-12);
    }
}

void TstRecipe::accumulationEqualsOneLargerBatch()
{
    // 2 micro-batches of 32 against one batch of 64, 4 optimiser steps, dropout and drop-path off,
    // label smoothing 0.1, random-resized crops and flips: the same images, augmentations and mean
    // gradient, summed in another order. Measured (2-core x86-64): train/loss differs by at most
    // 1.6e-7 relative, the weights by at most 3.4e-7 (|w| ~ 1). Bounds: 1e-5 relative on every
    // train/ and val/ metric (lr: exactly equal), 1e-5 on every weight. Steps of 32 images without
    // accumulation land 6e-3 away (checked below: > 1e-4), so the bounds can fail.
    RunConfig big = recipeSettings(tinyRun(), {"train.batch_size=64", "aug.random_resized_crop=true", "aug.hflip=0.5",
                                             "optim.label_smoothing=0.1", "drop_rate=0", "drop_path_rate=0"});
    RunConfig accumulated = recipeSettings(big, {"train.batch_size=32", "train.accum_steps=2"});
    RunConfig small = recipeSettings(big, {"train.batch_size=32"});
    Recorder a, b, c;
    const Ran one = runTrainer(big, QString(), &a);
    const Ran two = runTrainer(accumulated, QString(), &b);
    const Ran half = runTrainer(small, QString(), &c);
    QCOMPARE(one.outcome.end, TrainEnd::Finished);
    QCOMPARE(two.outcome.end, TrainEnd::Finished);
    QCOMPARE(one.stepsPerEpoch, std::int64_t(4));
    QCOMPARE(two.stepsPerEpoch, std::int64_t(4));
    QCOMPARE(a.values.size(), b.values.size());
    double worstLoss = 0;
    for (const auto &[key, x] : a.values) {
        QVERIFY2(b.values.count(key), qPrintable(key.first));
        const double y = b.values.at(key);
        const double relative = x == y ? 0 : std::abs(x - y) / std::max(std::abs(x), std::abs(y));
        if (key.first == "train/loss")
            worstLoss = std::max(worstLoss, relative);
        QVERIFY2(relative <= 1e-5, qPrintable(QStringLiteral("%1@%2: %3 vs %4").arg(key.first).arg(key.second)
                                                  .arg(x, 0, 'g', 17).arg(y, 0, 'g', 17)));
    }
    const double gap = maxGap(one.weights, two.weights);
    const double control = maxGap(one.weights, half.weights);
    qInfo("k=2 x 32 vs 64: train/loss %.3g relative, weights max |dw| %.3g; 32 without accumulation: %.3g",
          worstLoss, gap, control);
    QVERIFY2(gap <= 1e-5, qPrintable(QString::number(gap)));
    QVERIFY2(control > 1e-4, qPrintable(QString::number(control)));
    QVERIFY(b.messages.join('\n').contains("gradient accumulation: 2 micro-batches of 32 images"));
}

void TstRecipe::emaWarmupDecays()
{
    // cde_vit.py's ModelEMA: the n-th update (n = 1, 2, …) uses decay·n/W until n = W, then decay.
    auto linear = torch::nn::Linear(3, 2);
    WeightEma ramp(*linear, 0.9, 4);
    const std::vector<double> hand = {0.225, 0.45, 0.675, 0.9, 0.9, 0.9};
    for (size_t n = 0; n < hand.size(); ++n)
        QVERIFY2(std::abs(ramp.decayAt(std::int64_t(n)) - hand[n]) < 1e-15, qPrintable(QString::number(n)));
    WeightEma plain(*linear, 0.9);  // no warm-up: min(decay, (1 + n)/(10 + n)) as before
    QVERIFY(std::abs(plain.decayAt(0) - 0.1) < 1e-15);
    QVERIFY(std::abs(plain.decayAt(80) - 81.0 / 90.0) < 1e-15);
    QCOMPARE(plain.decayAt(1000), 0.9);
    // The first update with the ramp: s = 0.225·w0 + 0.775·w1.
    const auto w0 = linear->weight.detach().clone();
    {
        torch::NoGradGuard g;
        linear->weight.add_(1.0);
    }
    ramp.update(*linear);
    QVERIFY(torch::allclose(ramp.tensors()[0], 0.225 * w0 + 0.775 * (w0 + 1.0), 0, 1e-6));
    QCOMPARE(ramp.updates(), std::int64_t(1));
}

void TstRecipe::bf16TrainsOrIsRefused()
{
    // Autocast is on inside the scope only: a linear layer's output is bf16 there, float32 after.
    auto linear = torch::nn::Linear(8, 4);
    {
        AutocastScope scope(Precision::Bf16, torch::kCPU);
        QCOMPARE(linear(torch::randn({2, 8})).scalar_type(), torch::kBFloat16);
    }
    QVERIFY(!at::autocast::is_cpu_enabled());
    QCOMPARE(linear(torch::randn({2, 8})).scalar_type(), torch::kFloat32);
    {
        AutocastScope scope(Precision::Fp32, torch::kCPU);
        QCOMPARE(linear(torch::randn({2, 8})).scalar_type(), torch::kFloat32);
    }

    RunConfig fp32 = recipeSettings(tinyRun(), {"train.epochs=2"});
    RunConfig bf16 = recipeSettings(fp32, {"compute.precision=bf16"});
    const QString refusal = precisionRefusalHere(bf16);
    Recorder a, b;
    const Ran full = runTrainer(fp32, QString(), &a);
    const Ran mixed = runTrainer(bf16, QString(), &b);
    if (!refusal.isEmpty()) {  // this machine cannot: refused before a step, with the reason
        QCOMPARE(mixed.outcome.message, refusal);
        QSKIP(qPrintable(refusal));
    }
    QCOMPARE(mixed.outcome.end, TrainEnd::Finished);
    for (const auto &w : mixed.weights)
        QCOMPARE(w.scalar_type(), torch::kFloat32);  // master weights stay float32
    // bf16 keeps 8 bits of mantissa: the losses follow the float32 run's closely, not exactly.
    const std::pair<QString, qint64> last{QStringLiteral("train/loss"), 16};
    const double x = a.values.at(last), y = b.values.at(last);
    qInfo("train/loss after 16 steps: fp32 %.6f, bf16 %.6f", x, y);
    QVERIFY(std::isfinite(y));
    QVERIFY2(std::abs(x - y) < 0.05 * x, qPrintable(QStringLiteral("%1 vs %2").arg(x).arg(y)));
    QVERIFY(x != y);  // autocast did change the arithmetic
    QVERIFY(b.values.at({QStringLiteral("train/loss"), 16}) < b.values.at({QStringLiteral("train/loss"), 1}));
    QVERIFY(b.messages.join('\n').contains("autocast to bfloat16"));
}

void TstRecipe::bf16TrainsEveryKind_data()
{
    QTest::addColumn<QStringList>("settings");
    QTest::newRow("CDE soft top-4") << QStringList{"gate.kind=cde", "gate.codebook_size=16", "gate.top_k=4",
                                                   "gate.embed_init=normal"};
    QTest::newRow("CDE hard VQ, expand, once") << QStringList{"gate.kind=cde", "gate.codebook_size=16",
                                                              "gate.assign=vq", "gate.target=expand", "gate.scope=once"};
    QTest::newRow("DeepEmbed") << QStringList{"gate.kind=deep-embed"};
    QTest::newRow("joining 2 branches, diversity") << QStringList{"join.branches=2", "join.diversity=0.05"};
}

void TstRecipe::bf16TrainsEveryKind()
{
    // Every kind of model Gatefold trains, 8 steps in bf16 against float32 from the same seed: the run
    // finishes, its weights stay float32, its last train/loss is finite and within 5 % of float32's.
    QFETCH(QStringList, settings);
    RunConfig fp32 = tinyRun();
    for (const QString &kv : settings)
        fp32 = recipeSettings(fp32, {kv.toUtf8().constData()});
    RunConfig bf16 = recipeSettings(fp32, {"compute.precision=bf16"});
    if (!precisionRefusalHere(bf16).isEmpty())
        QSKIP(qPrintable(precisionRefusalHere(bf16)));
    Recorder a, b;
    const Ran full = runTrainer(fp32, QString(), &a);
    const Ran mixed = runTrainer(bf16, QString(), &b);
    QCOMPARE(full.outcome.end, TrainEnd::Finished);
    QVERIFY2(mixed.outcome.end == TrainEnd::Finished, qPrintable(mixed.outcome.message));
    for (const auto &w : mixed.weights)
        QCOMPARE(w.scalar_type(), torch::kFloat32);
    const std::pair<QString, qint64> last{QStringLiteral("train/loss"), 8};
    const double x = a.values.at(last), y = b.values.at(last);
    qInfo("train/loss at step 8: fp32 %.6f, bf16 %.6f", x, y);
    QVERIFY(std::isfinite(y) && std::abs(x - y) < 0.05 * x);
}

void TstRecipe::bf16RefusalsHaveTheirReasons()
{
    // A CDE model's gate runs in float32 inside autocast (model::Float32Region): its logits under
    // bf16 stay near float32's, and without autocast the region changes nothing.
    RunConfig cde = recipeSettings(tinyRun(), {"gate.kind=cde", "gate.codebook_size=16", "gate.embed_init=normal"});
    auto m = model::VisionTransformer(cde.model);
    const auto x = torch::randn({2, 3, 16, 16});
    torch::Tensor mixed;
    {
        AutocastScope scope(Precision::Bf16, torch::kCPU);
        mixed = m->forward(x).to(torch::kFloat32);
    }
    const auto full = m->forward(x);
    QCOMPARE(full.scalar_type(), torch::kFloat32);
    QVERIFY2((mixed - full).abs().max().item<double>() < 0.1, "bf16 logits far from float32's");
    // A DeepEmbed model (plain ATen ops) trains under bf16: forward and backward, float32 gradients.
    RunConfig deep = recipeSettings(tinyRun(), {"gate.kind=deep-embed"});
    auto d = model::VisionTransformer(deep.model);
    torch::Tensor loss;
    {
        AutocastScope scope(Precision::Bf16, torch::kCPU);
        loss = d->forward(torch::randn({2, 3, 16, 16})).to(torch::kFloat32).logsumexp(1).mean();
    }
    loss.backward();
    for (const auto &p : d->parameters())
        QVERIFY(!p.grad().defined() || p.grad().scalar_type() == torch::kFloat32);

    RunConfig config = recipeSettings(tinyRun(), {"compute.precision=bf16"});
    CpuFeatures none;
    const QString refusal = precisionRefusal(config, false, none);
    QVERIFY(refusal.startsWith("compute.precision: "));
    QVERIFY(refusal.contains("AVX-512") && refusal.contains("compute.precision=fp32"));
    CpuFeatures avx512;
    avx512.avx512bw = avx512.avx512vl = avx512.avx512dq = true;
    QVERIFY(precisionRefusal(config, false, avx512).isEmpty());
    QVERIFY(precisionRefusal(config, true, none).isEmpty());  // LibTorch's CUDA autocast
    QVERIFY(precisionRefusal(tinyRun(), false, none).isEmpty());  // fp32 runs anywhere
}

void TstRecipe::accumulatedRunResumesBitExact()
{
    // 2 micro-batches per step, layer decay, the EMA ramp, dropout and drop-path on: stopped mid-epoch
    // (step 6 of 4-step epochs) and resumed, every metric equals the uninterrupted run's (tolerance 0).
    RunConfig config = recipeSettings(tinyRun(), {"train.epochs=3", "train.accum_steps=2", "optim.layer_decay=0.75",
                                                "optim.ema_decay=0.9", "optim.ema_warmup=5", "drop_rate=0.1",
                                                "drop_path_rate=0.1", "aug.hflip=0.5"});
    Recorder whole;
    const Ran full = runTrainer(config, m_dir.filePath("whole"), &whole);
    QCOMPARE(full.outcome.end, TrainEnd::Finished);
    QCOMPARE(full.stepsPerEpoch, std::int64_t(4));
    Recorder first;
    const Ran stopped = runTrainer(config, m_dir.filePath("split"), &first, 6);
    QCOMPARE(stopped.outcome.end, TrainEnd::Cancelled);
    QCOMPARE(stopped.outcome.step, std::int64_t(6));
    Recorder second;
    const Ran resumed = runTrainer(config, m_dir.filePath("split"), &second, -1, first.checkpoints.back().path);
    QCOMPARE(resumed.outcome.end, TrainEnd::Finished);
    auto joined = first.values;
    for (const auto &[key, value] : second.values)
        QVERIFY2(joined.emplace(key, value).second, "a metric reported twice");
    QCOMPARE(joined.size(), whole.values.size());
    for (const auto &[key, value] : whole.values) {
        QVERIFY(joined.count(key));
        QVERIFY2(joined.at(key) == value, qPrintable(QStringLiteral("%1@%2: %3 vs %4").arg(key.first).arg(key.second)
                                                         .arg(joined.at(key), 0, 'g', 17).arg(value, 0, 'g', 17)));
    }
    QVERIFY(whole.values.count({QStringLiteral("val_ema/top1"), 12}));
    QCOMPARE(maxGap(full.weights, resumed.weights), 0.0);
}

void TstRecipe::badRecipeSettingsRefused()
{
    for (const char *bad : {"optim.layer_decay=0", "optim.layer_decay=-0.5", "optim.layer_decay=1.5",
                            "train.accum_steps=0", "train.accum_steps=-2", "optim.ema_warmup=-1"}) {
        const RunConfig config = recipeSettings(tinyRun(), {bad});
        const std::string key = std::string(bad).substr(0, std::string(bad).find('='));
        QVERIFY2(mentions(validateRunConfig(config), key), bad);
    }
    for (const char *good : {"optim.layer_decay=1", "optim.layer_decay=0.65", "train.accum_steps=8",
                             "optim.ema_warmup=2000", "compute.precision=bf16"})
        QVERIFY2(validateRunConfig(recipeSettings(tinyRun(), {good})).empty(), good);
    std::string why;
    RunConfig config = tinyRun();
    QVERIFY(!config::applyAssignment(config, "compute.precision=fp16", &why));
    QVERIFY2(QString::fromStdString(why).contains("bf16"), why.c_str());
    // An optimiser step larger than the training split: named with both settings.
    Recorder events;
    const Ran ran = runTrainer(recipeSettings(tinyRun(), {"train.batch_size=128", "train.accum_steps=4"}), QString(),
                               &events);
    QVERIFY2(ran.outcome.message.contains("train.accum_steps") && ran.outcome.message.contains("512 images"),
             qPrintable(ran.outcome.message));
}

GATEFOLD_TEST_MAIN(TstRecipe)
#include "tst_recipe.moc"
