// core/analysis (issue #7): the numbers behind the "see inside" views, each
// checked against a value known by hand or by an independent computation.
// - Attention: head fusion; the discard rule (per row, lowest patch columns,
//   the class-token column kept); rollout on hand-built matrices against
//   fractions worked out by hand (mean fusion, and max fusion with discarding,
//   whose rows only sum to 1 when renormalised after adding I); class-token
//   and mean-query maps; mean attention distance 0 for identity attention and
//   the closed form for uniform attention on 1×3 and 2×2 grids.
// - Codebook: perplexity K for uniform usage and 1 for one code, dead codes
//   (exact zeros and the 10⁻³/K threshold), α entropy, gate norm, batches
//   summed, patch code maps and the top images of a code.
// - CKA: the unbiased HSIC against the U-statistic it estimates (every
//   ordered 4-tuple, n = 6); CKA 1 for identical inputs, invariant to
//   orthogonal maps, isotropic scaling and shifts, near 0 for independent
//   features (where the biased estimator is not); minibatch sums.
// - Branch similarity on a parallel model: feature matrices equal
//   model::branchCosineMatrix, weight matrices 1 / −1 for scaled / negated
//   branches.
// - Images: sizes, colour-map end colours (matplotlib's viridis and magma),
//   overlay and code-map blending, RGB → BGR; CSV that reads back bit for bit.
// - The inspector on tiny real models (plain, average-pooled, CDE, parallel):
//   shapes, agreement with the raw intermediates, the new block outputs
//   (the last one through the final norm equals forwardFeatures), CKA of a
//   model with itself, errors as messages, the model's mode restored; on CUDA
//   too when a GPU is present.
// Tolerances: 1e-12 for float64 arithmetic checked against exact fractions
// or float64 references, 1e-6 where float32 model outputs are involved,
// ±2 per channel for published colour-map end colours.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "analysis/analysisimages.h"
#include "analysis/attentiondistance.h"
#include "analysis/attentionmaps.h"
#include "analysis/attentionrollout.h"
#include "analysis/branchcomparison.h"
#include "analysis/codebookstats.h"
#include "analysis/codemaps.h"
#include "analysis/colormaps.h"
#include "analysis/linearcka.h"
#include "analysis/modelinspector.h"
#include "analysis/tokengrid.h"
#include "model/branchsimilarity.h"
#include "testsupport.h"

#include <torch/torch.h>

#include <cmath>
#include <cstdlib>
#endif

using namespace gatefold;
using namespace gatefold::analysis;
using gatefold::test::maxAbsDiff;

Q_DECLARE_METATYPE(gatefold::analysis::HeadFusion)
Q_DECLARE_METATYPE(gatefold::analysis::ColorMap)

namespace {

constexpr double kExact = 1e-12;

torch::Tensor doubles(std::initializer_list<std::initializer_list<double>> rows)
{
    std::vector<torch::Tensor> out;
    for (const auto &r : rows)
        out.push_back(torch::tensor(std::vector<double>(r), torch::kFloat64));
    return torch::stack(out);
}

TokenGrid grid(int prefix, int h, int w, int patch = 1)
{
    TokenGrid g;
    g.prefixTokens = prefix;
    g.height = h;
    g.width = w;
    g.patchSize = patch;
    return g;
}

// Two heads over a class token and a 1×2 grid (N = 3); rows sum to 1.
torch::Tensor twoHeads()
{
    const auto h0 = doubles({{0.5, 0.25, 0.25}, {0.2, 0.6, 0.2}, {0.1, 0.3, 0.6}});
    const auto h1 = doubles({{0.3, 0.5, 0.2}, {0.4, 0.4, 0.2}, {0.3, 0.1, 0.6}});
    return torch::stack({h0, h1}).unsqueeze(0);  // (1, 2, 3, 3)
}

bool sameColor(const cv::Vec3b &a, const cv::Vec3b &b, int tolerance)
{
    for (int c = 0; c < 3; ++c)
        if (std::abs(int(a[c]) - int(b[c])) > tolerance)
            return false;
    return true;
}

QByteArray describe(const cv::Vec3b &c)
{
    return QByteArray::number(c[0]) + "," + QByteArray::number(c[1]) + "," + QByteArray::number(c[2]);
}

// Centered-Gram ("biased") linear CKA of one batch, for contrast.
double biasedCka(const torch::Tensor &x, const torch::Tensor &y)
{
    const auto xc = x - x.mean(0), yc = y - y.mean(0);
    const auto k = xc.matmul(xc.t()), l = yc.matmul(yc.t());
    return ((k * l).sum() / ((k * k).sum() * (l * l).sum()).sqrt()).item<double>();
}

model::ViTConfig tinyParallel(int branches)
{
    auto c = test::tinyConfig();
    c.join.branches = branches;
    c.join.strength = 0.5;
    return c;
}

} // namespace

class TstAnalysis : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tokenGrid();
    void fuseHeads_data();
    void fuseHeads();
    void discardKeepsClassColumn();
    void rolloutMeanByHand();
    void rolloutMaxDiscardRenormalises();
    void rolloutAveragePooling();
    void queryMaps();
    void distanceIdentityIsZero();
    void distanceUniform_data();
    void distanceUniform();
    void distanceRenormalisesPatchRows();
    void perplexityUniformAndSingle();
    void codebookCountsDeadCodes();
    void codebookThresholdAndEntropy();
    void codebookBatchesSum();
    void codeMapsAndTopImages();
    void hsicIsTheUStatistic();
    void ckaInvariances();
    void ckaIndependentNearZero();
    void ckaMinibatchMatrix();
    void branchFeatureSimilarityMatches();
    void branchWeightSimilarityScaledAndNegated();
    void colorMapEnds_data();
    void colorMapEnds();
    void heatmapSizeAndEnds();
    void overlayBlends();
    void codeMapImageBlends();
    void imageFromTensorIsBgr();
    void inspectorPlainModel();
    void inspectorAveragePooling();
    void inspectorCdeModel();
    void inspectorParallelModel();
    void inspectorErrorsAndMode();
    void cudaMatchesCpu();
};

void TstAnalysis::tokenGrid()
{
    auto c = test::tinyConfig();  // 8 px, patch 4: 2×2 patches + class token
    auto g = TokenGrid::of(c);
    QCOMPARE(g.prefixTokens, 1);
    QCOMPARE(g.height, 2);
    QCOMPARE(g.width, 2);
    QCOMPARE(g.numTokens(), c.numTokens());
    c.pooling = model::Pooling::Average;
    QCOMPARE(TokenGrid::of(c).prefixTokens, 0);
    // 2×3 grid, patch 10: patch 0 at (5, 5), patch 5 at (15, 25).
    const auto d = patchDistances(grid(1, 2, 3, 10));
    QCOMPARE(d.sizes().vec(), (std::vector<int64_t>{6, 6}));
    QCOMPARE(d[0][0].item<double>(), 0.0);
    QVERIFY(std::abs(d[0][5].item<double>() - std::sqrt(100.0 + 400.0)) < 1e-5);
    QVERIFY(std::abs(d[1][4].item<double>() - 10.0) < 1e-5);
}

