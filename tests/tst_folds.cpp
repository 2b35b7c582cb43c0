// Folds (core/model/README.md, progressive joining): the parallel-branch block against
// independent branches, exact folding of every variant in float64 and
// float32, LayerNorm absorption, the published V/O fold shown wrong, the
// Train/Deploy switch (idempotent, refuses λ < 1), gradients to every branch,
// branch intermediates and weights.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "model/attention.h"
#include "model/block.h"
#include "config/configenums.h"
#include "config/fieldtable.h"
#include "model/branchweights.h"
#include "model/fold.h"
#include "model/kmeansinit.h"
#include "model/modelio.h"
#include "model/parallelblock.h"
#include "model/visiontransformer.h"
#include "testsupport.h"

#include <torch/torch.h>

#include <functional>
#endif

using namespace gatefold::model;
using namespace gatefold::test;


namespace {

// tinyConfig() with n branches of the given variant, joined (λ = 1).
ViTConfig parallelConfig(int branches, JoinVariant variant)
{
    ViTConfig c = tinyConfig();
    c.join.branches = branches;
    c.join.variant = variant;
    c.join.strength = 1.0;
    return c;
}

// A model of `config` in `dtype` with every parameter random (LayerNorm
// weights around 1, biases non-zero) so no identity hides a mistake.
VisionTransformer randomModel(const ViTConfig &config, torch::Dtype dtype, uint64_t seed)
{
    torch::manual_seed(seed);
    auto m = build(config);
    m->to(dtype);
    randomize(*m, 0.3);
    m->eval();
    return m;
}

double relativeError(const torch::Tensor &reference, const torch::Tensor &value)
{
    return maxAbsDiff(reference, value) / reference.abs().max().item<double>();
}

int64_t parameterCount(const torch::nn::Module &m)
{
    int64_t total = 0;
    for (const auto &p : m.parameters())
        total += p.numel();
    return total;
}

// The parallel block of core/model/README.md written branch by branch in float64:
// joined logits (or joined q/k for "projections"), joined values where the
// variant says, blockwise output projections summed, FFN joined at the GELU input.
torch::Tensor referenceParallelBlock(ParallelBlockImpl &block, const torch::Tensor &x, double lambda,
                                     JoinVariant variant)
{
    torch::NoGradGuard noGrad;
    const int64_t n = block.attn->branches(), hh = block.attn->numHeads();
    const int64_t bsz = x.size(0), t = x.size(1), d = x.size(2), dh = d / hh;
    const auto X = block.norm1->forward(x);
    const auto &w = block.attn->qkv->weight;
    const auto &bias = block.attn->qkv->bias;
    auto heads = [&](const torch::Tensor &m) { return m.view({bsz, t, hh, dh}).permute({0, 2, 1, 3}); };
    std::vector<torch::Tensor> q, k, v;
    for (int64_t b = 0; b < n; ++b) {
        q.push_back(heads(torch::matmul(X, w[b].slice(0, 0, d).t()) + bias[b].slice(0, 0, d)));
        k.push_back(heads(torch::matmul(X, w[b].slice(0, d, 2 * d).t()) + bias[b].slice(0, d, 2 * d)));
        v.push_back(heads(torch::matmul(X, w[b].slice(0, 2 * d, 3 * d).t()) + bias[b].slice(0, 2 * d, 3 * d)));
    }
    auto joined = [&](const std::vector<torch::Tensor> &parts, int64_t b) {
        auto sum = torch::zeros_like(parts[0]);
        for (const auto &p : parts)
            sum += p;
        return (1 - lambda) * parts[size_t(b)] + lambda * sum;
    };
    std::vector<torch::Tensor> logits;
    if (variant == JoinVariant::Projections) {
        const double c = 1 + (n - 1) * lambda * lambda;
        for (int64_t b = 0; b < n; ++b)
            logits.push_back(torch::matmul(joined(q, b), joined(k, b).transpose(-2, -1)) / (c * std::sqrt(dh)));
    } else {
        std::vector<torch::Tensor> a;
        for (int64_t b = 0; b < n; ++b)
            a.push_back(torch::matmul(q[size_t(b)], k[size_t(b)].transpose(-2, -1)));
        for (int64_t b = 0; b < n; ++b)
            logits.push_back(joined(a, b) / (std::sqrt(1 + (n - 1) * lambda * lambda) * std::sqrt(dh)));
    }
    auto attnOut = block.attn->proj->bias.expand({bsz, t, d}).clone();
    for (int64_t b = 0; b < n; ++b) {
        const auto values = variant == JoinVariant::Logits ? v[size_t(b)] : joined(v, b);
        const auto mixed = torch::matmul(logits[size_t(b)].softmax(-1), values).permute({0, 2, 1, 3}).reshape({bsz, t, d});
        attnOut += torch::matmul(mixed, block.attn->proj->weight[b].t());
    }
    const auto h = x + attnOut;
    const auto z = block.norm2->forward(h);
    std::vector<torch::Tensor> hidden;
    for (int64_t b = 0; b < n; ++b)
        hidden.push_back(torch::matmul(z, block.mlp->fc1->weight[b].t()) + block.mlp->fc1->bias[b]);
    auto y = block.mlp->fc2->bias.expand({bsz, t, d}).clone();
    for (int64_t b = 0; b < n; ++b)
        y += torch::matmul(torch::gelu(joined(hidden, b)), block.mlp->fc2->weight[b].t());
    return h + y;
}

} // namespace

