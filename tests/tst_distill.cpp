// Distillation from a frozen teacher (README.md, "Distillation"; core/train/distillation.h):
// the attention-map MSE and the soft-label KD term against hand computations on constructed maps
// and logits; the uniform layer mapping (12→6, 12→4, 12→3) and explicit lists; a parallel block's
// map as the mean over its branches of each branch's softmax, at the current λ, recomputed from its
// weights; the teacher frozen (no gradient, unchanged after training steps); attention distillation
// pulling the student's maps towards the teacher's faster than training without it (fixed seed);
// and, through gatefold-cli on a fresh store, a distilled run that records its teacher as its parent
// and its curves, and every refusal before a run is created (teacher missing or unfinished, token
// count, heads under match, layer out of range).

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "clirun.h"
#include "testsupport.h"
#include "tinyrun.h"

#include "config/distillplan.h"
#include "config/paperpresets.h"
#include "config/runconfigjson.h"
#include "model/visiontransformer.h"
#include "store/runstore.h"
#include "train/distillation.h"

#include <QTemporaryDir>

#include <torch/torch.h>

#include <cmath>
#endif

using namespace gatefold;
using gatefold::test::runCli;
using gatefold::test::tinyConfig;

namespace distilltest {

// Images (B, 3, 8, 8) from a fixed seed.
torch::Tensor distillBatch(int batch, std::uint64_t seed)
{
    torch::manual_seed(seed);
    return torch::randn({batch, 3, 8, 8});
}

// The student's attention maps' mean MSE to the teacher's under `layers`.
double mapGap(model::VisionTransformer &student, model::VisionTransformer &teacher,
                    const std::vector<int> &layers, const torch::Tensor &x)
{
    torch::NoGradGuard noGrad;
    model::ForwardOptions o;
    o.attention = true;
    const auto s = student->forwardWithIntermediates(x, o);
    const auto t = teacher->forwardWithIntermediates(x, o);
    std::vector<torch::Tensor> sm, tm;
    for (size_t i = 0; i < layers.size(); ++i) {
        sm.push_back(s.blocks[i].attention);
        tm.push_back(t.blocks[size_t(layers[i])].attention);
    }
    return train::attentionDistillLoss(sm, tm, false).item<double>();
}

// Trains a copy of `start` for `steps` Adam steps on cross-entropy plus the distiller's terms
// (β from `config`); returns the trained student.
model::VisionTransformer trainedStudent(const model::ViTConfig &studentConfig, const model::VisionTransformer &start,
                                      train::Distiller &distiller, int steps)
{
    model::VisionTransformer student(studentConfig);
    {
        torch::NoGradGuard noGrad;
        const auto from = start->named_parameters();
        for (auto &p : student->named_parameters())
            p.value().copy_(from[p.key()]);
    }
    student->train();
    torch::optim::Adam optimizer(student->parameters(), torch::optim::AdamOptions(3e-3));
    for (int step = 0; step < steps; ++step) {
        const auto x = distillBatch(16, 1000 + std::uint64_t(step));
        const auto labels = torch::arange(16) % 5;
        optimizer.zero_grad();
        const auto out = student->forwardForTraining(x, distiller.studentOptions());
        auto loss = torch::cross_entropy_loss(out.logits, labels);
        const auto terms = distiller.losses(out, x);
        if (terms.weighted.defined())
            loss = loss + terms.weighted;
        loss.backward();
        optimizer.step();
    }
    return student;
}

} // namespace distilltest

using namespace distilltest;

class TstDistill : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void layerMapping_data();
    void layerMapping();
    void explicitLayers();
    void attentionLossByHand();
    void logitLossByHand();
    void parallelBlockAveraging();
    void teacherFrozen();
    void attentionDistillationPullsMaps();
    void teacherProblemsNamed();
    void distilledRunThroughCli();
    void cliRefusals_data();
    void cliRefusals();

private:
    QTemporaryDir m_dir;
    QString m_store;
    QString m_teacherFile;
};

