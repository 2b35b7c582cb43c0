// Progressive joining (core/model/README.md) around the fold itself:
// the λ schedule (the four shapes checked against core/model/README.md's formulas at
// t = 0, ½, 1, and λ(step) over whole runs: stages A–D and Step, warm-up,
// exactly 1 afterwards, the phases at their boundaries, the Instant and None
// baselines, monotonicity); the branch-similarity measures on features built
// so that the answer is known by hand (identical, orthogonal, opposite, 60°,
// mixed tokens, n = 1…4, zero vectors, gradients against finite differences)
// and on random ones against a float64 loop; the model's diversity term
// (forwardForTraining's L_div equals the mean over blocks and {attention, FFN}
// of the recorded branch outputs' diversity, auxiliaryLoss = α·L_div, and no
// term in eval mode, with α = 0 or with one branch); and the fold accounting
// (every row's counted parameters and MACs equal its formulas, per component
// too, for branches 1–4, every variant, absorbed norms, gates, pooling, no
// q/k/v bias), core/model/README.md's ViT-Ti GMAC figures and the exact difference between
// the trained n-branch model and the plain deep model it stands in for.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "model/branchsimilarity.h"
#include "model/costmodel.h"
#include "model/foldaccounting.h"
#include "config/joinschedule.h"
#include "model/visiontransformer.h"
#include "testsupport.h"

#include <torch/torch.h>

#include <cmath>
#include <functional>
#include <limits>
#endif

using namespace gatefold::model;
using namespace gatefold::test;

using FeatureMaker = std::function<torch::Tensor()>;
Q_DECLARE_METATYPE(FeatureMaker)

namespace {

constexpr double kPi = 3.14159265358979323846;

// The shapes of core/model/README.md written out again (not JoinSchedule::shape), t ∈ [0, 1].
double referenceShape(JoinScheduleKind kind, double t)
{
    switch (kind) {
    case JoinScheduleKind::None:
        return 0.0;
    case JoinScheduleKind::Instant:
        return 1.0;
    case JoinScheduleKind::Linear:
        return t;
    case JoinScheduleKind::Cosine:
        return (1.0 - std::cos(kPi * t)) / 2.0;
    case JoinScheduleKind::Exponential:
        return 1.0 - std::exp(-5.0 * t);
    case JoinScheduleKind::SquareRoot:
        return std::sqrt(t);
    }
    return std::numeric_limits<double>::quiet_NaN();
}

const char *kindName(JoinScheduleKind kind)
{
    switch (kind) {
    case JoinScheduleKind::None: return "none";
    case JoinScheduleKind::Instant: return "instant";
    case JoinScheduleKind::Linear: return "linear";
    case JoinScheduleKind::Cosine: return "cosine";
    case JoinScheduleKind::Exponential: return "exponential";
    case JoinScheduleKind::SquareRoot: return "sqrt";
    }
    return "?";
}

const char *stageName(JoinStage stage)
{
    switch (stage) {
    case JoinStage::A: return "A";
    case JoinStage::B: return "B";
    case JoinStage::C: return "C";
    case JoinStage::D: return "D";
    case JoinStage::Step: return "Step";
    }
    return "?";
}

const char *phaseName(JoinPhase phase)
{
    switch (phase) {
    case JoinPhase::Before: return "Before";
    case JoinPhase::Warmup: return "Warmup";
    case JoinPhase::Adjust: return "Adjust";
    case JoinPhase::Done: return "Done";
    }
    return "?";
}

const JoinScheduleKind kGrowingKinds[] = {JoinScheduleKind::Linear, JoinScheduleKind::Cosine,
                                          JoinScheduleKind::Exponential, JoinScheduleKind::SquareRoot};
const JoinStage kStages[] = {JoinStage::A, JoinStage::B, JoinStage::C, JoinStage::D, JoinStage::Step};

// f (n, …, d) as (n, M, d) float64 rows.
torch::Tensor rowsOf(const torch::Tensor &f)
{
    return f.detach().to(torch::kFloat64).reshape({f.size(0), -1, f.size(-1)}).contiguous();
}

// cos(f_i[m], f_j[m]) by hand; 0 when either vector is zero.
double tokenCosine(const torch::TensorAccessor<double, 3> &a, int64_t i, int64_t j, int64_t m, int64_t d)
{
    double dot = 0, ni = 0, nj = 0;
    for (int64_t k = 0; k < d; ++k) {
        dot += a[i][m][k] * a[j][m][k];
        ni += a[i][m][k] * a[i][m][k];
        nj += a[j][m][k] * a[j][m][k];
    }
    return ni > 0 && nj > 0 ? dot / (std::sqrt(ni) * std::sqrt(nj)) : 0.0;
}

// L_div of core/model/README.md as a float64 loop: mean over pairs i<j of the mean over
// tokens of cos²; 0 for one branch.
double referenceDiversity(const torch::Tensor &f)
{
    const auto rows = rowsOf(f);
    const auto a = rows.accessor<double, 3>();
    const int64_t n = rows.size(0), tokens = rows.size(1), d = rows.size(2);
    double total = 0;
    int64_t pairs = 0;
    for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = i + 1; j < n; ++j) {
            double sum = 0;
            for (int64_t m = 0; m < tokens; ++m)
                sum += std::pow(tokenCosine(a, i, j, m, d), 2);
            total += sum / double(tokens);
            ++pairs;
        }
    }
    return pairs ? total / double(pairs) : 0.0;
}

// (n, n) mean over tokens of cos(f_i, f_j) as a float64 loop.
torch::Tensor referenceCosineMatrix(const torch::Tensor &f)
{
    const auto rows = rowsOf(f);
    const auto a = rows.accessor<double, 3>();
    const int64_t n = rows.size(0), tokens = rows.size(1), d = rows.size(2);
    auto out = torch::zeros({n, n}, torch::kFloat64);
    auto o = out.accessor<double, 2>();
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < n; ++j) {
            double sum = 0;
            for (int64_t m = 0; m < tokens; ++m)
                sum += tokenCosine(a, i, j, m, d);
            o[i][j] = sum / double(tokens);
        }
    return out;
}

// e_k of length d as a float64 vector.
torch::Tensor basis(int64_t k, int64_t d)
{
    auto e = torch::zeros({d}, torch::kFloat64);
    e[k] = 1.0;
    return e;
}

// Features (n, B, T, d) where every token of branch b is vectors[b] times a
// random positive scale (cosines do not see the scale).
torch::Tensor everyToken(const std::vector<torch::Tensor> &vectors, int64_t batch, int64_t tokens)
{
    const int64_t n = int64_t(vectors.size()), d = vectors[0].size(0);
    auto f = torch::empty({n, batch, tokens, d}, torch::kFloat64);
    for (int64_t b = 0; b < n; ++b) {
        const auto scale = torch::rand({batch, tokens, 1}, torch::kFloat64) * 4.0 + 0.25;
        f[b] = scale * vectors[size_t(b)].view({1, 1, d});
    }
    return f;
}