class TstFolds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void foldIsExact_data();
    void foldIsExact();
    void singleBranchBlockIsPlainBlock();
    void lambdaZeroIsSumOfIndependentBranches();
    void joinedBlockMatchesSpec();
    void naiveValueOutputFoldIsWrong();
    void layerNormAbsorptionIsExact();
    void absorptionKeepsNormsGatesRead();
    void backwardAbsorptionIsNotExact();
    void foldIsIdempotent();
    void foldRefusesUnjoinedModel();
    void gradientsReachEveryBranch_data();
    void gradientsReachEveryBranch();
    void branchIntermediates();
    void branchWeightsBilinearForms();
    void parallelAndDeployFormsSaveAndLoad();
    void kMeansInitOnParallelModel();
};

void TstFolds::foldIsExact_data()
{
    QTest::addColumn<int>("branches");
    QTest::addColumn<int>("variant");
    QTest::addColumn<bool>("absorb");
    QTest::addColumn<ConfigEdit>("edit");
    const ConfigEdit none = [](ViTConfig &) {};
    const char *variantNames[] = {"logits", "values", "projections"};
    for (int n : {2, 3, 4}) {
        for (int v = 0; v < 3; ++v) {
            for (bool absorb : {false, true}) {
                const QByteArray tag = QByteArray("n") + QByteArray::number(n) + " " + variantNames[v]
                    + (absorb ? " +LN" : "");
                QTest::newRow(tag) << n << v << absorb << none;
            }
        }
    }
    // Other shapes: widths, heads, depths, pooling, no q/k/v bias, gates.
    QTest::newRow("n2 logits d24 H4 depth4 avg") << 2 << 0 << true << ConfigEdit([](ViTConfig &c) {
        c.embedDim = 24, c.numHeads = 4, c.depth = 4, c.pooling = Pooling::Average;
    });
    QTest::newRow("n3 values d18 H3 depth1 nobias") << 3 << 1 << true << ConfigEdit([](ViTConfig &c) {
        c.embedDim = 18, c.numHeads = 3, c.depth = 1, c.qkvBias = false;
    });
    QTest::newRow("n2 projections d16 H1 depth2") << 2 << 2 << false << ConfigEdit([](ViTConfig &c) {
        c.embedDim = 16, c.numHeads = 1, c.depth = 2, c.mlpRatio = 3.0;
    });
    QTest::newRow("n2 logits cde width") << 2 << 0 << true << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::Cde, c.gate.codebookSize = 6, c.gate.topK = 2, c.gate.temperature = 4.0;
        c.gate.embedInit = EmbedInit::Normal, c.gate.strength = 0.7;
    });
    QTest::newRow("n3 projections cde expand once") << 3 << 2 << true << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::Cde, c.gate.codebookSize = 6, c.gate.topK = 3, c.gate.temperature = 4.0;
        c.gate.target = GateTarget::Expand, c.gate.scope = AssignScope::Once;
    });
    QTest::newRow("n2 values cde vq blocks 0,2") << 2 << 1 << false << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::Cde, c.gate.assign = AssignKind::HardVq, c.gate.codebookSize = 5;
        c.gate.blocks = {0, 2};
    });
    QTest::newRow("n2 logits deep-embed expand") << 2 << 0 << true << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::DeepEmbed, c.gate.target = GateTarget::Expand;
    });
}