void TstAnalysis::fuseHeads_data()
{
    QTest::addColumn<HeadFusion>("fusion");
    QTest::addColumn<double>("row0col1");  // fused [0][1] of twoHeads(): 0.25 and 0.5
    QTest::newRow("mean") << HeadFusion::Mean << 0.375;
    QTest::newRow("max") << HeadFusion::Max << 0.5;
    QTest::newRow("min") << HeadFusion::Min << 0.25;
}

void TstAnalysis::fuseHeads()
{
    QFETCH(HeadFusion, fusion);
    QFETCH(double, row0col1);
    const auto fused = analysis::fuseHeads(twoHeads(), fusion);
    QCOMPARE(fused.sizes().vec(), (std::vector<int64_t>{1, 3, 3}));
    QVERIFY(std::abs(fused[0][0][1].item<double>() - row0col1) < kExact);
}

void TstAnalysis::discardKeepsClassColumn()
{
    // Class token + 1×3 grid: ratio 0.5 drops floor(1.5) = 1 patch column per row.
    const auto g = grid(1, 1, 3);
    const auto a = doubles({{0.05, 0.5, 0.25, 0.2}, {0.4, 0.1, 0.3, 0.2}, {0.7, 0.1, 0.1, 0.1}, {0.0, 0.2, 0.3, 0.5}})
                       .unsqueeze(0);
    const auto d = discardLowest(a, 0.5, g)[0];
    // Row 0: the class column (0.05) is the smallest but stays; the lowest patch (0.2) goes.
    QVERIFY(maxAbsDiff(d[0], torch::tensor({0.05, 0.5, 0.25, 0.0}, torch::kFloat64)) < kExact);
    QVERIFY(maxAbsDiff(d[1], torch::tensor({0.4, 0.0, 0.3, 0.2}, torch::kFloat64)) < kExact);
    QCOMPARE(torch::count_nonzero(d[2]).item<int64_t>(), int64_t(3));  // one of three equal patches dropped
    QVERIFY(maxAbsDiff(d[3], torch::tensor({0.0, 0.0, 0.3, 0.5}, torch::kFloat64)) < kExact);
    // Ratio 0 changes nothing; ratio 1 drops every patch column.
    QVERIFY(torch::equal(discardLowest(a, 0.0, g), a));
    const auto all = discardLowest(a, 1.0, g)[0];
    QCOMPARE(all.narrow(1, 1, 3).abs().sum().item<double>(), 0.0);
    QVERIFY(torch::equal(all.select(1, 0), a[0].select(1, 0)));
}

void TstAnalysis::rolloutMeanByHand()
{
    // Layer 1: mean of twoHeads() = [[.4,.375,.225],[.3,.5,.2],[.2,.2,.6]]; + I, rows sum 2, so
    // Â₁ = [[7/10, 3/16, 9/80], [3/20, 3/4, 1/10], [1/10, 1/10, 4/5]].
    // Layer 2 (one head) [[.6,.2,.2],[.5,.5,0],[0,.25,.75]] gives Â₂ = [[4/5,1/10,1/10],[1/4,3/4,0],[0,1/8,7/8]].
    // R = Â₂·Â₁ worked out with fractions:
    const auto layer2 = doubles({{0.6, 0.2, 0.2}, {0.5, 0.5, 0.0}, {0.0, 0.25, 0.75}}).view({1, 1, 3, 3});
    const auto expected = doubles({{117.0 / 200, 47.0 / 200, 9.0 / 50},
                               {23.0 / 80, 39.0 / 64, 33.0 / 320},
                               {17.0 / 160, 29.0 / 160, 57.0 / 80}});
    const auto g = grid(1, 1, 2);
    const auto r = attentionRollout({twoHeads(), layer2}, g);
    QVERIFY(maxAbsDiff(r.matrix[0], expected) < kExact);
    QVERIFY(maxAbsDiff(r.map[0], torch::tensor({{47.0 / 200, 9.0 / 50}}, torch::kFloat64)) < kExact);
    QCOMPARE(r.map.sizes().vec(), (std::vector<int64_t>{1, 1, 2}));
    // The first factor alone.
    const auto a1 = doubles({{0.7, 3.0 / 16, 9.0 / 80}, {3.0 / 20, 0.75, 0.1}, {0.1, 0.1, 0.8}});
    QVERIFY(maxAbsDiff(rolloutFactor(twoHeads(), {}, g)[0], a1) < kExact);
    // Order matters: Â₁·Â₂ is not the rollout.
    QVERIFY(maxAbsDiff(a1.matmul(rolloutFactor(layer2, {}, g)[0]), expected) > 1e-3);
}

void TstAnalysis::rolloutMaxDiscardRenormalises()
{
    // Max fusion of twoHeads(): [[.5,.5,.25],[.4,.6,.2],[.3,.3,.6]] (rows sum 1.25, 1.2, 1.2).
    // Discard ratio 0.5 drops the lower of the two patch columns per row:
    // [[.5,.5,0],[.4,.6,0],[.3,0,.6]]; + I: row sums 2, 2, 1.9.
    RolloutOptions options;
    options.fusion = HeadFusion::Max;
    options.discardRatio = 0.5;
    const auto factor = rolloutFactor(twoHeads(), options, grid(1, 1, 2))[0];
    const auto expected = doubles({{0.75, 0.25, 0.0}, {0.2, 0.8, 0.0}, {0.3 / 1.9, 0.0, 1.6 / 1.9}});
    QVERIFY2(maxAbsDiff(factor, expected) < kExact, "each row divided by its own sum");
    QVERIFY(maxAbsDiff(factor.sum(-1), torch::ones({3}, torch::kFloat64)) < kExact);
    // Min fusion, no discard: [[.3,.25,.2],[.2,.4,.2],[.1,.1,.6]]; + I: sums 1.75, 1.8, 1.8.
    options = {};
    options.fusion = HeadFusion::Min;
    const auto minFactor = rolloutFactor(twoHeads(), options, grid(1, 1, 2))[0];
    QVERIFY(maxAbsDiff(minFactor[0], torch::tensor({1.3 / 1.75, 0.25 / 1.75, 0.2 / 1.75}, torch::kFloat64))
            < kExact);
    QVERIFY(maxAbsDiff(minFactor[2], torch::tensor({0.1 / 1.8, 0.1 / 1.8, 1.6 / 1.8}, torch::kFloat64)) < kExact);
}