VisionTransformer randomModel(const ViTConfig &config, uint64_t seed)
{
    torch::manual_seed(seed);
    auto m = build(config);
    m->to(torch::kFloat64);
    randomize(*m, 0.3);
    return m;
}

ViTConfig parallelTiny(int branches, double alpha)
{
    ViTConfig c = tinyConfig();
    c.join.branches = branches;
    c.join.diversity = alpha;
    return c;
}

// The one row of `rows` that `pick` selects (fails the test when not exactly one).
const FoldCost *pickRow(const std::vector<FoldCost> &rows, const std::function<bool(const ViTConfig &)> &pick)
{
    const FoldCost *found = nullptr;
    for (const auto &r : rows) {
        if (!pick(r.config))
            continue;
        if (found)
            return nullptr;
        found = &r;
    }
    return found;
}

QString rowText(const FoldCost &r)
{
    return QString("%1: formula %2 params %3 MACs, counted %4 params %5 MACs")
        .arg(QString::fromStdString(r.label))
        .arg(r.formulaParams)
        .arg(r.formulaMacs)
        .arg(r.countedParams)
        .arg(r.countedMacs);
}

} // namespace

class TstJoin : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Schedule
    void shapeValues_data();
    void shapeValues();
    void lambdaOverRun_data();
    void lambdaOverRun();
    void instantIsJoinedFromStepZero_data();
    void instantIsJoinedFromStepZero();
    void noneNeverJoins_data();
    void noneNeverJoins();
    // Branch similarity
    void diversityOfConstructedFeatures_data();
    void diversityOfConstructedFeatures();
    void diversityOfRandomFeatures();
    void diversityGradient();
    void cosineMatrixKnownValues();
    void cosineMatrixRandom();
    void weightCosineMatrixValues();
    // The model's diversity term
    void modelDiversityIsMeanOfBranchTerms_data();
    void modelDiversityIsMeanOfBranchTerms();
    void noDiversityWhenOff_data();
    void noDiversityWhenOff();
    void setJoinStrengthReachesEveryBlock();
    // Accounting
    void closedFormFollowsLambda();
    void accountingCountedEqualsFormula_data();
    void accountingCountedEqualsFormula();
    void specFigures_data();
    void specFigures();
    void trainedCostsLikeDeepPlain_data();
    void trainedCostsLikeDeepPlain();
};

// ---------------------------------------------------------------------------
// Schedule

void TstJoin::shapeValues_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("expected");
    // By hand: cos(π/2) = 0 so cosine(½) = ½; 1 − e^{−2.5} = 0.9179150013761012,
    // 1 − e^{−5} = 0.9932620530009145 (core/model/README.md's 0.993), √½ = 0.7071067811865476.
    struct Row {
        JoinScheduleKind kind;
        double v0, vHalf, v1;
    };
    const Row rows[] = {
        {JoinScheduleKind::None, 0.0, 0.0, 0.0},
        {JoinScheduleKind::Instant, 1.0, 1.0, 1.0},
        {JoinScheduleKind::Linear, 0.0, 0.5, 1.0},
        {JoinScheduleKind::Cosine, 0.0, 0.5, 1.0},
        {JoinScheduleKind::Exponential, 0.0, 0.9179150013761012, 0.9932620530009145},
        {JoinScheduleKind::SquareRoot, 0.0, 0.7071067811865476, 1.0},
    };
    for (const auto &r : rows) {
        const QByteArray name = kindName(r.kind);
        QTest::newRow(QByteArray(name + " t=0").constData()) << int(r.kind) << 0.0 << r.v0;
        QTest::newRow(QByteArray(name + " t=0.5").constData()) << int(r.kind) << 0.5 << r.vHalf;
        QTest::newRow(QByteArray(name + " t=1").constData()) << int(r.kind) << 1.0 << r.v1;
    }
}

void TstJoin::shapeValues()
{
    QFETCH(int, kind);
    QFETCH(double, t);
    QFETCH(double, expected);
    const double got = JoinSchedule::shape(JoinScheduleKind(kind), t);
    QVERIFY2(std::abs(got - expected) <= 1e-15,
             qPrintable(QString("shape(%1) = %2, expected %3").arg(t).arg(got, 0, 'g', 17).arg(expected, 0, 'g', 17)));
}

void TstJoin::lambdaOverRun_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("stage");
    QTest::addColumn<qint64>("warmup");
    QTest::addColumn<qint64>("adjust");
    QTest::addColumn<qint64>("total");
    QTest::addColumn<qint64>("configStart");  // JoinScheduleConfig::startStep
    QTest::addColumn<qint64>("expectedStart");
    // A run of 1000 steps, 100 warm-up, 300 adjustment: A and B start at 0,
    // C at 1000/2 = 500, D at 1000 − 100 − 300 = 600, Step at its 250.
    for (auto kind : kGrowingKinds) {
        for (auto stage : kStages) {
            const qint64 start = stage == JoinStage::C ? 500 : stage == JoinStage::D ? 600 : stage == JoinStage::Step ? 250 : 0;
            QTest::newRow(QByteArray(QByteArray(kindName(kind)) + " stage " + stageName(stage)).constData())
                << int(kind) << int(stage) << qint64(100) << qint64(300) << qint64(1000) << qint64(250) << start;
        }
        const QByteArray k = kindName(kind);
        // C with an odd total: 1001 / 2 = 500 (integer division).
        QTest::newRow(QByteArray(k + " C odd total").constData()) << int(kind) << int(JoinStage::C) << qint64(100) << qint64(300)
                                          << qint64(1001) << qint64(0) << qint64(500);
        // D whose warm-up and adjustment outlast the run: clamped at 0.
        QTest::newRow(QByteArray(k + " D clamped").constData()) << int(kind) << int(JoinStage::D) << qint64(600) << qint64(600)
                                        << qint64(1000) << qint64(0) << qint64(0);
        // Step before the run begins: clamped at 0.
        QTest::newRow(QByteArray(k + " Step negative").constData()) << int(kind) << int(JoinStage::Step) << qint64(50) << qint64(100)
                                            << qint64(1000) << qint64(-20) << qint64(0);
        // No warm-up: λ jumps 0 → 1 at the start.
        QTest::newRow(QByteArray(k + " C no warm-up").constData()) << int(kind) << int(JoinStage::C) << qint64(0) << qint64(300)
                                           << qint64(1000) << qint64(0) << qint64(500);
        QTest::newRow(QByteArray(k + " A no warm-up").constData()) << int(kind) << int(JoinStage::A) << qint64(0) << qint64(300)
                                           << qint64(1000) << qint64(0) << qint64(0);
        // No adjustment: Done right where the warm-up ends.
        QTest::newRow(QByteArray(k + " Step no adjustment").constData()) << int(kind) << int(JoinStage::Step) << qint64(37) << qint64(0)
                                                 << qint64(1000) << qint64(400) << qint64(400);
    }
}