void TstFolds::foldIsExact()
{
    QFETCH(int, branches);
    QFETCH(int, variant);
    QFETCH(bool, absorb);
    QFETCH(ConfigEdit, edit);
    ViTConfig c = parallelConfig(branches, JoinVariant(variant));
    edit(c);
    // float64 to 1e-10 relative, float32 to 1e-5 (core/model/README.md, joining "Folding at λ = 1").
    for (auto [dtype, tolerance] : {std::pair{torch::kFloat64, 1e-10}, std::pair{torch::kFloat32, 1e-5}}) {
        auto trained = randomModel(c, dtype, 11 + branches * 7 + variant);
        const auto x = images(c, 3, dtype);
        const auto expected = trained->forward(x);

        FoldOptions options;
        options.absorbNorms = absorb;
        std::string error;
        auto folded = foldModel(trained, options, &error);
        QVERIFY2(folded.has_value(), error.c_str());
        QVERIFY((*folded)->mode() == ModelMode::Deploy);
        QVERIFY((*folded)->parallelBlockList().empty());
        QCOMPARE((*folded)->numBlocks(), c.depth);
        const auto got = (*folded)->forward(x);
        const double rel = relativeError(expected, got);
        QVERIFY2(rel <= tolerance, qPrintable(QString("%1: relative error %2 > %3")
                                                  .arg(dtype == torch::kFloat64 ? "float64" : "float32")
                                                  .arg(rel).arg(tolerance)));
        // The folded shape is what the variant promises.
        const auto &attn = (*folded)->blockList()[0]->attn;
        const int64_t d = c.embedDim, n = branches;
        QCOMPARE(attn->qkDim(), JoinVariant(variant) == JoinVariant::Projections ? d : n * d);
        QCOMPARE(attn->vDim(), JoinVariant(variant) == JoinVariant::Logits ? n * d : d);
        QCOMPARE((*folded)->blockList()[0]->mlp->fc1->weight.size(0), int64_t(c.mlpHidden()));

        // In place, on a twin: the same deploy form (shared gate tensors included).
        auto twin = randomModel(c, dtype, 11 + branches * 7 + variant);
        const auto outcome = twin->fold(options);
        QVERIFY2(outcome.ok && outcome.changed, outcome.error.c_str());
        QVERIFY(twin->config() == (*folded)->config());
        QVERIFY(maxAbsDiff(twin->forward(x), got) == 0.0);
        QCOMPARE(paramMap(*twin).size(), paramMap(**folded).size());
    }
}

void TstFolds::singleBranchBlockIsPlainBlock()
{
    ViTConfig c = tinyConfig();
    c.join.branches = 1;
    torch::manual_seed(3);
    ParallelBlock parallel(c, 0.0, ParallelMlp(c, CodebookGate{nullptr}, false));
    Block plain(c, 0, 0.0, Mlp(c, CodebookGate{nullptr}, false));
    parallel->to(torch::kFloat64);
    plain->to(torch::kFloat64);
    randomize(*parallel);
    {
        torch::NoGradGuard noGrad;
        // Same numbers, the branch axis of size 1 dropped.
        for (auto &item : plain->named_parameters())
            item.value().copy_(parallel->named_parameters()[item.key()].view(item.value().sizes()));
    }
    auto x = torch::randn({2, c.numTokens(), c.embedDim}, torch::kFloat64);
    GateState s1, s2;
    for (double lambda : {0.0, 0.5, 1.0}) {
        parallel->setJoinStrength(lambda);  // with one branch, λ changes nothing
        const auto a = parallel->forward(x, s1, {}, nullptr, nullptr);
        const auto b = plain->forward(x, s2, {}, nullptr);
        QVERIFY2(maxAbsDiff(a, b) <= 1e-12, qPrintable(QString::number(maxAbsDiff(a, b))));
    }
}