void TstAnalysis::rolloutAveragePooling()
{
    // No class token: 1×2 grid, N = 2; the map is the mean over query rows.
    const auto a = doubles({{0.5, 0.5}, {0.0, 1.0}}).view({1, 1, 2, 2});
    const auto r = attentionRollout({a}, grid(0, 1, 2));
    // Â = [[1.5,.5],[0,2]]/2 = [[.75,.25],[0,1]]; column means .375, .625.
    QVERIFY(maxAbsDiff(r.map[0], torch::tensor({{0.375, 0.625}}, torch::kFloat64)) < kExact);
    // Discarding with no prefix ranks every column: ratio 0.5 drops row 0's tie partner, row 1's 0.
    RolloutOptions options;
    options.discardRatio = 0.5;
    const auto d = rolloutFactor(a, options, grid(0, 1, 2))[0];
    QVERIFY(maxAbsDiff(d.sum(-1), torch::ones({2}, torch::kFloat64)) < kExact);
    QVERIFY(maxAbsDiff(d[1], torch::tensor({0.0, 1.0}, torch::kFloat64)) < kExact);
}

void TstAnalysis::queryMaps()
{
    // Class token + 2×2 grid: the class token's row over the patches, row-major.
    auto a = torch::rand({2, 3, 5, 5}, torch::kFloat64);
    const auto m = queryAttentionMap(a, grid(1, 2, 2));
    QCOMPARE(m.sizes().vec(), (std::vector<int64_t>{2, 3, 2, 2}));
    QCOMPARE(m[1][2][1][0].item<double>(), a[1][2][0][3].item<double>());
    QCOMPARE(m[0][0][0][1].item<double>(), a[0][0][0][2].item<double>());
    // Without a class token: mean over the queries.
    auto b = torch::rand({1, 1, 4, 4}, torch::kFloat64);
    const auto mb = queryAttentionMap(b, grid(0, 2, 2));
    QVERIFY(std::abs(mb[0][0][1][1].item<double>() - b[0][0].select(1, 3).mean().item<double>()) < kExact);
    // Extra leading dimensions (branches) are kept.
    QCOMPARE(queryAttentionMap(torch::rand({2, 4, 3, 5, 5}), grid(1, 2, 2)).sizes().vec(),
             (std::vector<int64_t>{2, 4, 3, 2, 2}));
}

void TstAnalysis::distanceIdentityIsZero()
{
    const auto g = grid(1, 3, 3, 16);
    const auto eye = torch::eye(g.numTokens(), torch::kFloat64).expand({2, 3, 10, 10});
    const auto d = meanAttentionDistance(eye, g);
    QCOMPARE(d.sizes().vec(), (std::vector<int64_t>{3}));
    QCOMPARE(d.abs().max().item<double>(), 0.0);
}

void TstAnalysis::distanceUniform_data()
{
    QTest::addColumn<int>("prefix");
    QTest::addColumn<int>("height");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("patch");
    QTest::addColumn<double>("expected");
    // 1×3: distances 0,1,2 / 1,0,1 / 2,1,0 → 8/9 patch pitches.
    QTest::newRow("1x3 patch 1") << 1 << 1 << 3 << 1 << 8.0 / 9.0;
    // 2×2: from every corner 0, 1, 1, √2 → (2 + √2)/4 pitches.
    QTest::newRow("2x2 patch 16") << 1 << 2 << 2 << 16 << 16.0 * (2.0 + std::sqrt(2.0)) / 4.0;
    QTest::newRow("2x2 no class token") << 0 << 2 << 2 << 16 << 16.0 * (2.0 + std::sqrt(2.0)) / 4.0;
}

void TstAnalysis::distanceUniform()
{
    QFETCH(int, prefix);
    QFETCH(int, height);
    QFETCH(int, width);
    QFETCH(int, patch);
    QFETCH(double, expected);
    const auto g = grid(prefix, height, width, patch);
    const int64_t n = g.numTokens();
    // Uniform over every token, class token included: its share is dropped and the rest renormalised.
    const auto a = torch::full({2, 2, n, n}, 1.0 / double(n), torch::kFloat64);
    const auto d = meanAttentionDistance(a, g);
    QVERIFY2(maxAbsDiff(d, torch::full({2}, expected, torch::kFloat64)) < kExact,
             QByteArray::number(d[0].item<double>(), 'g', 17));
}

void TstAnalysis::distanceRenormalisesPatchRows()
{
    // 1×3 grid, patch 2: every query puts 0.5 on the class token and 0.5 on patch 0.
    // Renormalised, all the patch mass is on patch 0: distances 0, 2, 4 → mean 2 pixels.
    const auto g = grid(1, 1, 3, 2);
    auto a = torch::zeros({1, 1, 4, 4}, torch::kFloat64);
    a.select(3, 0).fill_(0.5);
    a.select(3, 1).fill_(0.5);
    QVERIFY(std::abs(meanAttentionDistance(a, g).item<double>() - 2.0) < kExact);
    // A second head looking one patch to the right where it can (else itself): 2, 2, 0 → 4/3.
    auto b = torch::zeros({1, 1, 4, 4}, torch::kFloat64);
    b[0][0][1][2] = b[0][0][2][3] = b[0][0][3][3] = b[0][0][0][0] = 1.0;
    QVERIFY(std::abs(meanAttentionDistance(b, g).item<double>() - 4.0 / 3.0) < kExact);
}

void TstAnalysis::perplexityUniformAndSingle()
{
    const int64_t k = 8;
    QVERIFY(std::abs(perplexityOf(torch::full({k}, 1.0 / double(k), torch::kFloat64)) - double(k)) < 1e-12);
    auto one = torch::zeros({k}, torch::kFloat64);
    one[3] = 1.0;
    QCOMPARE(perplexityOf(one), 1.0);
    // Dense uniform α over all K codes on every token: usage uniform, perplexity K, entropy log K, no dead codes.
    const auto indices = torch::arange(k).expand({2, 5, k});
    const auto weights = torch::full({2, 5, k}, 1.0 / double(k), torch::kFloat64);
    const auto s = codebookStats(indices, weights, k);
    QVERIFY(std::abs(s.perplexity - double(k)) < 1e-12);
    QVERIFY(std::abs(s.meanEntropy - std::log(double(k))) < 1e-12);
    QCOMPARE(s.deadCodes, int64_t(0));
    QCOMPARE(s.tokens, int64_t(10));
    // Hard VQ, every token on code 5: perplexity 1, K − 1 dead, entropy 0.
    const auto single = codebookStats(torch::full({3, 4, 1}, 5, torch::kLong), torch::ones({3, 4, 1}), k);
    QCOMPARE(single.perplexity, 1.0);
    QCOMPARE(single.deadCodes, k - 1);
    QCOMPARE(single.meanEntropy, 0.0);
    QCOMPARE(single.usage[5].item<double>(), 1.0);
}