void TstJoin::lambdaOverRun()
{
    QFETCH(int, kind);
    QFETCH(int, stage);
    QFETCH(qint64, warmup);
    QFETCH(qint64, adjust);
    QFETCH(qint64, total);
    QFETCH(qint64, configStart);
    QFETCH(qint64, expectedStart);
    JoinScheduleConfig config;
    config.kind = JoinScheduleKind(kind);
    config.stage = JoinStage(stage);
    config.warmupSteps = warmup;
    config.adjustSteps = adjust;
    config.startStep = configStart;
    const JoinSchedule schedule(config, total);

    QCOMPARE(qint64(schedule.startStep()), expectedStart);
    const qint64 start = expectedStart, joined = start + warmup, done = joined + adjust;
    QCOMPARE(qint64(schedule.joinedStep()), joined);

    auto expectPhase = [&](qint64 step, JoinPhase want) {
        const JoinPhase got = schedule.phase(step);
        QVERIFY2(got == want, qPrintable(QString("phase(%1) = %2, expected %3").arg(step).arg(phaseName(got)).arg(phaseName(want))));
    };
    // Phases at the boundaries.
    if (start > 0) {
        expectPhase(0, JoinPhase::Before);
        expectPhase(start - 1, JoinPhase::Before);
    }
    if (warmup > 0) {
        expectPhase(start, JoinPhase::Warmup);
        expectPhase(joined - 1, JoinPhase::Warmup);
    }
    if (adjust > 0) {
        expectPhase(joined, JoinPhase::Adjust);
        expectPhase(done - 1, JoinPhase::Adjust);
    }
    expectPhase(done, JoinPhase::Done);
    expectPhase(done + 1000, JoinPhase::Done);

    // λ at every step of the run and a little past it.
    const qint64 last = std::max(total, done) + 10;
    double previous = 0.0;
    for (qint64 step = 0; step <= last; ++step) {
        const double lambda = schedule.lambda(step);
        double expected;
        if (step < start)
            expected = 0.0;
        else if (step < joined)
            expected = referenceShape(JoinScheduleKind(kind), double(step - start) / double(warmup));
        else
            expected = 1.0;
        if (step >= joined) {
            // Exactly 1 (not the shape's 0.99326 for exponential).
            QVERIFY2(lambda == 1.0, qPrintable(QString("λ(%1) = %2, expected exactly 1").arg(step).arg(lambda, 0, 'g', 17)));
        }
        QVERIFY2(std::abs(lambda - expected) <= 1e-15,
                 qPrintable(QString("λ(%1) = %2, expected %3").arg(step).arg(lambda, 0, 'g', 17).arg(expected, 0, 'g', 17)));
        QVERIFY2(lambda >= previous, qPrintable(QString("λ falls at step %1: %2 < %3").arg(step).arg(lambda).arg(previous)));
        QVERIFY2(lambda >= 0.0 && lambda <= 1.0, qPrintable(QString("λ(%1) = %2 outside [0, 1]").arg(step).arg(lambda)));
        previous = lambda;
    }
    // The step before the joining starts is still unjoined; the first warm-up step is λ = shape(0) = 0.
    if (start > 0)
        QVERIFY(schedule.lambda(start - 1) == 0.0);
    if (warmup > 0)
        QVERIFY(schedule.lambda(start) == 0.0);
    else
        QVERIFY(schedule.lambda(start) == 1.0);
}

void TstJoin::instantIsJoinedFromStepZero_data()
{
    QTest::addColumn<int>("stage");
    for (auto stage : kStages)
        QTest::newRow(stageName(stage)) << int(stage);
}

void TstJoin::instantIsJoinedFromStepZero()
{
    QFETCH(int, stage);
    JoinScheduleConfig config;
    config.kind = JoinScheduleKind::Instant;
    config.stage = JoinStage(stage);
    config.warmupSteps = 100;
    config.adjustSteps = 300;
    config.startStep = 250;
    const JoinSchedule schedule(config, 1000);
    // Whatever the stage: λ = 1 from the run's first step; the adjustment starts there.
    QCOMPARE(qint64(schedule.startStep()), qint64(0));
    QCOMPARE(qint64(schedule.joinedStep()), qint64(0));
    for (qint64 step = 0; step <= 1010; ++step)
        QVERIFY2(schedule.lambda(step) == 1.0, qPrintable(QString("λ(%1) = %2").arg(step).arg(schedule.lambda(step))));
    QVERIFY(schedule.phase(0) == JoinPhase::Adjust);
    QVERIFY(schedule.phase(299) == JoinPhase::Adjust);
    QVERIFY(schedule.phase(300) == JoinPhase::Done);
}

void TstJoin::noneNeverJoins_data()
{
    QTest::addColumn<int>("stage");
    for (auto stage : kStages)
        QTest::newRow(stageName(stage)) << int(stage);
}

void TstJoin::noneNeverJoins()
{
    QFETCH(int, stage);
    JoinScheduleConfig config;
    config.kind = JoinScheduleKind::None;
    config.stage = JoinStage(stage);
    config.warmupSteps = 100;
    config.adjustSteps = 300;
    config.startStep = 250;
    const JoinSchedule schedule(config, 1000);
    QCOMPARE(qint64(schedule.joinedStep()), qint64(-1));
    for (qint64 step = 0; step <= 100000; step += 7) {
        QVERIFY2(schedule.lambda(step) == 0.0, qPrintable(QString("λ(%1) = %2").arg(step).arg(schedule.lambda(step))));
        QVERIFY2(schedule.phase(step) == JoinPhase::Before, qPrintable(QString("phase(%1) = %2").arg(step).arg(phaseName(schedule.phase(step)))));
    }
}

// ---------------------------------------------------------------------------
// Branch similarity