void TstFolds::lambdaZeroIsSumOfIndependentBranches()
{
    for (auto variant : {JoinVariant::Logits, JoinVariant::Values, JoinVariant::Projections}) {
        ViTConfig c = parallelConfig(3, variant);
        c.join.strength = 0.0;
        torch::manual_seed(5);
        ParallelBlock block(c, 0.0, ParallelMlp(c, CodebookGate{nullptr}, false));
        block->to(torch::kFloat64);
        randomize(*block);
        auto x = torch::randn({2, c.numTokens(), c.embedDim}, torch::kFloat64);
        GateState state;
        const auto got = block->forward(x, state, {}, nullptr, nullptr);

        // Independently: n plain attentions and n plain MLPs on the shared norms,
        // outputs summed, the shared output biases added once.
        const int64_t n = 3, d = c.embedDim;
        torch::NoGradGuard noGrad;
        auto attnSum = torch::zeros_like(x);
        auto z = block->norm1(x);
        for (int64_t b = 0; b < n; ++b) {
            Attention branch(int(d), c.numHeads, true, 0.0, 0.0);
            branch->to(torch::kFloat64);
            branch->qkv->weight.copy_(block->attn->qkv->weight[b]);
            branch->qkv->bias.copy_(block->attn->qkv->bias[b]);
            branch->proj->weight.copy_(block->attn->proj->weight[b]);
            branch->proj->bias.zero_();
            attnSum += branch->forward(z);
        }
        auto h = x + attnSum + block->attn->proj->bias;
        auto z2 = block->norm2(h);
        auto mlpSum = torch::zeros_like(x);
        for (int64_t b = 0; b < n; ++b) {
            auto hidden = torch::gelu(torch::matmul(z2, block->mlp->fc1->weight[b].t()) + block->mlp->fc1->bias[b]);
            mlpSum += torch::matmul(hidden, block->mlp->fc2->weight[b].t());
        }
        const auto expected = h + mlpSum + block->mlp->fc2->bias;
        QVERIFY2(maxAbsDiff(got, expected) <= 1e-12, qPrintable(QString::fromStdString(toString(variant)) + ": "
                                                                + QString::number(maxAbsDiff(got, expected))));
    }
}

void TstFolds::joinedBlockMatchesSpec()
{
    for (auto variant : {JoinVariant::Logits, JoinVariant::Values, JoinVariant::Projections}) {
        for (int n : {2, 3}) {
            ViTConfig c = parallelConfig(n, variant);
            torch::manual_seed(7 + n);
            ParallelBlock block(c, 0.0, ParallelMlp(c, CodebookGate{nullptr}, false));
            block->to(torch::kFloat64);
            randomize(*block);
            const auto x = torch::randn({2, c.numTokens(), c.embedDim}, torch::kFloat64);
            for (double lambda : {0.0, 0.4, 0.75, 1.0}) {
                block->setJoinStrength(lambda);
                GateState state;
                const auto got = block->forward(x, state, {}, nullptr, nullptr);
                const auto expected = referenceParallelBlock(*block, x, lambda, variant);
                const double err = maxAbsDiff(got, expected);
                QVERIFY2(err <= 1e-12, qPrintable(QString("%1 n=%2 lambda=%3: %4")
                                                      .arg(QString::fromStdString(toString(variant)))
                                                      .arg(n).arg(lambda).arg(err)));
            }
        }
    }
}

void TstFolds::naiveValueOutputFoldIsWrong()
{
    // The paper folds values and output projections as Wv = Σ Wv_b, Wo = Σ Wo_b.
    // For a model trained with joined logits only, that is exactly the fold of
    // the same weights read as a "values" model (whose branches mix Σ_b V_b):
    // the cross terms Wv_a·Wo_b (a ≠ b) appear. It must be far off; the wide
    // fold of the same weights is exact.
    const ViTConfig c = parallelConfig(2, JoinVariant::Logits);
    auto trained = randomModel(c, torch::kFloat64, 21);
    ViTConfig naiveConfig = c;
    naiveConfig.join.variant = JoinVariant::Values;
    auto naiveSource = build(naiveConfig);
    naiveSource->to(torch::kFloat64);
    QVERIFY(copyParamsByName(*trained, *naiveSource));
    auto naive = foldModel(naiveSource, {});
    auto wide = foldModel(trained, {});
    QVERIFY(naive && wide);
    const auto x = images(c, 8, torch::kFloat64);
    const auto naiveReport = compareLogits(trained, *naive, x);
    const auto wideReport = compareLogits(trained, *wide, x);
    qInfo("naive V/O fold: %s; wide fold: %s", formatFoldReport(naiveReport).c_str(),
          formatFoldReport(wideReport).c_str());
    QVERIFY2(naiveReport.relativeError > 0.1, formatFoldReport(naiveReport).c_str());
    QVERIFY2(wideReport.relativeError <= 1e-10, formatFoldReport(wideReport).c_str());
    QCOMPARE(wideReport.top1Agreement, 1.0);
}