void TstAnalysis::codebookCountsDeadCodes()
{
    // Hard assignments of 8 tokens to codes 0,0,1,1,1,2,2,2 of K = 5: p̄ = (2,3,3,0,0)/8, 2 dead.
    const auto indices = torch::tensor({0, 0, 1, 1, 1, 2, 2, 2}, torch::kLong).view({1, 8, 1});
    const auto s = codebookStats(indices, torch::ones({1, 8, 1}), 5, torch::full({1, 8}, 0.25));
    QVERIFY(maxAbsDiff(s.usage, torch::tensor({0.25, 0.375, 0.375, 0.0, 0.0}, torch::kFloat64)) < kExact);
    QCOMPARE(s.deadCodes, int64_t(2));
    QCOMPARE(codebookStats(indices, torch::ones({1, 8, 1}), 5, {}, 0.0).deadCodes, int64_t(2));  // exact zeros
    const double h = -(0.25 * std::log(0.25) + 2 * 0.375 * std::log(0.375));
    QVERIFY(std::abs(s.perplexity - std::exp(h)) < 1e-12);
    QVERIFY(std::abs(s.meanGateNorm - 0.25) < 1e-7);
}

void TstAnalysis::codebookThresholdAndEntropy()
{
    // Dense α over K = 4 with code 3 at 10⁻⁶ (below 10⁻³/4) and code 2 at 10⁻³ (above): one dead.
    const std::vector<double> a{0.6, 0.399 - 1e-6, 1e-3, 1e-6};
    const auto weights = torch::tensor(a, torch::kFloat64).expand({2, 3, 4});
    const auto indices = torch::arange(4).expand({2, 3, 4});
    const auto s = codebookStats(indices, weights, 4);
    QCOMPARE(s.deadCodes, int64_t(1));
    // Strict rule (fraction 0): only exact zeros are dead.
    QCOMPARE(codebookStats(indices, weights, 4, {}, 0.0).deadCodes, int64_t(0));
    double h = 0;
    for (double p : a)
        h -= p * std::log(p);
    QVERIFY(std::abs(s.meanEntropy - h) < 1e-12);
    // Soft top-2: weights (0.75, 0.25) on every token → entropy of (¾, ¼).
    const auto top2 = codebookStats(torch::tensor({1, 3}, torch::kLong).expand({4, 2}),
                                    torch::tensor({0.75, 0.25}, torch::kFloat64).expand({4, 2}), 4);
    QVERIFY(std::abs(top2.meanEntropy - -(0.75 * std::log(0.75) + 0.25 * std::log(0.25))) < 1e-12);
    QCOMPARE(top2.deadCodes, int64_t(2));
}

void TstAnalysis::codebookBatchesSum()
{
    torch::manual_seed(3);
    const int64_t k = 16;
    const auto indices = torch::randint(k, {6, 7, 3}, torch::kLong);
    const auto weights = torch::softmax(torch::randn({6, 7, 3}, torch::kFloat64), -1);
    const auto norms = torch::rand({6, 7}, torch::kFloat64);
    CodebookAccumulator acc(k);
    acc.add(indices.narrow(0, 0, 2), weights.narrow(0, 0, 2), norms.narrow(0, 0, 2));
    acc.add(indices.narrow(0, 2, 4), weights.narrow(0, 2, 4), norms.narrow(0, 2, 4));
    const auto split = acc.stats(), whole = codebookStats(indices, weights, k, norms);
    QVERIFY(maxAbsDiff(split.usage, whole.usage) < kExact);
    QVERIFY(std::abs(split.perplexity - whole.perplexity) < kExact);
    QVERIFY(std::abs(split.meanEntropy - whole.meanEntropy) < kExact);
    QVERIFY(std::abs(split.meanGateNorm - norms.mean().item<double>()) < kExact);
    // Usage against the dense α built with one_hot.
    const auto dense = (torch::one_hot(indices, k).to(torch::kFloat64) * weights.unsqueeze(-1)).sum(2);  // (B, N, K)
    QVERIFY(maxAbsDiff(whole.usage, dense.mean(torch::IntArrayRef{0, 1})) < kExact);
    QCOMPARE(whole.usage.device().type(), torch::kCPU);
}

void TstAnalysis::codeMapsAndTopImages()
{
    // Class token + 1×2 grid; top-2 codes per token.
    const auto g = grid(1, 1, 2);
    const auto indices = torch::tensor({3, 1, 2, 0, 1, 3,  // image 0: tokens cls, p0, p1
                                        3, 2, 3, 1, 2, 1},
                                       torch::kLong).view({2, 3, 2});
    const auto weights = torch::tensor({0.5, 0.5, 0.7, 0.3, 0.4, 0.6,  //
                                        0.9, 0.1, 0.8, 0.2, 0.5, 0.5},
                                       torch::kFloat64).view({2, 3, 2});
    const auto map = patchCodeMap(indices, weights, g);
    QCOMPARE(map.sizes().vec(), (std::vector<int64_t>{2, 1, 2}));
    QVERIFY(torch::equal(map, torch::tensor({2, 3, 3, 2}, torch::kLong).view({2, 1, 2})));  // equal weights → first
    // Code 3 over patches: image 0 has 0.6, image 1 has 0.8; the class token (0.5, 0.9) does not count.
    const auto top = topImagesForCode(indices, weights, 3, g, 5, 100);
    QCOMPARE(int(top.size()), 2);
    QCOMPARE(top[0].image, int64_t(101));
    QVERIFY(std::abs(top[0].mass - 0.8) < kExact);
    QVERIFY(maxAbsDiff(top[1].patches, torch::tensor({{0.0, 0.6}}, torch::kFloat64)) < kExact);
    QVERIFY(topImagesForCode(indices, weights, 0, g, 5).size() == 1);  // only image 0's p0 uses code 0
    QVERIFY(topImagesForCode(indices, weights, 7, g, 5).empty());
    QCOMPARE(int(topImagesForCode(indices, weights, 3, g, 1).size()), 1);
    const auto merged = mergeCodeExamples(top, {{7, 0.7, {}}}, 2);
    QCOMPARE(int(merged.size()), 2);
    QCOMPARE(merged[1].image, int64_t(7));
}

void TstAnalysis::hsicIsTheUStatistic()
{
    torch::manual_seed(11);
    const int64_t n = 6;
    const auto x = torch::randn({n, 3}, torch::kFloat64);
    const auto y = torch::randn({n, 2}, torch::kFloat64) + x.narrow(1, 0, 2);
    const auto k = x.matmul(x.t()), l = y.matmul(y.t());
    // Song et al. 2012, Thm. 3: HSIC₁ is the mean over ordered distinct (i, j, q, r) of
    // k_ij l_ij + k_ij l_qr − 2 k_ij l_iq.
    const auto ka = k.accessor<double, 2>(), la = l.accessor<double, 2>();
    double sum = 0;
    int64_t count = 0;
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < n; ++j)
            for (int64_t q = 0; q < n; ++q)
                for (int64_t r = 0; r < n; ++r) {
                    if (i == j || i == q || i == r || j == q || j == r || q == r)
                        continue;
                    sum += ka[i][j] * la[i][j] + ka[i][j] * la[q][r] - 2.0 * ka[i][j] * la[i][q];
                    ++count;
                }
    const double reference = sum / double(count);
    const double hsic = unbiasedHsic(k, l);
    QVERIFY2(std::abs(hsic - reference) < 1e-12 * std::max(1.0, std::abs(reference)),
             QByteArray::number(hsic, 'g', 17) + " vs " + QByteArray::number(reference, 'g', 17));
}