void TstJoin::diversityOfConstructedFeatures_data()
{
    QTest::addColumn<FeatureMaker>("features");
    QTest::addColumn<double>("expected");
    const int64_t d = 8, batch = 2, tokens = 5;
    const double s60 = std::sqrt(3.0) / 2.0;

    QTest::newRow("identical") << FeatureMaker([=] {
        auto f1 = torch::randn({batch, tokens, d}, torch::kFloat64);
        return torch::stack({f1, f1});
    }) << 1.0;
    QTest::newRow("identical up to positive scale") << FeatureMaker([=] {
        return everyToken({basis(3, d) + 2 * basis(5, d), basis(3, d) + 2 * basis(5, d)}, batch, tokens);
    }) << 1.0;
    QTest::newRow("orthogonal") << FeatureMaker([=] {
        // Branch 1 lives in dims 0..3, branch 2 in dims 4..7.
        auto f = torch::randn({2, batch, tokens, d}, torch::kFloat64);
        f[0].slice(-1, 4, 8).zero_();
        f[1].slice(-1, 0, 4).zero_();
        return f;
    }) << 0.0;
    QTest::newRow("opposite (squared cosine)") << FeatureMaker([=] {
        auto f1 = torch::randn({batch, tokens, d}, torch::kFloat64);
        return torch::stack({f1, -f1});
    }) << 1.0;
    QTest::newRow("60 degrees") << FeatureMaker([=] {
        return everyToken({basis(0, d), 0.5 * basis(0, d) + s60 * basis(1, d)}, batch, tokens);
    }) << 0.25;
    QTest::newRow("half tokens identical, half orthogonal") << FeatureMaker([=] {
        // Tokens 0, 1 of each image identical; tokens 2, 3 orthogonal.
        auto f = torch::zeros({2, batch, 4, d}, torch::kFloat64);
        f[0] = torch::randn({batch, 4, d}, torch::kFloat64).abs();
        f[1].slice(1, 0, 2) = 3.0 * f[0].slice(1, 0, 2);
        f[0].slice(1, 2, 4).slice(-1, 4, 8).zero_();
        f[1].slice(1, 2, 4).slice(-1, 4, 8) = torch::rand({batch, 2, 4}, torch::kFloat64) + 0.1;
        return f;
    }) << 0.5;
    QTest::newRow("per-token angles 0, 60, 90 degrees") << FeatureMaker([=] {
        // cos² per token 1, ¼, 0 → mean 5/12.
        auto f = torch::zeros({2, 1, 3, d}, torch::kFloat64);
        f[0][0][0] = basis(2, d);
        f[1][0][0] = 2.0 * basis(2, d);
        f[0][0][1] = basis(0, d);
        f[1][0][1] = 0.5 * basis(0, d) + s60 * basis(1, d);
        f[0][0][2] = basis(6, d);
        f[1][0][2] = 5.0 * basis(7, d);
        return f;
    }) << 5.0 / 12.0;
    QTest::newRow("n3: pairs 0, 1/2, 1/2") << FeatureMaker([=] {
        // e0, e1, (e0+e1)/√2: cos² of the pairs 0, ½, ½ → 1/3.
        return everyToken({basis(0, d), basis(1, d), (basis(0, d) + basis(1, d)) / std::sqrt(2.0)}, batch, tokens);
    }) << 1.0 / 3.0;
    QTest::newRow("n3: pairs 1/4, 0, 0") << FeatureMaker([=] {
        return everyToken({basis(0, d), 0.5 * basis(0, d) + s60 * basis(1, d), basis(2, d)}, batch, tokens);
    }) << 0.25 / 3.0;
    QTest::newRow("n4: six pairs") << FeatureMaker([=] {
        // e0, e1, (e0+e1)/√2, −e0: pairs 0, ½, 1, ½, 0, ½ → 2.5/6 (not /4 or /16).
        return everyToken({basis(0, d), basis(1, d), (basis(0, d) + basis(1, d)) / std::sqrt(2.0), -basis(0, d)},
                          batch, tokens);
    }) << 2.5 / 6.0;
    QTest::newRow("n1") << FeatureMaker([=] { return torch::randn({1, batch, tokens, d}, torch::kFloat64); }) << 0.0;
    QTest::newRow("zero vectors count as cosine 0") << FeatureMaker([=] {
        // Token 0 identical (1), token 1 zero in branch 1, token 2 zero in both,
        // token 3 zero in branch 2 → mean 1/4, not NaN.
        auto f = torch::zeros({2, 1, 4, d}, torch::kFloat64);
        f[0][0][0] = basis(1, d);
        f[1][0][0] = basis(1, d);
        f[1][0][1] = basis(1, d);
        f[0][0][3] = basis(1, d);
        return f;
    }) << 0.25;
    QTest::newRow("all zero") << FeatureMaker([=] { return torch::zeros({3, batch, tokens, d}, torch::kFloat64); })
                              << 0.0;
}