void TstFolds::layerNormAbsorptionIsExact()
{
    // A plain ViT (n = 1) and a parallel one: LN1 → q/k/v, LN2 → fc1, final LN → head.
    for (int branches : {1, 2}) {
        ViTConfig c = parallelConfig(branches, JoinVariant::Logits);
        for (auto pooling : {Pooling::ClassToken, Pooling::Average}) {
            c.pooling = pooling;
            auto trained = randomModel(c, torch::kFloat64, 31);
            auto x = images(c, 4, torch::kFloat64);
            FoldOptions options;
            options.absorbNorms = true;
            auto folded = foldModel(trained, options);
            QVERIFY(folded);
            const auto report = compareLogits(trained, *folded, x);
            QVERIFY2(report.relativeError <= 1e-10, formatFoldReport(report).c_str());
            // No affine is left anywhere: each LayerNorm is n(x) alone.
            for (const auto &item : (*folded)->named_parameters())
                QVERIFY2(item.key().find("norm") == std::string::npos, item.key().c_str());
            // 2d per LayerNorm gone: 2 per block and the final one.
            const int64_t d = c.embedDim;
            auto unabsorbed = foldModel(trained, {});
            QCOMPARE(parameterCount(**unabsorbed) - parameterCount(**folded), (2 * c.depth + 1) * 2 * d);
        }
    }
}

void TstFolds::absorptionKeepsNormsGatesRead()
{
    // A CDE gate's logits read its block's LN2 output, so that LN2 keeps its
    // affine; with assignment once per image only the first gated block reads it.
    ViTConfig c = parallelConfig(2, JoinVariant::Projections);
    c.gate.kind = GateKind::Cde, c.gate.codebookSize = 6, c.gate.topK = 2, c.gate.blocks = {1, 2};
    for (auto scope : {AssignScope::PerLayer, AssignScope::Once}) {
        c.gate.scope = scope;
        auto trained = randomModel(c, torch::kFloat64, 41);
        FoldOptions options;
        options.absorbNorms = true;
        auto folded = foldModel(trained, options);
        QVERIFY(folded);
        const auto params = paramMap(**folded);
        QVERIFY(!params.count("blocks.0.norm2.weight"));  // ungated
        QVERIFY(params.count("blocks.1.norm2.weight"));   // gated, reads LN2
        QCOMPARE(params.count("blocks.2.norm2.weight"), size_t(scope == AssignScope::PerLayer ? 1 : 0));
        QVERIFY(!params.count("blocks.1.norm1.weight"));
        const auto report = compareLogits(trained, *folded, images(c, 4, torch::kFloat64));
        QVERIFY2(report.relativeError <= 1e-10, formatFoldReport(report).c_str());
    }
}

void TstFolds::backwardAbsorptionIsNotExact()
{
    // The paper's alternative moves LN1's γ/β backward into the patch embedding
    // (x ← γ⊙x + β, LN1 without affine). It would need n(γ⊙x+β) = γ⊙n(x)+β,
    // which fails unless γ = ±1, β = 0. The logits must change a lot.
    ViTConfig c = tinyConfig();
    auto model = randomModel(c, torch::kFloat64, 51);
    auto x = images(c, 4, torch::kFloat64);
    const auto before = model->forward(x);
    {
        torch::NoGradGuard noGrad;
        auto &block = *model->blockList()[0];
        const auto gamma = block.norm1->weight.clone(), beta = block.norm1->bias.clone();
        // The residual stream entering block 0 is patch_embed + pos (+ class token).
        auto &proj = model->patch_embed->proj;
        proj->weight.mul_(gamma.view({-1, 1, 1, 1}));
        proj->bias.mul_(gamma).add_(beta);
        model->pos_embed.mul_(gamma);
        model->cls_token.mul_(gamma);
        block.norm1->weight.fill_(1.0);
        block.norm1->bias.zero_();
    }
    const double rel = relativeError(before, model->forward(x));
    qInfo("backward LN absorption: relative logit error %.3g", rel);
    QVERIFY2(rel > 0.1, qPrintable(QString::number(rel)));
}