void TstAnalysis::ckaInvariances()
{
    torch::manual_seed(5);
    const auto x = torch::randn({40, 12}, torch::kFloat64);
    const auto y = x.matmul(torch::randn({12, 7}, torch::kFloat64)) + 0.5 * torch::randn({40, 7}, torch::kFloat64);
    const auto q = std::get<0>(torch::linalg_qr(torch::randn({12, 12}, torch::kFloat64)));  // orthogonal
    const double base = linearCka(x, y);
    QVERIFY(base > 0.1 && base < 0.99);
    QVERIFY(std::abs(linearCka(x, x) - 1.0) < kExact);
    QVERIFY(std::abs(linearCka(x, x.matmul(q)) - 1.0) < kExact);
    QVERIFY(std::abs(linearCka(x.matmul(q), y) - base) < kExact);
    QVERIFY(std::abs(linearCka(3.7 * x, y) - base) < kExact);
    QVERIFY(std::abs(linearCka(x, 0.01 * y) - base) < kExact);
    // The unbiased estimator needs no centring: a constant shift changes nothing.
    QVERIFY(std::abs(linearCka(x + 5.0, y - 2.0) - base) < 1e-10);
    // Symmetric; a non-isotropic scaling does change it.
    QVERIFY(std::abs(linearCka(y, x) - base) < kExact);
    auto stretch = torch::ones({12}, torch::kFloat64);
    stretch[0] = 10.0;
    QVERIFY(std::abs(linearCka(x * stretch, y) - base) > 1e-3);
}

void TstAnalysis::ckaIndependentNearZero()
{
    torch::manual_seed(7);
    MinibatchCka cka(1, 1);
    double biased = 0;
    const int batches = 16;
    for (int i = 0; i < batches; ++i) {
        const auto x = torch::randn({64, 16}, torch::kFloat64), y = torch::randn({64, 16}, torch::kFloat64);
        cka.add({x}, {y});
        biased += biasedCka(x, y) / batches;
    }
    const double unbiased = cka.matrix().item<double>();
    // 16 batches of 64 independent 16-d Gaussians: the unbiased estimate is
    // −0.004 here (seed 7); the biased one 0.20 (its small-batch bias).
    QVERIFY2(std::abs(unbiased) < 0.05, QByteArray::number(unbiased));
    QVERIFY2(biased > 0.1, QByteArray::number(biased));
}

void TstAnalysis::ckaMinibatchMatrix()
{
    torch::manual_seed(9);
    // Three "layers" of one set against two of another, over three batches.
    MinibatchCka cka(3, 2);
    double hsicAB = 0, hsicAA = 0, hsicBB = 0;  // layer 1 of A vs layer 0 of B, summed by hand
    for (int b = 0; b < 3; ++b) {
        const auto x = torch::randn({10, 5}, torch::kFloat64);
        std::vector<torch::Tensor> a{x, x.matmul(torch::randn({5, 4}, torch::kFloat64)), torch::randn({10, 3},
                                                                                                     torch::kFloat64)};
        std::vector<torch::Tensor> c{a[1] + 0.3 * torch::randn({10, 4}, torch::kFloat64), x};
        cka.add(a, c);
        const auto ka = a[1].matmul(a[1].t()), kc = c[0].matmul(c[0].t());
        hsicAB += unbiasedHsic(ka, kc);
        hsicAA += unbiasedHsic(ka, ka);
        hsicBB += unbiasedHsic(kc, kc);
    }
    const auto m = cka.matrix();
    QCOMPARE(m.sizes().vec(), (std::vector<int64_t>{3, 2}));
    QCOMPARE(cka.batches(), int64_t(3));
    QVERIFY(std::abs(m[1][0].item<double>() - hsicAB / std::sqrt(hsicAA * hsicBB)) < kExact);
    // Constant features have no self-HSIC: NaN, not a number that looks like an answer.
    MinibatchCka constant(1, 1);
    constant.add({torch::ones({6, 2}, torch::kFloat64)}, {torch::randn({6, 2}, torch::kFloat64)});
    QVERIFY(std::isnan(constant.matrix().item<double>()));
}

void TstAnalysis::branchFeatureSimilarityMatches()
{
    torch::manual_seed(13);
    const auto c = tinyParallel(3);
    auto net = test::build(c);
    net->eval();
    model::ForwardOptions options;
    options.branches = true;
    torch::NoGradGuard noGrad;
    const auto out = net->forwardWithIntermediates(test::images(c, 4), options);
    const auto sims = branchFeatureSimilarity(out.blocks);
    QCOMPARE(int(sims.size()), c.depth);
    for (int i = 0; i < c.depth; ++i) {
        QCOMPARE(sims[size_t(i)].attention.sizes().vec(), (std::vector<int64_t>{3, 3}));
        QVERIFY(torch::equal(sims[size_t(i)].mlp, model::branchCosineMatrix(out.blocks[size_t(i)].mlpBranches)));
        QVERIFY(maxAbsDiff(sims[size_t(i)].attention.diagonal(), torch::ones({3})) < 1e-6);
    }
    // A single-branch model records no branches: no entries.
    auto plain = test::build(test::tinyConfig());
    QVERIFY(branchFeatureSimilarity(plain->forwardWithIntermediates(test::images(c, 2), options).blocks).empty());
    QVERIFY(branchWeightSimilarity(*plain).empty());
}

void TstAnalysis::branchWeightSimilarityScaledAndNegated()
{
    torch::manual_seed(17);
    const auto c = tinyParallel(2);
    auto net = test::build(c);
    {
        torch::NoGradGuard noGrad;
        for (const auto &block : net->parallelBlockList()) {
            for (auto *w : {&block->attn->qkv->weight, &block->attn->proj->weight, &block->mlp->fc1->weight,
                            &block->mlp->fc2->weight})
                (*w)[1].copy_((*w)[0] * 2.0);
        }
        auto &fc1 = net->parallelBlockList()[1]->mlp->fc1->weight;
        fc1[1].copy_(-fc1[0]);
    }
    const auto sims = branchWeightSimilarity(*net);
    QCOMPARE(int(sims.size()), c.depth);
    for (int i = 0; i < c.depth; ++i) {
        const auto &s = sims[size_t(i)];
        for (const auto *m : {&s.qk, &s.vo, &s.fc2})
            QVERIFY(maxAbsDiff(*m, torch::ones({2, 2})) < 1e-6);
        const double fc1 = i == 1 ? -1.0 : 1.0;
        QVERIFY(std::abs(s.fc1[0][1].item<double>() - fc1) < 1e-6);
        QVERIFY(std::abs(s.fc1[1][1].item<double>() - 1.0) < 1e-6);
    }
}