void TstJoin::diversityOfConstructedFeatures()
{
    QFETCH(FeatureMaker, features);
    QFETCH(double, expected);
    torch::manual_seed(5);
    const auto f = features();
    // The by-hand value, and the loop agrees with it (so the loop is trusted below).
    const double reference = referenceDiversity(f);
    QVERIFY2(std::abs(reference - expected) <= 1e-12,
             qPrintable(QString("reference loop %1, expected %2").arg(reference, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    for (auto dtype : {torch::kFloat64, torch::kFloat32}) {
        const double tolerance = dtype == torch::kFloat64 ? 1e-12 : 1e-6;
        const auto got = branchDiversity(f.to(dtype));
        QCOMPARE(got.dim(), int64_t(0));
        const double value = got.item<double>();
        QVERIFY2(std::isfinite(value), "diversity is not finite");
        QVERIFY2(std::abs(value - expected) <= tolerance,
                 qPrintable(QString("%1: branchDiversity %2, expected %3 (tolerance %4)")
                                .arg(dtype == torch::kFloat64 ? "float64" : "float32")
                                .arg(value, 0, 'g', 17).arg(expected, 0, 'g', 17).arg(tolerance)));
    }
}

void TstJoin::diversityOfRandomFeatures()
{
    torch::manual_seed(17);
    for (int64_t n : {2, 3, 4, 5}) {
        // Correlated branches so that the value is neither ~0 nor ~1.
        const auto common = torch::randn({1, 3, 7, 10}, torch::kFloat64);
        const auto f = common + 0.8 * torch::randn({n, 3, 7, 10}, torch::kFloat64);
        const double expected = referenceDiversity(f);
        const double got = branchDiversity(f).item<double>();
        QVERIFY2(expected > 0.05 && expected < 0.95, qPrintable(QString("uninformative case %1").arg(expected)));
        QVERIFY2(std::abs(got - expected) <= 1e-12,
                 qPrintable(QString("n %1: %2 vs loop %3").arg(n).arg(got, 0, 'g', 17).arg(expected, 0, 'g', 17)));
        // Any leading shape (n, …, d) is tokens: (n, 21, 10) gives the same.
        const double flat = branchDiversity(f.reshape({n, 21, 10})).item<double>();
        QVERIFY2(std::abs(flat - got) <= 1e-14, "reshaping the token axes changed the value");
    }
}

void TstJoin::diversityGradient()
{
    torch::manual_seed(23);
    const auto base = torch::randn({1, 2, 3, 6}, torch::kFloat64) + 0.7 * torch::randn({3, 2, 3, 6}, torch::kFloat64);
    // With a zero token in branch 1 as well: the gradient must stay finite.
    for (bool withZero : {false, true}) {
        auto value = base.clone();
        if (withZero)
            value[1][0][2].zero_();
        auto f = value.clone().requires_grad_(true);
        auto loss = branchDiversity(f);
        QVERIFY2(loss.requires_grad(), "branchDiversity dropped the graph");
        loss.backward();
        const auto grad = f.grad();
        QVERIFY(grad.defined());
        QVERIFY2(torch::isfinite(grad).all().item<bool>(), withZero ? "non-finite gradient with a zero token" : "non-finite gradient");
        QVERIFY2(grad.abs().max().item<double>() > 1e-6, "gradient is zero");
        // Central differences on a few entries (not on the zero token, where
        // the cosine is not differentiable); float64, h 1e-6, agree to 1e-7.
        const double h = 1e-6;
        const auto flat = value.view({-1});
        for (int64_t idx : {0, 7, 19, 41, 60, 88, 107}) {
            if (withZero && idx / 6 == (1 * 2 + 0) * 3 + 2)  // token [1][0][2] holds entries 48..53
                continue;
            auto plus = flat.clone(), minus = flat.clone();
            plus[idx] += h;
            minus[idx] -= h;
            const double numeric = (referenceDiversity(plus.view(value.sizes())) - referenceDiversity(minus.view(value.sizes())))
                / (2 * h);
            const double analytic = grad.view({-1})[idx].item<double>();
            QVERIFY2(std::abs(numeric - analytic) <= 1e-7,
                     qPrintable(QString("entry %1: analytic %2, numeric %3").arg(idx).arg(analytic).arg(numeric)));
        }
    }
}

void TstJoin::cosineMatrixKnownValues()
{
    torch::manual_seed(29);
    const int64_t d = 6;
    const double r = 1.0 / std::sqrt(2.0);
    // e0, e1, (e0+e1)/√2, −e0 on every token (random positive scales).
    const auto f = everyToken({basis(0, d), basis(1, d), (basis(0, d) + basis(1, d)) * r, -basis(0, d)}, 2, 3);
    const auto expected = torch::tensor({1.0, 0.0, r, -1.0,   //
                                         0.0, 1.0, r, 0.0,    //
                                         r, r, 1.0, -r,       //
                                         -1.0, 0.0, -r, 1.0},
                                        torch::kFloat64)
                              .view({4, 4});
    const auto got = branchCosineMatrix(f);
    QCOMPARE(got.sizes().vec(), (std::vector<int64_t>{4, 4}));
    QVERIFY2(maxAbsDiff(got, expected) <= 1e-12, qPrintable(QString("max |Δ| %1").arg(maxAbsDiff(got, expected))));

    // Cosines, not squares, averaged over tokens: token 0 at +1, token 1 at −1,
    // token 2 at 60° (½) → (1 − 1 + ½)/3 = 1/6.
    auto g = torch::zeros({2, 1, 3, d}, torch::kFloat64);
    g[0][0][0] = basis(0, d);
    g[1][0][0] = 2 * basis(0, d);
    g[0][0][1] = basis(1, d);
    g[1][0][1] = -basis(1, d);
    g[0][0][2] = basis(2, d);
    g[1][0][2] = 0.5 * basis(2, d) + std::sqrt(3.0) / 2 * basis(3, d);
    const auto m = branchCosineMatrix(g);
    QVERIFY2(std::abs(m[0][1].item<double>() - 1.0 / 6.0) <= 1e-12, qPrintable(QString::number(m[0][1].item<double>())));
    QVERIFY2(std::abs(m[1][0].item<double>() - 1.0 / 6.0) <= 1e-12, qPrintable(QString::number(m[1][0].item<double>())));
    QVERIFY2(std::abs(m[0][0].item<double>() - 1.0) <= 1e-12 && std::abs(m[1][1].item<double>() - 1.0) <= 1e-12,
             "diagonal is not 1");
}

void TstJoin::cosineMatrixRandom()
{
    torch::manual_seed(31);
    for (int64_t n : {1, 2, 3, 5}) {
        const auto f = torch::randn({1, 2, 4, 9}, torch::kFloat64) + torch::randn({n, 2, 4, 9}, torch::kFloat64);
        const auto got = branchCosineMatrix(f);
        QCOMPARE(got.sizes().vec(), (std::vector<int64_t>{n, n}));
        QVERIFY2(maxAbsDiff(got, got.t()) <= 1e-15, "not symmetric");
        QVERIFY2(maxAbsDiff(got.diagonal(), torch::ones({n}, torch::kFloat64)) <= 1e-12, "diagonal is not 1");
        const auto expected = referenceCosineMatrix(f);
        QVERIFY2(maxAbsDiff(got, expected) <= 1e-12,
                 qPrintable(QString("n %1: max |Δ| %2 from the loop").arg(n).arg(maxAbsDiff(got, expected))));
        // float32 input: the same to 1e-6.
        QVERIFY2(maxAbsDiff(branchCosineMatrix(f.to(torch::kFloat32)), expected) <= 1e-6, "float32 differs");
    }
}

void TstJoin::weightCosineMatrixValues()
{
    // Known: w0 all ones, w1 = −w0, w2 = e_0 of the 12 entries (cos with w0 1/√12),
    // w3 ones on the first half and −1 on the second (orthogonal to w0, cos with e_0 1/√12).
    auto w = torch::zeros({4, 3, 4}, torch::kFloat64);
    w[0].fill_(1.0);
    w[1].fill_(-1.0);
    w[2][0][0] = 1.0;
    w[3].view({-1}).slice(0, 0, 6).fill_(1.0);
    w[3].view({-1}).slice(0, 6, 12).fill_(-1.0);
    const double a = 1.0 / std::sqrt(12.0);
    const auto expected = torch::tensor({1.0, -1.0, a, 0.0,   //
                                         -1.0, 1.0, -a, 0.0,  //
                                         a, -a, 1.0, a,       //
                                         0.0, 0.0, a, 1.0},
                                        torch::kFloat64)
                              .view({4, 4});
    const auto got = gatefold::model::weightCosineMatrix(w);
    QVERIFY2(maxAbsDiff(got, expected) <= 1e-14, qPrintable(QString("max |Δ| %1").arg(maxAbsDiff(got, expected))));

    // Scale invariance: a positive scale per branch changes nothing; a negative
    // one flips that branch's row and column.
    torch::manual_seed(37);
    const auto r = torch::randn({3, 5, 7}, torch::kFloat64);
    const auto base = gatefold::model::weightCosineMatrix(r);
    const auto scale = torch::tensor({0.01, 3.0, 250.0}, torch::kFloat64).view({3, 1, 1});
    QVERIFY2(maxAbsDiff(gatefold::model::weightCosineMatrix(r * scale), base) <= 1e-14, "not scale invariant");
    const auto sign = torch::tensor({1.0, -2.0, 1.0}, torch::kFloat64);
    const auto flipped = gatefold::model::weightCosineMatrix(r * sign.view({3, 1, 1}));
    QVERIFY2(maxAbsDiff(flipped, base * sign.sign().outer(sign.sign())) <= 1e-14, "a negative scale does not flip the sign");
    // Against a loop over the flattened weights.
    const auto flat = r.reshape({3, -1});
    for (int64_t i = 0; i < 3; ++i)
        for (int64_t j = 0; j < 3; ++j) {
            const double want = (flat[i] * flat[j]).sum().item<double>() / (flat[i].norm().item<double>() * flat[j].norm().item<double>());
            QVERIFY2(std::abs(base[i][j].item<double>() - want) <= 1e-14,
                     qPrintable(QString("(%1, %2): %3 vs %4").arg(i).arg(j).arg(base[i][j].item<double>()).arg(want)));
        }
}

// ---------------------------------------------------------------------------
// The model's diversity term

void TstJoin::modelDiversityIsMeanOfBranchTerms_data()
{
    QTest::addColumn<int>("branches");
    QTest::addColumn<double>("lambda");
    QTest::addColumn<int>("variant");
    for (int n : {2, 3})
        for (double lambda : {0.0, 0.5, 1.0})
            QTest::newRow(qPrintable(QString("n%1 λ %2").arg(n).arg(lambda))) << n << lambda << int(JoinVariant::Logits);
    QTest::newRow("n2 λ 0.3 values") << 2 << 0.3 << int(JoinVariant::Values);
    QTest::newRow("n2 λ 0.7 projections") << 2 << 0.7 << int(JoinVariant::Projections);
}

void TstJoin::modelDiversityIsMeanOfBranchTerms()
{
    QFETCH(int, branches);
    QFETCH(double, lambda);
    QFETCH(int, variant);
    ViTConfig c = parallelTiny(branches, 0.05);
    c.join.variant = JoinVariant(variant);
    auto m = randomModel(c, 41 + branches);
    m->setJoinStrength(lambda);
    m->train();  // dropout and drop-path are 0: train mode computes what eval mode does
    const auto x = images(c, 3, torch::kFloat64);

    const auto out = m->forwardForTraining(x);
    QVERIFY2(out.diversity.defined(), "no diversity term from a parallel model in train mode with α > 0");
    QCOMPARE(out.diversity.dim(), int64_t(0));
    QVERIFY2(out.diversity.requires_grad(), "the diversity term has no graph");

    // The branch outputs, recorded by a second pass with the same weights.
    ForwardOptions options;
    options.branches = true;
    VitOutput recorded;
    {
        torch::NoGradGuard noGrad;
        recorded = m->forwardWithIntermediates(x, options);
    }
    QCOMPARE(int(recorded.blocks.size()), c.depth);
    double sum = 0, librarySum = 0;
    int terms = 0;
    for (const auto &block : recorded.blocks) {
        for (const auto &f : {block.attnBranches, block.mlpBranches}) {
            QVERIFY(f.defined());
            QCOMPARE(f.sizes().vec(), (std::vector<int64_t>{branches, 3, c.numTokens(), c.embedDim}));
            sum += referenceDiversity(f);
            librarySum += branchDiversity(f).item<double>();
            ++terms;
        }
    }
    QCOMPARE(terms, 2 * c.depth);
    const double expected = sum / terms;
    const double got = out.diversity.item<double>();
    QVERIFY2(expected > 1e-3 && expected < 1 - 1e-3, qPrintable(QString("uninformative case %1").arg(expected)));
    QVERIFY2(std::abs(got - expected) <= 1e-12,
             qPrintable(QString("diversity %1, mean of the recorded branches' terms %2").arg(got, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    QVERIFY2(std::abs(got - librarySum / terms) <= 1e-12, "not the mean of branchDiversity over the recorded branches");

    // The logits are those of the plain forward pass.
    torch::Tensor plain;
    {
        torch::NoGradGuard noGrad;
        plain = m->forward(x);
    }
    QVERIFY2(maxAbsDiff(out.logits, plain) <= 1e-12, "forwardForTraining changed the logits");

    // auxiliaryLoss = α·L_div, and its gradient reaches the branch weights.
    const auto aux = m->auxiliaryLoss(out);
    QVERIFY(aux.defined());
    QVERIFY2(std::abs(aux.item<double>() - 0.05 * got) <= 1e-15,
             qPrintable(QString("auxiliaryLoss %1, 0.05 × diversity %2").arg(aux.item<double>()).arg(0.05 * got)));
    aux.backward();
    for (const auto &name : {"blocks.0.attn.qkv.weight", "blocks.0.attn.proj.weight", "blocks.0.mlp.fc1.weight",
                             "blocks.0.mlp.fc2.weight"}) {
        const auto params = paramMap(*m);
        const auto it = params.find(name);
        QVERIFY2(it != params.end(), name);
        const auto grad = it->second.grad();
        QVERIFY2(grad.defined() && torch::isfinite(grad).all().item<bool>() && grad.abs().max().item<double>() > 0,
                 qPrintable(QString("no finite non-zero gradient of the diversity loss on %1").arg(name)));
    }
}

void TstJoin::noDiversityWhenOff_data()
{
    QTest::addColumn<int>("branches");
    QTest::addColumn<double>("alpha");
    QTest::addColumn<bool>("training");
    QTest::addColumn<bool>("expectTerm");
    QTest::newRow("n2 α 0.05 train (control)") << 2 << 0.05 << true << true;
    QTest::newRow("n2 α 0.05 eval") << 2 << 0.05 << false << false;
    QTest::newRow("n2 α 0 train") << 2 << 0.0 << true << false;
    QTest::newRow("n1 α 0.05 train") << 1 << 0.05 << true << false;
}

void TstJoin::noDiversityWhenOff()
{
    QFETCH(int, branches);
    QFETCH(double, alpha);
    QFETCH(bool, training);
    QFETCH(bool, expectTerm);
    auto m = randomModel(parallelTiny(branches, alpha), 43);
    m->setJoinStrength(0.5);
    m->train(training);
    const auto x = images(m->config(), 2, torch::kFloat64);
    const auto out = m->forwardForTraining(x);
    QVERIFY2(out.diversity.defined() == expectTerm,
             expectTerm ? "no diversity term where there should be one" : "a diversity term where there should be none");
    QVERIFY2(m->auxiliaryLoss(out).defined() == expectTerm, "auxiliaryLoss does not follow the diversity term");
    QVERIFY(out.logits.defined());
    QCOMPARE(out.logits.sizes().vec(), (std::vector<int64_t>{2, m->config().numClasses}));
}

void TstJoin::setJoinStrengthReachesEveryBlock()
{
    auto m = randomModel(parallelTiny(3, 0.05), 47);
    m->eval();
    const auto x = images(m->config(), 2, torch::kFloat64);
    QCOMPARE(int(m->parallelBlockList().size()), m->config().depth);
    std::vector<torch::Tensor> logits;
    for (double lambda : {0.0, 0.25, 1.0}) {
        m->setJoinStrength(lambda);
        QVERIFY(m->joinStrength() == lambda);
        QVERIFY(m->config().join.strength == lambda);
        for (const auto &block : m->parallelBlockList())
            QVERIFY2(block->joinStrength() == lambda, qPrintable(QString("a block has λ %1, set %2").arg(block->joinStrength()).arg(lambda)));
        torch::NoGradGuard noGrad;
        logits.push_back(m->forward(x));
    }
    // λ acts: each strength computes something else.
    QVERIFY2(maxAbsDiff(logits[0], logits[1]) > 1e-6 && maxAbsDiff(logits[1], logits[2]) > 1e-6,
             "changing λ did not change the output");
}

// ---------------------------------------------------------------------------
// Accounting

void TstJoin::closedFormFollowsLambda()
{
    // The forward a parallel model runs depends on λ: at λ = 1 the joined parts
    // are computed once (one GELU and Σ_b W2_b; one P·V and Σ_b Wo_b for joined
    // values; one q·kᵀ for joined projections). The formulas follow it exactly.
    for (int v = 0; v < 3; ++v) {
        for (int n : {2, 3}) {
            for (bool expandGate : {false, true}) {
                std::int64_t mlpAt[2] = {0, 0};
                for (double lambda : {0.0, 0.5, 1.0}) {
                    ViTConfig c = tinyConfig();
                    c.join.branches = n, c.join.variant = JoinVariant(v), c.join.strength = lambda;
                    if (expandGate) {
                        c.gate.kind = GateKind::Cde, c.gate.target = GateTarget::Expand;
                        c.gate.codebookSize = 6, c.gate.topK = 2;
                    }
                    auto model = build(c);
                    const auto closed = closedFormCost(c), counted = countedCost(model);
                    QCOMPARE(counted.size(), closed.size());
                    for (size_t i = 0; i < closed.size(); ++i)
                        QVERIFY2(closed[i].params == counted[i].params && closed[i].macs == counted[i].macs,
                                 qPrintable(QString("variant %1 n=%2 lambda=%3 %4: formula %5, counted %6 MACs")
                                                .arg(v).arg(n).arg(lambda)
                                                .arg(QString::fromStdString(closed[i].component))
                                                .arg(closed[i].macs).arg(counted[i].macs)));
                    if (lambda != 0.0)
                        mlpAt[lambda == 1.0] = closed[3].macs;  // "mlp"
                }
                QCOMPARE(mlpAt[1] * 2 * n, mlpAt[0] * (n + 1));  // fc2 once instead of n times
            }
        }
    }
}

void TstJoin::accountingCountedEqualsFormula_data()
{
    QTest::addColumn<ConfigEdit>("edit");
    auto make = [](int n, JoinVariant v, bool absorb) {
        return ConfigEdit([=](ViTConfig &c) {
            c.join.branches = n;
            c.join.variant = v;
            c.join.absorbNorms = absorb;
        });
    };
    const char *variantNames[] = {"logits", "values", "projections"};
    for (bool absorb : {false, true})
        QTest::newRow(absorb ? "n1 +LN" : "n1") << make(1, JoinVariant::Logits, absorb);
    for (int n : {2, 3, 4})
        for (int v = 0; v < 3; ++v)
            for (bool absorb : {false, true})
                QTest::newRow(qPrintable(QString("n%1 %2%3").arg(n).arg(variantNames[v]).arg(absorb ? " +LN" : "")))
                    << make(n, JoinVariant(v), absorb);
    QTest::newRow("n2 logits cde expand +LN") << ConfigEdit([](ViTConfig &c) {
        c.join.branches = 2, c.join.absorbNorms = true;
        c.gate.kind = GateKind::Cde, c.gate.target = GateTarget::Expand;
        c.gate.codebookSize = 6, c.gate.topK = 2, c.gate.temperature = 4.0;
    });
    QTest::newRow("n3 values cde width blocks 0,2") << ConfigEdit([](ViTConfig &c) {
        c.join.branches = 3, c.join.variant = JoinVariant::Values;
        c.gate.kind = GateKind::Cde, c.gate.codebookSize = 5, c.gate.topK = 2, c.gate.blocks = {0, 2};
    });
    QTest::newRow("n2 projections avg pooling +LN") << ConfigEdit([](ViTConfig &c) {
        c.join.branches = 2, c.join.variant = JoinVariant::Projections, c.join.absorbNorms = true;
        c.pooling = Pooling::Average;
    });
    QTest::newRow("n3 logits no qkv bias +LN") << ConfigEdit([](ViTConfig &c) {
        c.join.branches = 3, c.join.absorbNorms = true, c.qkvBias = false;
    });
    QTest::newRow("n2 values no qkv bias avg") << ConfigEdit([](ViTConfig &c) {
        c.join.branches = 2, c.join.variant = JoinVariant::Values, c.qkvBias = false, c.pooling = Pooling::Average;
    });
    QTest::newRow("n2 logits deep-embed expand") << ConfigEdit([](ViTConfig &c) {
        c.join.branches = 2, c.gate.kind = GateKind::DeepEmbed, c.gate.target = GateTarget::Expand;
    });
}

void TstJoin::accountingCountedEqualsFormula()
{
    QFETCH(ConfigEdit, edit);
    ViTConfig c = tinyConfig();
    edit(c);
    const int n = c.join.branches;
    const auto rows = foldAccounting(c, true);
    // n > 1: trained, its own fold, the wide and/or plain fold, plain L, plain n·L.
    // n = 1: trained, the deploy form when absorbing, plain L.
    const size_t expectedRows = n > 1 ? (c.join.variant == JoinVariant::Values ? 6 : 5) : (c.join.absorbNorms ? 2 : 1);
    QCOMPARE(rows.size(), expectedRows);
    for (const auto &r : rows) {
        QVERIFY2(r.countedParams >= 0 && r.countedMacs >= 0, qPrintable("not counted: " + rowText(r)));
        QVERIFY2(r.countedParams == r.formulaParams, qPrintable("params differ: " + rowText(r)));
        QVERIFY2(r.countedMacs == r.formulaMacs, qPrintable("MACs differ: " + rowText(r)));
        QVERIFY2(r.blockMacs > 0 && r.blockMacs < r.formulaMacs, qPrintable("blockMacs out of range: " + rowText(r)));

        // Component by component, on the row's own config (deploy configs included).
        auto model = build(r.config);
        const auto closed = closedFormCost(r.config);
        const auto counted = countedCost(model);
        QCOMPARE(counted.size(), closed.size());  // no "other" row: every tensor has a formula
        for (size_t i = 0; i < closed.size(); ++i) {
            QCOMPARE(QString::fromStdString(counted[i].component), QString::fromStdString(closed[i].component));
            QVERIFY2(counted[i].params == closed[i].params && counted[i].macs == closed[i].macs,
                     qPrintable(QString("%1, %2: formula %3 params %4 MACs, counted %5 params %6 MACs")
                                    .arg(QString::fromStdString(r.label), QString::fromStdString(closed[i].component))
                                    .arg(closed[i].params).arg(closed[i].macs).arg(counted[i].params).arg(counted[i].macs)));
        }
    }
    if (n > 1) {
        // The variant's own fold is there, with the absorption asked for.
        const auto *own = pickRow(rows, [&](const ViTConfig &rc) {
            return rc.join.deployed && rc.join.variant == c.join.variant;
        });
        QVERIFY2(own, "no single row for the variant's own fold");
        QVERIFY(own->config.join.absorbNorms == c.join.absorbNorms);
        QCOMPARE(own->config.depth, c.depth);
        // And the deep baseline has n·L layers.
        const auto *deep = pickRow(rows, [&](const ViTConfig &rc) { return rc.depth == n * c.depth; });
        QVERIFY2(deep, "no single deep baseline row");
        QVERIFY(!deep->config.isParallel());
    }
    // No model twice.
    for (size_t i = 0; i < rows.size(); ++i)
        for (size_t j = i + 1; j < rows.size(); ++j)
            QVERIFY2(rows[i].config != rows[j].config,
                     qPrintable(QString("rows %1 and %2 are the same model").arg(i).arg(j)));
}

void TstJoin::specFigures_data()
{
    QTest::addColumn<int>("branches");
    QTest::addColumn<int>("depth");
    QTest::addColumn<int>("which");  // 0: the trained row, 1: the wide (logits) fold, 2: plain `depth` layers
    QTest::addColumn<double>("specGmac");
    QTest::addColumn<qint64>("exactMacs");
    // By hand at 224/16, d 192, d_ff 768, N 197 (blocks only):
    //   attention of one plain layer N·d·3d + N²·2d + N·d·d = 43,951,488
    //   MLP of one layer 2·N·d·d_ff = 58,097,664
    //   plain 12: 12 × 102,049,152 = 1,224,589,824; plain 6: 612,294,912
    //   wide n=2: 6 × (2 × 43,951,488 + 58,097,664) = 876,003,840
    //   wide n=3: 4 × (3 × 43,951,488 + 58,097,664) = 759,808,512
    QTest::newRow("plain 12 layers") << 1 << 12 << 0 << 1.225 << qint64(1224589824);
    QTest::newRow("wide fold n=2, 6 blocks") << 2 << 6 << 1 << 0.876 << qint64(876003840);
    QTest::newRow("wide fold n=3, 4 blocks") << 3 << 4 << 1 << 0.760 << qint64(759808512);
    QTest::newRow("plain 6 layers") << 2 << 6 << 2 << 0.612 << qint64(612294912);
}

void TstJoin::specFigures()
{
    QFETCH(int, branches);
    QFETCH(int, depth);
    QFETCH(int, which);
    QFETCH(double, specGmac);
    QFETCH(qint64, exactMacs);
    ViTConfig c;  // DeiT-Tiny / ViT-Ti/16 defaults
    QCOMPARE(c.imageSize, 224);
    QCOMPARE(c.patchSize, 16);
    QCOMPARE(c.embedDim, 192);
    c.join.branches = branches;
    c.depth = depth;
    const auto rows = foldAccounting(c, false);
    const FoldCost *row = nullptr;
    if (which == 0)
        row = &rows.front();
    else if (which == 1)
        row = pickRow(rows, [](const ViTConfig &rc) { return rc.join.deployed && rc.join.variant == JoinVariant::Logits; });
    else
        row = pickRow(rows, [&](const ViTConfig &rc) { return !rc.isParallel() && !rc.join.deployed && rc.depth == depth; });
    QVERIFY2(row, "no such row");
    QCOMPARE(row->config.depth, depth);
    QVERIFY2(std::abs(double(row->blockMacs) - specGmac * 1e9) <= 0.005 * specGmac * 1e9,
             qPrintable(QString("%1: %2 block MACs, spec %3 G ± 0.5%").arg(QString::fromStdString(row->label))
                            .arg(row->blockMacs).arg(specGmac)));
    QCOMPARE(qint64(row->blockMacs), exactMacs);
}

void TstJoin::trainedCostsLikeDeepPlain_data()
{
    QTest::addColumn<int>("branches");
    QTest::addColumn<bool>("tiny");  // tinyConfig(), counted; otherwise ViT-Ti at 224 from the formulas
    for (int n : {2, 3, 4}) {
        QTest::newRow(qPrintable(QString("ViT-Ti n%1 x %2 blocks").arg(n).arg(12 / n))) << n << false;
        QTest::newRow(qPrintable(QString("tiny n%1 counted").arg(n))) << n << true;
    }
}

void TstJoin::trainedCostsLikeDeepPlain()
{
    QFETCH(int, branches);
    QFETCH(bool, tiny);
    ViTConfig c = tiny ? tinyConfig() : ViTConfig{};
    if (!tiny)
        c.depth = 12 / branches;
    c.join.branches = branches;
    const auto rows = foldAccounting(c, tiny);
    const FoldCost &trained = rows.front();
    QVERIFY(trained.config.isParallel());
    const auto *deep = pickRow(rows, [&](const ViTConfig &rc) { return rc.depth == branches * c.depth; });
    QVERIFY2(deep, "no deep baseline row");
    // Same MACs: every branch of a block costs one plain layer; the joining is element-wise.
    QCOMPARE(qint64(trained.formulaMacs), qint64(deep->formulaMacs));
    QCOMPARE(qint64(trained.blockMacs), qint64(deep->blockMacs));
    // Parameters: the parallel block shares LN1, LN2 (2d each), the attention
    // output bias and the fc2 bias (d each) across its n branches, so it holds
    // 6d fewer per extra branch: (n − 1)·L·6d fewer in all (6912 for n = 2 at d 192).
    const qint64 d = c.embedDim, expectedDiff = qint64(branches - 1) * c.depth * 6 * d;
    QCOMPARE(qint64(deep->formulaParams - trained.formulaParams), expectedDiff);
    if (branches == 2 && !tiny)
        QCOMPARE(expectedDiff, qint64(6912));
    if (tiny) {
        QCOMPARE(qint64(trained.countedMacs), qint64(deep->countedMacs));
        QCOMPARE(qint64(deep->countedParams - trained.countedParams), expectedDiff);
    }
}

GATEFOLD_TEST_MAIN(TstJoin)
#include "tst_join.moc"