void TstFolds::foldIsIdempotent()
{
    ViTConfig c = parallelConfig(3, JoinVariant::Logits);
    auto model = randomModel(c, torch::kFloat64, 61);
    auto trained = randomModel(c, torch::kFloat64, 61);  // same seed: an untouched twin
    auto x = images(c, 4, torch::kFloat64);
    QVERIFY(model->mode() == ModelMode::Train);

    const auto first = model->fold();
    QVERIFY2(first.ok && first.changed, first.error.c_str());
    QVERIFY(model->mode() == ModelMode::Deploy);
    QVERIFY(model->config().join.deployed);
    QVERIFY(model->parallelBlockList().empty());
    const auto afterFirst = snapshot(*model);
    const auto logits = model->forward(x);
    QVERIFY(relativeError(trained->forward(x), logits) <= 1e-10);

    const auto second = model->fold();
    QVERIFY(second.ok && !second.changed);
    QVERIFY(sameAsSnapshot(*model, afterFirst));
    QVERIFY(torch::equal(model->forward(x), logits));

    // Asking a deploy model for absorption does that alone, then nothing again.
    FoldOptions absorb;
    absorb.absorbNorms = true;
    const auto third = model->fold(absorb);
    QVERIFY(third.ok && third.changed);
    QVERIFY(relativeError(logits, model->forward(x)) <= 1e-10);
    const auto afterAbsorb = snapshot(*model);
    QVERIFY(model->fold(absorb).ok && !model->fold(absorb).changed);
    QVERIFY(sameAsSnapshot(*model, afterAbsorb));
    // A deploy form builds from its own config: same names and shapes.
    auto rebuilt = build(model->config());
    rebuilt->to(torch::kFloat64);
    QVERIFY(copyParamsByName(*model, *rebuilt));
    rebuilt->eval();
    QVERIFY(torch::equal(rebuilt->forward(x), model->forward(x)));
}

void TstFolds::foldRefusesUnjoinedModel()
{
    ViTConfig c = parallelConfig(2, JoinVariant::Logits);
    c.join.strength = 0.6;
    auto model = randomModel(c, torch::kFloat64, 71);
    const auto before = snapshot(*model);
    const auto refused = model->fold();
    QVERIFY(!refused.ok && !refused.changed);
    QVERIFY2(refused.error.find("lambda = 0.6 < 1") != std::string::npos, refused.error.c_str());
    QVERIFY2(refused.error.find("force") != std::string::npos, refused.error.c_str());
    QVERIFY(model->mode() == ModelMode::Train);
    QVERIFY(sameAsSnapshot(*model, before));

    // Forced, it folds what λ = 1 would compute, and the report shows the cost.
    std::string error;
    FoldOptions force;
    force.force = true;
    auto folded = foldModel(model, force, &error);
    QVERIFY2(folded, error.c_str());
    const auto report = compareLogits(model, *folded, images(c, 8, torch::kFloat64));
    QVERIFY2(report.relativeError > 1e-3, formatFoldReport(report).c_str());
    QCOMPARE(report.images, int64_t(8));
}

void TstFolds::gradientsReachEveryBranch_data()
{
    QTest::addColumn<int>("variant");
    QTest::addColumn<double>("lambda");
    for (int v = 0; v < 3; ++v)
        for (double lambda : {0.0, 0.4, 1.0})
            QTest::newRow(qPrintable(QString::fromStdString(toString(JoinVariant(v))) + " lambda " + QString::number(lambda)))
                << v << lambda;
}