void TstAnalysis::colorMapEnds_data()
{
    QTest::addColumn<ColorMap>("map");
    QTest::addColumn<int>("firstB");
    QTest::addColumn<int>("firstG");
    QTest::addColumn<int>("firstR");
    QTest::addColumn<int>("lastB");
    QTest::addColumn<int>("lastG");
    QTest::addColumn<int>("lastR");
    // matplotlib's tables: viridis (68,1,84) → (253,231,37), magma (0,0,4) → (252,253,191) in RGB.
    QTest::newRow("viridis") << ColorMap::Viridis << 84 << 1 << 68 << 37 << 231 << 253;
    QTest::newRow("magma") << ColorMap::Magma << 4 << 0 << 0 << 191 << 253 << 252;
    QTest::newRow("gray") << ColorMap::Gray << 0 << 0 << 0 << 255 << 255 << 255;
}

void TstAnalysis::colorMapEnds()
{
    QFETCH(ColorMap, map);
    QFETCH(int, firstB);
    QFETCH(int, firstG);
    QFETCH(int, firstR);
    QFETCH(int, lastB);
    QFETCH(int, lastG);
    QFETCH(int, lastR);
    const cv::Vec3b first{uchar(firstB), uchar(firstG), uchar(firstR)};
    const cv::Vec3b last{uchar(lastB), uchar(lastG), uchar(lastR)};
    QVERIFY2(sameColor(colorAt(map, 0.0), first, 2), describe(colorAt(map, 0.0)));
    QVERIFY2(sameColor(colorAt(map, 1.0), last, 2), describe(colorAt(map, 1.0)));
    QCOMPARE(colorMapFromName(colorMapName(map)), std::optional<ColorMap>(map));
}

void TstAnalysis::heatmapSizeAndEnds()
{
    const auto m = doubles({{0.0, 0.5, -2.0}, {3.0, 0.25, 1.0}});
    const cv::Mat image = heatmapImage(m, ColorMap::Viridis, 5);
    QCOMPARE(image.type(), CV_8UC3);
    QCOMPARE(image.rows, 10);
    QCOMPARE(image.cols, 15);
    // min (-2, cell (0, 2)) → first colour, max (3, cell (1, 0)) → last, in every pixel of the cell.
    QCOMPARE(image.at<cv::Vec3b>(4, 14), colorAt(ColorMap::Viridis, 0.0));
    QCOMPARE(image.at<cv::Vec3b>(0, 10), colorAt(ColorMap::Viridis, 0.0));
    QCOMPARE(image.at<cv::Vec3b>(9, 0), colorAt(ColorMap::Viridis, 1.0));
    QCOMPARE(image.at<cv::Vec3b>(7, 6), colorAt(ColorMap::Viridis, 2.25 / 5.0));
    // A fixed range (cosine: -1 … 1): 0 sits in the middle, 3 clamps to the last colour.
    const cv::Mat fixed = heatmapImage(m, ColorMap::Viridis, 1, ValueRange{-1.0, 1.0});
    QCOMPARE(fixed.at<cv::Vec3b>(0, 0), colorMapTable(ColorMap::Viridis).at<cv::Vec3b>(128));
    QCOMPARE(fixed.at<cv::Vec3b>(1, 0), colorAt(ColorMap::Viridis, 1.0));
    QCOMPARE(fixed.at<cv::Vec3b>(0, 2), colorAt(ColorMap::Viridis, 0.0));
    // NaN is grey; a constant matrix takes the first colour.
    auto withNan = m.clone();
    withNan[0][1] = std::nan("");
    QCOMPARE(heatmapImage(withNan, ColorMap::Viridis, 1).at<cv::Vec3b>(0, 1), cv::Vec3b(128, 128, 128));
    QCOMPARE(heatmapImage(torch::full({2, 2}, 4.0), ColorMap::Magma, 1).at<cv::Vec3b>(1, 1),
             colorAt(ColorMap::Magma, 0.0));
}

void TstAnalysis::overlayBlends()
{
    cv::Mat image(32, 48, CV_8UC3, cv::Scalar(10, 100, 200));
    const auto map = doubles({{0.0, 1.0, 0.0}, {0.0, 0.0, 0.5}});  // (2, 3) over 16-px patches
    const cv::Mat out = overlayMap(image, map, ColorMap::Viridis, 0.4, std::nullopt, Upsampling::Nearest);
    QCOMPARE(out.rows, 32);
    QCOMPARE(out.cols, 48);
    QCOMPARE(out.type(), CV_8UC3);
    const cv::Vec3b top = colorAt(ColorMap::Viridis, 1.0), base(10, 100, 200);
    const cv::Vec3b pixel = out.at<cv::Vec3b>(5, 20);  // inside patch (0, 1), the maximum
    for (int ch = 0; ch < 3; ++ch)
        QVERIFY(std::abs(int(pixel[ch]) - int(std::lround(0.6 * base[ch] + 0.4 * top[ch]))) <= 1);
    // Alpha 0 is the image; alpha 1 the colours.
    QVERIFY(cv::norm(overlayMap(image, map, ColorMap::Viridis, 0.0), image, cv::NORM_INF) == 0.0);
    QCOMPARE(overlayMap(image, map, ColorMap::Viridis, 1.0, std::nullopt, Upsampling::Nearest).at<cv::Vec3b>(31, 0),
             colorAt(ColorMap::Viridis, 0.0));
    // Bilinear upsampling keeps the size; a grey image is accepted.
    cv::Mat grey(20, 30, CV_8UC1, cv::Scalar(50));
    const cv::Mat g = overlayMap(grey, map, ColorMap::Jet, 0.5);
    QCOMPARE(g.rows, 20);
    QCOMPARE(g.cols, 30);
    QCOMPARE(g.channels(), 3);
}