void TstDistill::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_store = m_dir.filePath(QStringLiteral("runs.sqlite"));
    // The teacher the CLI tests share: tinyRun (2 blocks, 2 heads, 16 px / 4: 16 patches), 1 epoch.
    const auto r = runCli({"train", "--store", m_store, "--name", "teacher", "--set", "train.epochs=1", "--set", "img_size=16", "--set", "patch_size=4", "--set",
                           "embed_dim=32", "--set", "depth=2", "--set", "num_heads=2", "--set", "mlp_ratio=2",
                           "--set", "data.train_size=256", "--set", "data.val_size=32", "--set",
                           "train.batch_size=32", "--set", "train.log_every=2", "--set", "compute.threads=1"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
}

void TstDistill::layerMapping_data()
{
    QTest::addColumn<int>("student");
    QTest::addColumn<int>("teacher");
    QTest::addColumn<std::vector<int>>("expected");
    // ⌈(i+1)·L_t/L_s⌉ − 1 by hand: the last block always reads the teacher's last layer.
    QTest::newRow("12->6") << 6 << 12 << std::vector<int>{1, 3, 5, 7, 9, 11};
    QTest::newRow("12->4") << 4 << 12 << std::vector<int>{2, 5, 8, 11};
    QTest::newRow("12->3") << 3 << 12 << std::vector<int>{3, 7, 11};
    QTest::newRow("12->12") << 12 << 12 << std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    QTest::newRow("5->3") << 3 << 5 << std::vector<int>{1, 3, 4};  // ⌈5/3⌉−1, ⌈10/3⌉−1, ⌈15/3⌉−1
}

void TstDistill::layerMapping()
{
    QFETCH(int, student);
    QFETCH(int, teacher);
    QFETCH(std::vector<int>, expected);
    QCOMPARE(train::uniformTeacherLayers(student, teacher), expected);
    train::DistillConfig d;
    QCOMPARE(train::teacherLayers(d, student, teacher), expected);
}

void TstDistill::explicitLayers()
{
    train::DistillConfig d;
    d.layers = "0, 4,11";
    QCOMPARE(train::teacherLayers(d, 3, 12), (std::vector<int>{0, 4, 11}));
    model::ConfigProblem problem;
    QVERIFY(!train::parseTeacherLayers("0,4", 3, &problem));  // one per block
    QCOMPARE(problem.field, std::string("distill.layers"));
    QVERIFY(QString::fromStdString(problem.message).contains("2 teacher layer(s) for 3 student block(s)"));
    QVERIFY(!train::parseTeacherLayers("0,-1,2", 3, &problem));
    QVERIFY(!train::parseTeacherLayers("first", 3, &problem));
}

void TstDistill::attentionLossByHand()
{
    // Pair 1: uniform student rows against an identity teacher, (1, 1, 2, 2): squared differences
    // 0.5625, 0.0625, 0.0625, 0.5625, mean 0.3125. Pair 2: equal maps, 0. Mean over pairs: 0.15625.
    const auto s1 = torch::full({1, 1, 2, 2}, 0.5);
    const auto t1 = torch::tensor({1.0f, 0.0f, 0.0f, 1.0f}).view({1, 1, 2, 2});
    const auto s1Uniform = torch::full({1, 1, 2, 2}, 0.25);
    QCOMPARE(train::attentionDistillLoss({s1Uniform, t1}, {t1, t1}, false).item<double>(), 0.15625);
    // 0.5 everywhere against the identity: every squared difference 0.25.
    QVERIFY(std::abs(train::attentionDistillLoss({s1}, {t1}, false).item<double>() - 0.25) < 1e-7);
    // Head means: two student heads whose mean is the teacher's one-head map give 0 under mean.
    const auto h0 = torch::tensor({1.0f, 0.0f, 1.0f, 0.0f}).view({1, 1, 2, 2});
    const auto h1 = torch::tensor({1.0f, 0.0f, -1.0f, 2.0f}).view({1, 1, 2, 2});
    const auto twoHeads = torch::cat({h0, h1}, 1);  // mean: [[1, 0], [0, 1]]
    QCOMPARE(train::attentionDistillLoss({twoHeads}, {t1}, true).item<double>(), 0.0);
    // Head by head they differ: (0 + 0 + 1 + 1 + 0 + 0 + 1 + 1) / 8 = 0.5 against the identity twice.
    QVERIFY(std::abs(train::attentionDistillLoss({twoHeads}, {torch::cat({t1, t1}, 1)}, false).item<double>() - 0.5)
            < 1e-7);
}

void TstDistill::logitLossByHand()
{
    // p_T = softmax([ln 3, 0]) = [0.75, 0.25], p_S = [0.5, 0.5]:
    // KL = 0.75·ln 1.5 + 0.25·ln 0.5 = 0.1308120...; at τ = 2 the teacher's logits doubled give the same
    // p_T, the student's zeros the same p_S, and the term is KL·τ² = 0.5232481...
    const double kl = 0.75 * std::log(1.5) + 0.25 * std::log(0.5);
    const auto student = torch::zeros({1, 2});
    QVERIFY(std::abs(train::logitDistillLoss(student, torch::tensor({{std::log(3.0f), 0.0f}}), 1.0).item<double>() - kl)
            < 1e-6);
    QVERIFY(std::abs(train::logitDistillLoss(student, torch::tensor({{2 * std::log(3.0f), 0.0f}}), 2.0).item<double>()
                     - 4 * kl)
            < 1e-6);
    // Batch mean: a second row where student and teacher agree adds 0.
    const auto two = torch::tensor({{0.0f, 0.0f}, {1.0f, 2.0f}});
    const auto twoTeacher = torch::tensor({{std::log(3.0f), 0.0f}, {1.0f, 2.0f}});
    QVERIFY(std::abs(train::logitDistillLoss(two, twoTeacher, 1.0).item<double>() - kl / 2) < 1e-6);
}

void TstDistill::parallelBlockAveraging()
{
    // Block 0 of a 2-branch model at λ = 0.3 (joined logits), recomputed from its weights:
    // S_b = ((1−λ)·A_b + λ·Σ A) / (√(1+(n−1)λ²)·√d_h), the map = mean_b softmax(S_b).
    model::ViTConfig c = tinyConfig();
    c.join.branches = 2;
    const double lambda = 0.3;
    torch::manual_seed(7);
    model::VisionTransformer vit(c);
    vit->eval();
    vit->setJoinStrength(lambda);
    {
        torch::NoGradGuard noGrad;  // larger scores: branches whose maps differ visibly
        vit->parallelBlockList()[0]->attn->qkv->weight.mul_(8.0);
    }
    const auto x = distillBatch(2, 3);
    model::ForwardOptions o;
    o.attention = o.attentionGraph = true;
    const auto out = vit->forwardWithIntermediates(x, o);
    QVERIFY(out.blocks[0].attention.requires_grad());  // the graph distillation trains through

    torch::NoGradGuard noGrad;
    auto tokens = vit->patch_embed(x);
    tokens = torch::cat({vit->cls_token.expand({2, 1, c.embedDim}), tokens}, 1) + vit->pos_embed;
    auto block = vit->parallelBlockList()[0];  // a handle (its modules' call operators are not const)
    const auto h = block->norm1(tokens).to(torch::kFloat64);  // (B, N, d)
    const auto w = block->attn->qkv->weight.to(torch::kFloat64), b = block->attn->qkv->bias.to(torch::kFloat64);
    const int64_t d = c.embedDim, heads = c.numHeads, dh = d / heads, n = 2, tokensN = c.numTokens();
    std::vector<torch::Tensor> scores;  // A_b, (B, H, N, N)
    for (int64_t br = 0; br < n; ++br) {
        const auto qkv = torch::matmul(h, w[br].t()) + b[br];  // (B, N, 3d)
        const auto q = qkv.narrow(2, 0, d).view({2, tokensN, heads, dh}).transpose(1, 2);
        const auto k = qkv.narrow(2, d, d).view({2, tokensN, heads, dh}).transpose(1, 2);
        scores.push_back(torch::matmul(q, k.transpose(-2, -1)));
    }
    const auto sum = scores[0] + scores[1];
    const double norm = std::sqrt(1.0 + (n - 1) * lambda * lambda) * std::sqrt(double(dh));
    const auto p0 = (((1 - lambda) * scores[0] + lambda * sum) / norm).softmax(-1);
    const auto p1 = (((1 - lambda) * scores[1] + lambda * sum) / norm).softmax(-1);
    const auto expected = (p0 + p1) / 2;
    const double err = (out.blocks[0].attention.to(torch::kFloat64) - expected).abs().max().item<double>();
    QVERIFY2(err < 1e-5, qPrintable(QString::number(err)));
    // And it is neither branch's own map at λ < 1.
    QVERIFY((p0 - expected).abs().max().item<double>() > 1e-3);
}

void TstDistill::teacherFrozen()
{
    model::ViTConfig tc = tinyConfig();
    tc.depth = 4;
    torch::manual_seed(11);
    model::VisionTransformer teacher(tc);
    std::map<std::string, torch::Tensor> before;
    for (const auto &p : teacher->named_parameters())
        before[p.key()] = p.value().detach().clone();
    train::DistillConfig d;
    d.teacher = "in memory";
    d.attention = 1.0;
    d.logits = 0.5;
    d.temperature = 2.0;
    model::ViTConfig sc = tinyConfig();
    sc.depth = 2;
    sc.join.branches = 2;
    train::Distiller distiller(d, teacher, sc.depth);
    QCOMPARE(distiller.layers(), (std::vector<int>{1, 3}));
    QVERIFY(!teacher->is_training());
    torch::manual_seed(12);
    model::VisionTransformer start(sc);
    const auto trained = trainedStudent(sc, start, distiller, 5);
    for (const auto &p : teacher->named_parameters()) {
        QVERIFY2(!p.value().grad().defined(), p.key().c_str());
        QVERIFY2(!p.value().requires_grad(), p.key().c_str());
        QVERIFY2(torch::equal(p.value(), before[p.key()]), p.key().c_str());
    }
    QVERIFY(!teacher->is_training());  // still in evaluation mode after the student's steps
    // The student did learn (its parameters moved), and every one of them got a gradient.
    bool moved = false;
    for (const auto &p : trained->named_parameters()) {
        QVERIFY2(p.value().grad().defined(), p.key().c_str());
        moved = moved || !torch::equal(p.value(), start->named_parameters()[p.key()]);
    }
    QVERIFY(moved);
}

void TstDistill::attentionDistillationPullsMaps()
{
    // One teacher, one student start, the same batches: with β = 1 the student's attention MSE to the
    // teacher falls further in 40 steps (β = 300) than with β = 0 (cross-entropy alone), and below its start.
    model::ViTConfig tc = tinyConfig();
    tc.depth = 4;
    torch::manual_seed(21);
    model::VisionTransformer teacher(tc);
    {
        torch::NoGradGuard noGrad;  // a teacher with peaked maps, far from a fresh student's near-uniform ones
        for (const auto &block : teacher->blockList())
            block->attn->qkv->weight.mul_(6.0);
    }
    model::ViTConfig sc = tinyConfig();
    sc.depth = 2;
    sc.join.branches = 2;
    torch::manual_seed(22);
    model::VisionTransformer start(sc);
    start->eval();
    train::DistillConfig with;
    with.teacher = "in memory";
    // Map entries are about 1/N: an MSE of 1e-3 next to a cross-entropy of 1.6 needs a β of that order.
    with.attention = 300.0;
    train::DistillConfig without = with;
    without.attention = 0.0;
    without.logits = 1e-12;  // a teacher in the loop, but nothing pulls the maps (γ ≈ 0)
    train::Distiller pulling(with, teacher, sc.depth), idle(without, teacher, sc.depth);
    const auto probe = distillBatch(32, 99);
    const double gap0 = mapGap(start, teacher, pulling.layers(), probe);
    auto a = trainedStudent(sc, start, pulling, 40);
    auto b = trainedStudent(sc, start, idle, 40);
    a->eval();
    b->eval();
    const double gapWith = mapGap(a, teacher, pulling.layers(), probe);
    const double gapWithout = mapGap(b, teacher, pulling.layers(), probe);
    qInfo("attention MSE to the teacher: start %.6g, after 40 steps with beta=300 %.6g, with beta=0 %.6g", gap0, gapWith,
          gapWithout);
    // Measured (x86-64, seed 21/22): start 6.84e-4, β = 300 3.30e-4, β = 0 7.42e-4.
    QVERIFY(gapWith < 0.75 * gap0);
    QVERIFY(gapWith < 0.6 * gapWithout);
}

void TstDistill::teacherProblemsNamed()
{
    train::RunConfig student;
    student.model = tinyConfig();
    student.train.distill.teacher = "x";
    student.train.distill.attention = 1.0;
    model::ViTConfig teacher = tinyConfig();
    QVERIFY(train::teacherProblems(student, teacher).empty());
    teacher.imageSize = 12;  // 9 patches + class token against 5 tokens
    auto problems = train::teacherProblems(student, teacher);
    QCOMPARE(int(problems.size()), 1);
    QVERIFY(QString::fromStdString(problems[0].message).contains("10 tokens and the student's 5"));
    teacher = tinyConfig();
    teacher.numHeads = 3;
    problems = train::teacherProblems(student, teacher);
    QCOMPARE(problems[0].field, std::string("distill.heads"));
    student.train.distill.heads = "mean";
    QVERIFY(train::teacherProblems(student, teacher).empty());
    student.train.distill.layers = "0,1,3";
    problems = train::teacherProblems(student, teacher);
    QCOMPARE(problems[0].field, std::string("distill.layers"));
    QVERIFY(QString::fromStdString(problems[0].message).contains("teacher layer 3 is out of range"));
    student.train.distill.layers = "uniform";
    student.train.distill.logits = 1.0;
    teacher.numClasses = 7;
    problems = train::teacherProblems(student, teacher);
    QCOMPARE(problems[0].field, std::string("distill.logits"));
}

void TstDistill::distilledRunThroughCli()
{
    const auto r = runCli({"train", "--store", m_store, "--name", "student", "--set", "train.epochs=1", "--set", "img_size=16", "--set", "patch_size=4", "--set", "embed_dim=32",
                           "--set", "depth=1", "--set", "join.branches=2", "--set", "num_heads=2", "--set",
                           "mlp_ratio=2", "--set", "data.train_size=256", "--set", "data.val_size=32", "--set",
                           "train.batch_size=32", "--set", "train.log_every=2", "--set", "compute.threads=1", "--set",
                           "distill.teacher=teacher:best", "--set", "distill.attention=1", "--set",
                           "distill.logits=0.5", "--set", "distill.temperature=2"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err + r.out));
    QString error;
    auto store = store::RunStore::open(m_store, &error);
    QVERIFY2(store, qPrintable(error));
    const auto runs = store->runs();
    QCOMPARE(int(runs.size()), 2);
    const auto &teacher = runs[0].name == "teacher" ? runs[0] : runs[1];
    const auto &student = runs[0].name == "student" ? runs[0] : runs[1];
    QCOMPARE(student.parentId, teacher.id);
    train::RunConfig config;
    QStringList errors;
    QVERIFY(train::runConfigFromJson(student.configJson, &config, &errors));
    QVERIFY2(QFileInfo(QString::fromStdString(config.train.distill.teacher)).isFile(),
             config.train.distill.teacher.c_str());  // the file the name resolved to
    for (const char *key : {"train/distill_attention", "train/distill_logits", "train/teacher_seconds"}) {
        const auto points = store->metrics(student.id, key);
        QVERIFY2(points.size() == 4, key);  // 8 steps, every 2
        for (const auto &p : points)
            QVERIFY2(std::isfinite(p.value) && p.value > 0, key);
    }
}

void TstDistill::cliRefusals_data()
{
    QTest::addColumn<QStringList>("settings");
    QTest::addColumn<QString>("said");
    QTest::newRow("missing") << QStringList{"distill.teacher=nobody"} << "no run 'nobody'";
    QTest::newRow("unfinished") << QStringList{"distill.teacher=halfway"} << "is cancelled, not finished";
    QTest::newRow("tokens") << QStringList{"distill.teacher=teacher", "img_size=8"}
                            << "the teacher's attention maps have 16 tokens and the student's 4";
    QTest::newRow("heads") << QStringList{"distill.teacher=teacher", "num_heads=4"}
                           << "the teacher has 2 heads and the student 4: set distill.heads = mean";
    QTest::newRow("layers") << QStringList{"distill.teacher=teacher", "distill.layers=0,2"}
                            << "teacher layer 2 is out of range: the teacher has 2 layers";
    QTest::newRow("no checkpoint") << QStringList{"distill.teacher=teacher:epoch:7"} << "keeps no epoch:7 checkpoint";
}

void TstDistill::cliRefusals()
{
    QFETCH(QStringList, settings);
    QFETCH(QString, said);
    // A fresh store holding the shared teacher's record is not needed: the refusals read m_store, and
    // one unfinished run (stopped at step 2) stands beside the finished teacher there.
    static bool halfway = false;
    if (!halfway) {
        const auto r = runCli({"train", "--store", m_store, "--name", "halfway", "--stop-at-step", "2", "--set",
                               "train.epochs=1", "--set", "img_size=16", "--set", "embed_dim=32", "--set", "depth=2",
                               "--set", "num_heads=2", "--set", "data.train_size=256", "--set", "data.val_size=32",
                               "--set", "train.batch_size=32", "--set", "compute.threads=1"});
        QVERIFY2(r.exitCode == 3, qPrintable(r.err));
        halfway = true;
    }
    QString error;
    qint64 before = 0;
    {
        auto store = store::RunStore::open(m_store, &error);
        QVERIFY2(store, qPrintable(error));
        before = qint64(store->runs().size());
    }
    QStringList args{"train", "--store", m_store, "--set", "train.epochs=1", "--set", "img_size=16", "--set",
                     "embed_dim=32", "--set", "depth=2", "--set", "num_heads=2", "--set", "distill.attention=1",
                     "--set", "data.train_size=256", "--set", "data.val_size=32", "--set", "train.batch_size=32"};
    for (const QString &s : settings)
        args << "--set" << s;
    const auto r = runCli(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(said), qPrintable(r.err));
    QVERIFY2(r.err.contains("nothing was created"), qPrintable(r.err));
    auto store = store::RunStore::open(m_store, &error);
    QCOMPARE(qint64(store->runs().size()), before);
    // A sweep of such points is refused the same way, before its sweep or any run is created.
    QTemporaryDir gridDir;
    QVERIFY(gridDir.isValid());
    const QString grid = gridDir.filePath(QStringLiteral("grid.json"));
    {
        QFile file(grid);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"name": "distilled", "grid": {"optim.lr": [0.001, 0.002]}})");
    }
    QStringList sweepArgs = args;
    sweepArgs[0] = "sweep";
    sweepArgs << "--grid" << grid;
    const auto sweep = runCli(sweepArgs);
    QCOMPARE(sweep.exitCode, 2);
    QVERIFY2(sweep.err.contains(said) && sweep.err.contains("nothing was created"), qPrintable(sweep.err));
    QCOMPARE(qint64(store->runs().size()), before);
    QVERIFY(!store->sweep(1));  // this store holds no sweep
    // config --check (what the run form shows in place) finds the same.
    args[0] = "config";
    args << "--check";
    const auto check = runCli(args);
    QCOMPARE(check.exitCode, 2);
    QVERIFY2((check.out + check.err).contains(said), qPrintable(check.out + check.err));
}

GATEFOLD_TEST_MAIN(TstDistill)
#include "tst_distill.moc"