void TstFolds::gradientsReachEveryBranch()
{
    QFETCH(int, variant);
    QFETCH(double, lambda);
    ViTConfig c = parallelConfig(3, JoinVariant(variant));
    c.join.strength = lambda;
    torch::manual_seed(81);
    auto model = build(c);
    model->to(torch::kFloat64);
    randomize(*model, 0.2);
    model->train();
    const auto out = model->forwardForTraining(images(c, 4, torch::kFloat64));
    QVERIFY(out.diversity.defined());
    QVERIFY(out.diversity.item<double>() >= 0.0 && out.diversity.item<double>() <= 1.0);
    auto loss = torch::nn::functional::cross_entropy(out.logits, torch::tensor({0, 1, 2, 3}))
        + model->auxiliaryLoss(out);
    loss.backward();
    for (const auto &block : model->parallelBlockList()) {
        for (const auto *w : {&block->attn->qkv->weight, &block->attn->proj->weight, &block->mlp->fc1->weight,
                              &block->mlp->fc2->weight}) {
            QVERIFY(w->grad().defined());
            for (int64_t b = 0; b < 3; ++b)
                QVERIFY2(w->grad()[b].abs().sum().item<double>() > 0.0, qPrintable(QString("branch %1").arg(b)));
        }
    }
    // The diversity term alone also reaches every branch.
    model->zero_grad();
    model->forwardForTraining(images(c, 4, torch::kFloat64)).diversity.backward();
    for (int64_t b = 0; b < 3; ++b)
        QVERIFY(model->parallelBlockList()[0]->mlp->fc2->weight.grad()[b].abs().sum().item<double>() > 0.0);
}

void TstFolds::branchIntermediates()
{
    ViTConfig c = parallelConfig(2, JoinVariant::Logits);
    c.join.strength = 0.5;
    auto model = randomModel(c, torch::kFloat64, 91);
    ForwardOptions options;
    options.attention = options.branches = options.mlpInputs = true;
    const auto x = images(c, 3, torch::kFloat64);
    const auto out = model->forwardWithIntermediates(x, options);
    QVERIFY(!out.diversity.defined());  // not asked for
    QCOMPARE(out.blocks.size(), size_t(c.depth));
    const int64_t t = c.numTokens(), d = c.embedDim;
    for (const auto &rec : out.blocks) {
        QCOMPARE(rec.attnBranches.sizes().vec(), (std::vector<int64_t>{2, 3, t, d}));
        QCOMPARE(rec.mlpBranches.sizes().vec(), (std::vector<int64_t>{2, 3, t, d}));
        QCOMPARE(rec.branchAttention.sizes().vec(), (std::vector<int64_t>{3, 2, c.numHeads, t, t}));
        QVERIFY(maxAbsDiff(rec.attention, rec.branchAttention.mean(1)) <= 1e-15);
        QVERIFY(maxAbsDiff(rec.branchAttention.sum(-1), torch::ones({3, 2, c.numHeads, t}, torch::kFloat64))
                <= 1e-12);
        // Branches differ before joining.
        QVERIFY(maxAbsDiff(rec.branchAttention.select(1, 0), rec.branchAttention.select(1, 1)) > 1e-3);
    }
    // Recording does not change the result.
    QVERIFY(maxAbsDiff(out.logits, model->forward(x)) <= 1e-12);
    // The recorded branch outputs of block 0 rebuild its residual update.
    auto &block = *model->parallelBlockList()[0].ptr();
    torch::NoGradGuard noGrad;
    auto tokens = torch::cat({model->cls_token.expand({3, 1, d}), model->patch_embed(x)}, 1) + model->pos_embed;
    auto h = tokens + out.blocks[0].attnBranches.sum(0) + block.attn->proj->bias;
    QVERIFY(maxAbsDiff(block.norm2->forward(h), out.blocks[0].mlpInput) <= 1e-12);

    // At λ = 1 every branch's attention is the same.
    model->setJoinStrength(1.0);
    const auto joined = model->forwardWithIntermediates(x, options);
    QVERIFY(torch::equal(joined.blocks[1].branchAttention.select(1, 0), joined.blocks[1].branchAttention.select(1, 1)));
}