void TstAnalysis::codeMapImageBlends()
{
    cv::Mat image(8, 12, CV_8UC3, cv::Scalar(0, 0, 0));
    const auto codes = torch::tensor({0, 1, 2, 3, 250, 7}, torch::kLong).view({2, 3});  // 4-px patches
    const cv::Mat full = codeMapImage(image, codes, 1.0);
    QCOMPARE(full.rows, 8);
    QCOMPARE(full.cols, 12);
    QCOMPARE(full.at<cv::Vec3b>(6, 5), codeColor(250));
    QCOMPARE(full.at<cv::Vec3b>(0, 0), codeColor(0));
    QCOMPARE(full.at<cv::Vec3b>(3, 11), codeColor(2));
    const cv::Mat half = codeMapImage(image, codes, 0.5);
    for (int ch = 0; ch < 3; ++ch)
        QVERIFY(std::abs(int(half.at<cv::Vec3b>(4, 0)[ch]) - int(codeColor(3)[ch]) / 2) <= 1);
    // Neighbouring codes get clearly different colours.
    for (int c = 0; c < 64; ++c)
        QVERIFY2(cv::norm(cv::Vec3d(codeColor(c)) - cv::Vec3d(codeColor(c + 1))) > 40.0, QByteArray::number(c));
}

void TstAnalysis::imageFromTensorIsBgr()
{
    auto t = torch::zeros({3, 2, 4});
    t[0].fill_(1.0);  // red
    t[2][1][3] = 0.5;
    const cv::Mat m = imageFromTensor(t);
    QCOMPARE(m.rows, 2);
    QCOMPARE(m.cols, 4);
    QCOMPARE(m.at<cv::Vec3b>(0, 0), cv::Vec3b(0, 0, 255));
    QCOMPARE(m.at<cv::Vec3b>(1, 3), cv::Vec3b(128, 0, 255));
    QCOMPARE(imageFromTensor(torch::full({1, 3, 3}, 2.0)).at<cv::Vec3b>(2, 2), cv::Vec3b(255, 255, 255));
}

void TstAnalysis::inspectorPlainModel()
{
    torch::manual_seed(23);
    const auto c = test::tinyConfig();
    auto net = test::build(c);
    const auto x = test::images(c, 5);
    ModelInspector inspector(net, x);
    std::string error;
    const auto maps = inspector.attentionMaps(&error);
    QVERIFY2(maps, error.c_str());
    QCOMPARE(maps->layers.sizes().vec(), (std::vector<int64_t>{c.depth, 5, c.numHeads, 2, 2}));
    QVERIFY(!maps->branches.defined());
    net->eval();
    model::ForwardOptions options;
    options.attention = options.blockOutputs = true;
    torch::NoGradGuard noGrad;
    const auto raw = net->forwardWithIntermediates(x, options);
    QVERIFY(maxAbsDiff(maps->layers[2], raw.blocks[2].attention.select(2, 0).narrow(-1, 1, 4).view({5, 2, 2, 2}))
            < 1e-6);
    // Rollout: rows sum to 1, matches the free function on the raw probabilities.
    const auto r = inspector.rollout({HeadFusion::Max, 0.25}, &error);
    QVERIFY2(r, error.c_str());
    QVERIFY(maxAbsDiff(r->matrix.sum(-1), torch::ones({5, c.numTokens()}, torch::kFloat64)) < kExact);
    std::vector<torch::Tensor> probs;
    for (const auto &b : raw.blocks)
        probs.push_back(b.attention);
    const auto direct = attentionRollout(probs, inspector.grid(), {HeadFusion::Max, 0.25});
    QVERIFY(maxAbsDiff(r->map, direct.map) < 1e-6);
    // Mean distance: (L, H), between 0 and the farthest patch pair (√2 · 4 px here).
    const auto dist = inspector.meanAttentionDistance(&error);
    QVERIFY2(dist, error.c_str());
    QCOMPARE(dist->sizes().vec(), (std::vector<int64_t>{c.depth, c.numHeads}));
    QVERIFY(dist->min().item<double>() > 0.0 && dist->max().item<double>() < 4.0 * std::sqrt(2.0));
    // Block outputs: the last one through the final norm is forwardFeatures.
    QVERIFY(maxAbsDiff(net->norm(raw.blocks.back().output), net->forwardFeatures(x)) < 1e-6);
    const auto features = inspector.blockFeatures(BlockFeature::ClassToken, &error);
    QVERIFY2(features, error.c_str());
    QCOMPARE(int(features->size()), c.depth);
    QVERIFY(maxAbsDiff((*features)[1], raw.blocks[1].output.select(1, 0)) < 1e-6);
    // No gates, no branches: empty views, not errors.
    QVERIFY(inspector.codebook()->empty());
    QVERIFY(inspector.branchFeatureSimilarity()->empty());
    QVERIFY(inspector.branchWeightSimilarity()->empty());
    // CKA of the model with itself: symmetric, 1 on the diagonal.
    const auto cka = blockCka(net, net, {test::images(c, 6), test::images(c, 6)}, BlockFeature::PatchMean, &error);
    QVERIFY2(cka, error.c_str());
    QCOMPARE(cka->sizes().vec(), (std::vector<int64_t>{c.depth, c.depth}));
    QVERIFY(maxAbsDiff(cka->diagonal(), torch::ones({c.depth}, torch::kFloat64)) < 1e-9);
    QVERIFY(maxAbsDiff(*cka, cka->t()) < 1e-9);
    // Against a second, differently initialised model: defined and at most 1.
    auto other = test::build(c);
    const auto between = blockCka(net, other, {test::images(c, 8)}, BlockFeature::PatchMean, &error);
    QVERIFY2(between, error.c_str());
    QVERIFY(torch::isfinite(*between).all().item<bool>());
}

void TstAnalysis::inspectorAveragePooling()
{
    auto c = test::tinyConfig();
    c.pooling = model::Pooling::Average;
    auto net = test::build(c);
    const auto x = test::images(c, 3);
    ModelInspector inspector(net, x);
    QCOMPARE(inspector.grid().prefixTokens, 0);
    const auto maps = inspector.attentionMaps();
    QVERIFY(maps);
    // Mean over the 4 query rows: each map sums to 1 (every row does).
    QVERIFY(maxAbsDiff(maps->layers.sum(torch::IntArrayRef{-2, -1}), torch::ones({c.depth, 3, c.numHeads})) < 1e-5);
    const auto r = inspector.rollout();
    QVERIFY(r);
    QVERIFY(std::abs(r->map.sum().item<double>() - 3.0) < 1e-9);
}

void TstAnalysis::inspectorCdeModel()
{
    torch::manual_seed(29);
    auto c = test::tinyCde();  // K 6, soft top-2
    c.gate.embedInit = model::EmbedInit::Normal;
    auto net = test::build(c);
    const auto x = test::images(c, 4);
    ModelInspector inspector(net, x);
    std::string error;
    const auto layers = inspector.codebook(kDefaultDeadFraction, &error);
    QVERIFY2(layers, error.c_str());
    QCOMPARE(int(layers->size()), c.depth);
    net->eval();
    model::ForwardOptions options;
    options.assignments = true;
    torch::NoGradGuard noGrad;
    const auto raw = net->forwardWithIntermediates(x, options);
    for (const auto &layer : *layers) {
        const auto &rec = raw.blocks[size_t(layer.block)];
        QCOMPARE(layer.stats.tokens, int64_t(4 * c.numTokens()));
        QVERIFY(std::abs(layer.stats.usage.sum().item<double>() - 1.0) < kExact);
        QVERIFY(layer.stats.perplexity >= 1.0 && layer.stats.perplexity <= 6.0 + 1e-9);
        QVERIFY(layer.stats.meanEntropy > 0.0 && layer.stats.meanEntropy <= std::log(2.0) + 1e-9);
        QVERIFY(std::abs(layer.stats.meanGateNorm - rec.gateNorm.mean().item<double>()) < 1e-6);
        QCOMPARE(layer.codeMap.sizes().vec(), (std::vector<int64_t>{4, 2, 2}));
        QVERIFY(layer.codeMap.min().item<int64_t>() >= 0 && layer.codeMap.max().item<int64_t>() < 6);
        QVERIFY(torch::equal(layer.codeMap, patchCodeMap(rec.codeIndices, rec.codeWeights, inspector.grid())));
        const auto dense = (torch::one_hot(rec.codeIndices, 6).to(torch::kFloat64)
                            * rec.codeWeights.to(torch::kFloat64).unsqueeze(-1)).sum(2);  // (B, N, K)
        QVERIFY(maxAbsDiff(layer.stats.usage, dense.mean(torch::IntArrayRef{0, 1})) < 1e-6);
        const int64_t used = layer.codeMap.flatten()[0].item<int64_t>();
        const auto top = topImagesForCode(layer.codeIndices, layer.codeWeights, used, inspector.grid(), 4);
        QVERIFY(!top.empty());
    }
    // Hard VQ: entropy 0 and integer-valued counts behind the usage.
    c.gate.assign = model::AssignKind::HardVq;
    auto vq = test::build(c);
    const auto vqLayers = ModelInspector(vq, x).codebook();
    QVERIFY(vqLayers && !vqLayers->empty());
    QCOMPARE(vqLayers->front().stats.meanEntropy, 0.0);
    const auto counts = vqLayers->front().stats.usage * double(vqLayers->front().stats.tokens);
    QVERIFY(maxAbsDiff(counts, counts.round()) < 1e-9);
}

void TstAnalysis::inspectorParallelModel()
{
    torch::manual_seed(31);
    const auto c = tinyParallel(3);
    auto net = test::build(c);
    ModelInspector inspector(net, test::images(c, 4));
    std::string error;
    const auto maps = inspector.attentionMaps(&error);
    QVERIFY2(maps, error.c_str());
    QCOMPARE(maps->branches.sizes().vec(), (std::vector<int64_t>{c.depth, 4, 3, c.numHeads, 2, 2}));
    QVERIFY(maxAbsDiff(maps->branches.mean(2), maps->layers) < 1e-6);
    const auto features = inspector.branchFeatureSimilarity(&error);
    QVERIFY2(features, error.c_str());
    QCOMPARE(int(features->size()), c.depth);
    QCOMPARE(features->front().mlp.sizes().vec(), (std::vector<int64_t>{3, 3}));
    QVERIFY(maxAbsDiff(features->front().mlp, features->front().mlp.t()) < 1e-6);
    const auto weights = inspector.branchWeightSimilarity(&error);
    QVERIFY2(weights, error.c_str());
    QCOMPARE(int(weights->size()), c.depth);
    QVERIFY(maxAbsDiff(weights->back().qk.diagonal(), torch::ones({3})) < 1e-6);
    // The three forward options of these views share the kept pass; results are on the CPU.
    QCOMPARE(features->front().attention.device().type(), torch::kCPU);
    QVERIFY(inspector.meanAttentionDistance());
    // A folded model has no branches left.
    auto joined = c;
    joined.join.strength = 1.0;
    auto folded = test::build(joined);
    QVERIFY(folded->fold().ok);
    QVERIFY(ModelInspector(folded, test::images(c, 2)).branchWeightSimilarity()->empty());
}

void TstAnalysis::inspectorErrorsAndMode()
{
    const auto c = test::tinyConfig();
    auto net = test::build(c);
    net->train();
    ModelInspector inspector(net, test::images(c, 2));
    QVERIFY(inspector.rollout());
    QVERIFY(net->is_training());  // restored
    std::string error;
    // Fewer than 4 images per batch: the unbiased HSIC is not defined.
    QVERIFY(!blockCka(net, net, {test::images(c, 3)}, BlockFeature::PatchMean, &error));
    QVERIFY2(error.find("at least 4") != std::string::npos, error.c_str());
    QVERIFY(!blockCka(net, net, {}, BlockFeature::PatchMean, &error));
    QVERIFY(!error.empty());
    // Images of the wrong size fail as a message.
    ModelInspector wrong(net, torch::randn({2, 3, 12, 12}));
    QVERIFY(!wrong.attentionMaps(&error));
    QVERIFY(!error.empty());
    QVERIFY(net->is_training());
    // Bad options too.
    QVERIFY(!inspector.rollout({HeadFusion::Mean, 1.5}, &error));
    QVERIFY2(error.find("[0, 1]") != std::string::npos, error.c_str());
}

void TstAnalysis::cudaMatchesCpu()
{
    if (!torch::cuda::is_available())
        QSKIP("no CUDA device");
    torch::manual_seed(37);
    const torch::Device cuda(torch::kCUDA);
    const auto g = grid(1, 3, 3, 16);
    const auto a = torch::softmax(torch::randn({2, 3, 10, 10}, torch::kFloat64), -1);
    const auto cpu = attentionRollout({a, a}, g, {HeadFusion::Min, 0.3});
    const auto gpu = attentionRollout({a.to(cuda), a.to(cuda)}, g, {HeadFusion::Min, 0.3});
    QVERIFY(maxAbsDiff(cpu.matrix, gpu.matrix.cpu()) < 1e-12);
    QVERIFY(maxAbsDiff(meanAttentionDistance(a, g), meanAttentionDistance(a.to(cuda), g).cpu()) < 1e-12);
    const auto x = torch::randn({16, 5}, torch::kFloat64), y = torch::randn({16, 3}, torch::kFloat64);
    QVERIFY(std::abs(linearCka(x, y) - linearCka(x.to(cuda), y.to(cuda))) < 1e-12);
    const auto idx = torch::randint(8, {4, 10, 2}, torch::kLong), w = torch::rand({4, 10, 2});
    QVERIFY(maxAbsDiff(codebookStats(idx, w, 8).usage, codebookStats(idx.to(cuda), w.to(cuda), 8).usage) < 1e-6);
    const auto c = test::tinyCde();
    auto net = test::build(c);
    net->to(cuda);
    ModelInspector inspector(net, test::images(c, 4));
    QVERIFY(inspector.codebook() && inspector.rollout() && inspector.meanAttentionDistance());
}

GATEFOLD_TEST_MAIN(TstAnalysis)
#include "tst_analysis.moc"