void TstFolds::branchWeightsBilinearForms()
{
    ViTConfig c = parallelConfig(2, JoinVariant::Logits);
    c.qkvBias = false;
    auto model = randomModel(c, torch::kFloat64, 101);
    const auto &block = *model->parallelBlockList()[0];
    const auto w = branchWeights(block);
    const int64_t d = c.embedDim, h = c.numHeads, dh = d / h;
    QCOMPARE(w.qk.sizes().vec(), (std::vector<int64_t>{2, h, d, d}));
    QCOMPARE(w.fc1.sizes().vec(), (std::vector<int64_t>{2, c.mlpHidden(), d}));
    auto x = torch::randn({5, d}, torch::kFloat64);
    for (int64_t b = 0; b < 2; ++b) {
        for (int64_t head = 0; head < h; ++head) {
            // A_bh = Q_bh·K_bhᵀ = X·W_qk·Xᵀ, and H·Wo through W_vo.
            auto q = torch::matmul(x, w.q[b].slice(0, head * dh, (head + 1) * dh).t());
            auto k = torch::matmul(x, w.k[b].slice(0, head * dh, (head + 1) * dh).t());
            auto v = torch::matmul(x, w.v[b].slice(0, head * dh, (head + 1) * dh).t());
            auto o = torch::matmul(v, w.proj[b].slice(1, head * dh, (head + 1) * dh).t());
            QVERIFY(maxAbsDiff(torch::matmul(q, k.t()), torch::matmul(torch::matmul(x, w.qk[b][head]), x.t()))
                    <= 1e-12);
            QVERIFY(maxAbsDiff(o, torch::matmul(x, w.vo[b][head])) <= 1e-12);
        }
    }
    // The wide fold's heads carry Σ_b W_qk and Σ_b W_vo (the bilinear form of
    // core/model/README.md, scale 1/sqrt(n·d_h)).
    auto folded = foldModel(model, {});
    const auto &attn = (*folded)->blockList()[0]->attn;
    const auto wq = attn->qkv->weight.slice(0, 0, 2 * d), wk = attn->qkv->weight.slice(0, 2 * d, 4 * d);
    for (int64_t head = 0; head < h; ++head) {
        auto rows = [&](const torch::Tensor &m) { return m.slice(0, head * 2 * dh, (head + 1) * 2 * dh); };
        auto bilinear = torch::matmul(rows(wq).t(), rows(wk));
        QVERIFY(maxAbsDiff(bilinear, w.qk.select(1, head).sum(0)) <= 1e-12);
    }
}

void TstFolds::parallelAndDeployFormsSaveAndLoad()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ViTConfig c = parallelConfig(3, JoinVariant::Values);
    auto trained = randomModel(c, torch::kFloat32, 111);
    const auto x = images(c, 2);
    std::string error;
    const std::string trainedPath = dir.filePath("trained.pth").toStdString();
    QVERIFY2(saveWeights(trained, trainedPath, &error), error.c_str());
    auto reloaded = build(c);
    QVERIFY2(loadWeights(reloaded, trainedPath, &error), error.c_str());
    reloaded->eval();
    QVERIFY(torch::equal(reloaded->forward(x), trained->forward(x)));

    // The deploy form saves under its own shapes and loads into a model built
    // from its config; a training-form model refuses that file.
    FoldOptions options;
    options.absorbNorms = true;
    QVERIFY(trained->fold(options).ok);
    const std::string deployPath = dir.filePath("deployed.pth").toStdString();
    QVERIFY2(saveWeights(trained, deployPath, &error), error.c_str());
    auto deployed = build(trained->config());
    QVERIFY2(loadWeights(deployed, deployPath, &error), error.c_str());
    deployed->eval();
    QVERIFY(torch::equal(deployed->forward(x), trained->forward(x)));
    auto wrongForm = build(c);
    const auto before = snapshot(*wrongForm);
    QVERIFY(!loadWeights(wrongForm, deployPath, &error));
    QVERIFY2(!error.empty(), "a refusal says why");
    QVERIFY(sameAsSnapshot(*wrongForm, before));
}

void TstFolds::kMeansInitOnParallelModel()
{
    // A CDE gate on a parallel block reads the shared LN2 output like a plain one.
    ViTConfig c = parallelConfig(2, JoinVariant::Logits);
    c.gate.kind = GateKind::Cde, c.gate.codebookSize = 4, c.gate.topK = 2;
    c.gate.codebookInit = CodebookInit::KMeans;
    auto m = build(c);
    const auto before = m->gates()[0]->codebook().clone();
    KMeansReport report;
    std::string error;
    QVERIFY2(initCodebooksKMeans(m, {images(c, 4)}, 5, &report, &error), error.c_str());
    QCOMPARE(report.codebooks, 1);
    QVERIFY(!torch::equal(before, m->gates()[0]->codebook()));
}

GATEFOLD_TEST_MAIN(TstFolds)
#include "tst_folds.moc"
