// The fused CPU kernels behind the CDE gate and the branch joining, each
// against a plain LibTorch reference path (index_select / topk / F::normalize,
// element-wise joins and cosines, and autograd).

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "model/branchjoin.h"
#include "model/branchsimilarity.h"
#include "model/gatedscale.h"
#include "model/rownormalize.h"
#include "model/sparsemix.h"

#include <torch/torch.h>
#endif

using namespace gatefold::model;

namespace {

// Reference mixture: Σ_j w[:, j] · table[idx[:, j]] through autograd-tracked ops.
torch::Tensor referenceMix(const torch::Tensor &w, const torch::Tensor &idx, const torch::Tensor &table)
{
    torch::Tensor out = torch::zeros({w.size(0), table.size(1)}, table.options());
    for (int64_t j = 0; j < w.size(1); ++j)
        out = out + table.index_select(0, idx.select(1, j)) * w.select(1, j).unsqueeze(1);
    return out;
}

double maxRelDiff(const torch::Tensor &a, const torch::Tensor &b)
{
    const double scale = std::max(1.0, b.abs().max().item<double>());
    return (a - b).abs().max().item<double>() / scale;
}

torch::Tensor leaf(torch::Tensor t)
{
    return t.detach().requires_grad_(true);
}

// (1−λ)·t + λ·Σ_branches t by element-wise autograd ops.
torch::Tensor composedJoin(const torch::Tensor &t, int64_t dim, double lambda)
{
    return t * (1.0 - lambda) + t.sum(dim, true) * lambda;
}

// mean over pairs of E_tokens[cos²] by element-wise autograd ops.
torch::Tensor composedDiversity(const torch::Tensor &f)
{
    const int64_t n = f.size(0);
    auto rows = f.reshape({n, -1, f.size(-1)});
    auto unit = rows / rows.norm(2, -1, true).clamp_min(1e-12);
    torch::Tensor total = torch::zeros({}, f.options());
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = i + 1; j < n; ++j)
            total = total + (unit[i] * unit[j]).sum(-1).square().mean();
    return total / double(n * (n - 1) / 2);
}

void addDtypeRows(const char *what)
{
    QTest::addColumn<bool>("doublePrecision");
    QTest::addColumn<int>("branches");
    for (int n : {2, 3, 5})
        for (bool dp : {false, true})
            QTest::newRow(qPrintable(QString("%1 n=%2 %3").arg(what).arg(n).arg(dp ? "f64" : "f32"))) << dp << n;
}

} // namespace

class TstKernels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { torch::manual_seed(7); }
    void cleanup() { at::set_num_threads(1); }

    void sparseMixMatchesReference_data();
    void sparseMixMatchesReference();
    void topKProductsMatchesDenseTopK_data();
    void topKProductsMatchesDenseTopK();
    void topKKeepsLowerIndexOnTies();
    void topKCosineMatchesNormalisedTopK_data();
    void topKCosineMatchesNormalisedTopK();
    void gatedScaleMatchesReference_data();
    void gatedScaleMatchesReference();
    void gatedScaleAtZeroStrengthIsIdentity();
    void normalizeMatchesFunctional_data();
    void normalizeMatchesFunctional();
    void normalizeZeroRowStaysFinite();
    void resultsDoNotDependOnThreadCount();
    void joinMatchesComposed_data();
    void joinMatchesComposed();
    void joinGeluMatchesComposed_data();
    void joinGeluMatchesComposed();
    void diversityMatchesComposed_data();
    void diversityMatchesComposed();
};

void TstKernels::sparseMixMatchesReference_data()
{
    QTest::addColumn<int>("dtype");  // 0 float32, 1 float64
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("d");
    QTest::addColumn<double>("tol");
    // float32 tolerances cover reassociation of k-term sums; float64 is near exact.
    QTest::newRow("f64 k1 d1") << 1 << 1 << 1 << 1e-12;
    QTest::newRow("f64 k4 d7") << 1 << 4 << 7 << 1e-12;
    QTest::newRow("f64 k5 d33") << 1 << 5 << 33 << 1e-12;
    QTest::newRow("f32 k4 d192") << 0 << 4 << 192 << 1e-5;
    QTest::newRow("f32 k8 d50") << 0 << 8 << 50 << 1e-5;
}

void TstKernels::sparseMixMatchesReference()
{
    QFETCH(int, dtype);
    QFETCH(int, k);
    QFETCH(int, d);
    QFETCH(double, tol);
    const auto opts = torch::TensorOptions().dtype(dtype ? torch::kFloat64 : torch::kFloat32);
    const int64_t m = 37, codes = 11;
    auto w = leaf(torch::randn({m, k}, opts)), table = leaf(torch::randn({codes, d}, opts));
    auto idx = torch::randint(codes, {m, k}, torch::kLong);
    auto w2 = leaf(w), table2 = leaf(table);
    auto upstream = torch::randn({m, d}, opts);

    auto out = sparseMix(w, idx, table);
    auto ref = referenceMix(w2, idx, table2);
    QVERIFY(maxRelDiff(out, ref) < tol);
    (out * upstream).sum().backward();
    (ref * upstream).sum().backward();
    QVERIFY2(maxRelDiff(w.grad(), w2.grad()) < tol, "dL/dw");
    QVERIFY2(maxRelDiff(table.grad(), table2.grad()) < tol, "dL/dtable");
}

void TstKernels::topKProductsMatchesDenseTopK_data()
{
    QTest::addColumn<int>("k");
    QTest::newRow("k=1") << 1;
    QTest::newRow("k=4") << 4;
    QTest::newRow("k=13 (n-3)") << 13;
    QTest::newRow("k=16 (n)") << 16;
}

void TstKernels::topKProductsMatchesDenseTopK()
{
    QFETCH(int, k);
    const auto opts = torch::TensorOptions().dtype(torch::kFloat64);
    auto a = leaf(torch::randn({53, 9}, opts)), b = leaf(torch::randn({16, 9}, opts));
    auto a2 = leaf(a), b2 = leaf(b);
    auto [values, indices] = topKProducts(a, b, k);
    auto [refValues, refIndices] = torch::matmul(a2, b2.t()).topk(k, -1);
    QVERIFY(torch::equal(indices, refIndices));  // continuous random data: no ties
    QVERIFY(torch::equal(values, refValues));    // the same products, selected
    auto upstream = torch::randn({53, k}, opts);
    (values * upstream).sum().backward();
    (refValues * upstream).sum().backward();
    // The sparse backward sums k terms where the dense one sums K (mostly zeros).
    QVERIFY2(maxRelDiff(a.grad(), a2.grad()) < 1e-12, "dL/da");
    QVERIFY2(maxRelDiff(b.grad(), b2.grad()) < 1e-12, "dL/db");
}

void TstKernels::topKKeepsLowerIndexOnTies()
{
    // a·bᵀ with a = [1] and b = [2, 5, 5, 1, 5]: three tied maxima.
    auto a = torch::ones({1, 1}, torch::kFloat64);
    auto b = torch::tensor({2.0, 5.0, 5.0, 1.0, 5.0}, torch::kFloat64).view({5, 1});
    auto [values, indices] = topKProducts(a, b, 4);
    QCOMPARE(indices.flatten()[0].item<int64_t>(), int64_t(1));
    QCOMPARE(indices.flatten()[1].item<int64_t>(), int64_t(2));
    QCOMPARE(indices.flatten()[2].item<int64_t>(), int64_t(4));
    QCOMPARE(indices.flatten()[3].item<int64_t>(), int64_t(0));
    QCOMPARE(values.flatten()[3].item<double>(), 2.0);
}

void TstKernels::topKCosineMatchesNormalisedTopK_data()
{
    QTest::addColumn<int>("k");
    QTest::addColumn<double>("scale");  // row scale of a: cosines must not care
    QTest::newRow("k=1") << 1 << 1.0;
    QTest::newRow("k=4") << 4 << 1.0;
    QTest::newRow("k=4, large rows") << 4 << 1e3;
    QTest::newRow("k=5, small rows") << 5 << 1e-3;
}

void TstKernels::topKCosineMatchesNormalisedTopK()
{
    QFETCH(int, k);
    QFETCH(double, scale);
    namespace F = torch::nn::functional;
    const auto opts = torch::TensorOptions().dtype(torch::kFloat64);
    auto a = leaf(torch::randn({41, 12}, opts) * scale), b = leaf(torch::randn({16, 12}, opts));
    auto a2 = leaf(a), b2 = leaf(b);
    auto [values, indices] = topKCosine(a, b, k);
    // Reference: normalise a first (Eq. 1), then the dense top-k.
    auto [refValues, refIndices] = torch::matmul(F::normalize(a2, F::NormalizeFuncOptions().dim(-1)), b2.t()).topk(k, -1);
    QVERIFY(torch::equal(indices, refIndices));
    QVERIFY(maxRelDiff(values, refValues) < 1e-12);
    auto upstream = torch::randn({41, k}, opts);
    (values * upstream).sum().backward();
    (refValues * upstream).sum().backward();
    // Relative to the largest entry: float64 sums of a few terms in another order.
    QVERIFY2(maxRelDiff(a.grad() * scale, a2.grad() * scale) < 1e-12, "dL/da");
    QVERIFY2(maxRelDiff(b.grad(), b2.grad()) < 1e-12, "dL/db");
}

void TstKernels::gatedScaleMatchesReference_data()
{
    QTest::addColumn<int>("dtype");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("d");
    QTest::addColumn<double>("lambda");
    QTest::addColumn<double>("tol");
    QTest::newRow("f64 k4 d24 l1") << 1 << 4 << 24 << 1.0 << 1e-12;
    QTest::newRow("f64 k1 d5 l0.3") << 1 << 1 << 5 << 0.3 << 1e-12;
    QTest::newRow("f64 k6 d40 l2.5") << 1 << 6 << 40 << 2.5 << 1e-12;
    QTest::newRow("f32 k4 d768 l1") << 0 << 4 << 768 << 1.0 << 1e-5;
}

void TstKernels::gatedScaleMatchesReference()
{
    QFETCH(int, dtype);
    QFETCH(int, k);
    QFETCH(int, d);
    QFETCH(double, lambda);
    QFETCH(double, tol);
    const auto opts = torch::TensorOptions().dtype(dtype ? torch::kFloat64 : torch::kFloat32);
    const int64_t m = 29, codes = 9;
    auto y = leaf(torch::randn({m, d}, opts)), w = leaf(torch::rand({m, k}, opts));
    auto embed = leaf(torch::randn({codes, d}, opts) * 0.5);
    auto idx = torch::randint(codes, {m, k}, torch::kLong);
    auto y2 = leaf(y), w2 = leaf(w), embed2 = leaf(embed);
    auto upstream = torch::randn({m, d}, opts);

    auto out = gatedScale(y, w, idx, embed, lambda);
    auto ref = y2 * (1.0 + lambda * referenceMix(w2, idx, embed2));  // Eqs. 2-3 literally
    QVERIFY(maxRelDiff(out, ref) < tol);
    (out * upstream).sum().backward();
    (ref * upstream).sum().backward();
    QVERIFY2(maxRelDiff(y.grad(), y2.grad()) < tol, "dL/dy");
    QVERIFY2(maxRelDiff(w.grad(), w2.grad()) < tol, "dL/dw");
    QVERIFY2(maxRelDiff(embed.grad(), embed2.grad()) < tol, "dL/dE");
}

void TstKernels::gatedScaleAtZeroStrengthIsIdentity()
{
    auto y = leaf(torch::randn({31, 16})), w = leaf(torch::rand({31, 3}));
    auto embed = leaf(torch::randn({7, 16}));
    auto idx = torch::randint(7, {31, 3}, torch::kLong);
    auto out = gatedScale(y, w, idx, embed, 0.0);
    QVERIFY(torch::equal(out, y));  // bit for bit
    out.sum().backward();
    QVERIFY(torch::equal(y.grad(), torch::ones_like(y)));
    QVERIFY(w.grad().defined() && torch::equal(w.grad(), torch::zeros_like(w)));
    QVERIFY(embed.grad().defined() && torch::equal(embed.grad(), torch::zeros_like(embed)));
}

void TstKernels::normalizeMatchesFunctional_data()
{
    QTest::addColumn<int>("dtype");
    QTest::addColumn<double>("tol");
    QTest::newRow("float64") << 1 << 1e-13;
    QTest::newRow("float32") << 0 << 1e-6;
}

void TstKernels::normalizeMatchesFunctional()
{
    QFETCH(int, dtype);
    QFETCH(double, tol);
    namespace F = torch::nn::functional;
    const auto opts = torch::TensorOptions().dtype(dtype ? torch::kFloat64 : torch::kFloat32);
    auto x = leaf(torch::randn({4, 13, 37}, opts) * 3.0), x2 = leaf(x);
    auto out = normalizeLastDim(x);
    auto ref = F::normalize(x2, F::NormalizeFuncOptions().dim(-1));
    QCOMPARE(out.sizes(), ref.sizes());
    QVERIFY(maxRelDiff(out, ref) < tol);
    auto upstream = torch::randn(out.sizes(), opts);
    (out * upstream).sum().backward();
    (ref * upstream).sum().backward();
    QVERIFY(maxRelDiff(x.grad(), x2.grad()) < tol * 10);
}

void TstKernels::normalizeZeroRowStaysFinite()
{
    auto x = leaf(torch::zeros({2, 5}, torch::kFloat64));
    auto out = normalizeLastDim(x);
    QVERIFY(torch::equal(out, torch::zeros_like(out)));
    out.sum().backward();
    QVERIFY(torch::isfinite(x.grad()).all().item<bool>());
}

void TstKernels::resultsDoNotDependOnThreadCount()
{
    auto w = torch::rand({997, 4}), table = torch::randn({64, 96}), src = torch::randn({997, 96});
    auto idx = torch::randint(64, {997, 4}, torch::kLong);
    auto y = torch::randn({997, 96});
    at::set_num_threads(1);
    auto g1 = gatherMix(w, idx, table), s1 = scatterMix(w, idx, src, 64), d1 = rowDots(src, idx, table);
    auto o1 = gatedScale(y, w, idx, table, 0.7);
    at::set_num_threads(2);
    QVERIFY(torch::equal(g1, gatherMix(w, idx, table)));
    QVERIFY(torch::equal(s1, scatterMix(w, idx, src, 64)));
    QVERIFY(torch::equal(d1, rowDots(src, idx, table)));
    QVERIFY(torch::equal(o1, gatedScale(y, w, idx, table, 0.7)));
}

void TstKernels::joinMatchesComposed_data()
{
    addDtypeRows("join");
}

void TstKernels::joinMatchesComposed()
{
    QFETCH(bool, doublePrecision);
    QFETCH(int, branches);
    const auto opts = torch::dtype(doublePrecision ? torch::kFloat64 : torch::kFloat32);
    const double tol = doublePrecision ? 1e-13 : 2e-6;
    at::set_num_threads(2);
    // Attention logits layout (B, n, H, T, T) joined over dim 1, and a tail
    // longer than one 4096-element chunk; plus a non-contiguous input.
    for (auto shape : {std::vector<int64_t>{3, branches, 2, 7, 7}, std::vector<int64_t>{2, branches, 5001}}) {
        const auto base = torch::randn(shape, opts);
        for (double lambda : {0.3, 0.9}) {
            auto x1 = leaf(base), x2 = leaf(base);
            const auto got = joinBranches(x1, 1, lambda), want = composedJoin(x2, 1, lambda);
            QVERIFY(maxRelDiff(got, want) <= tol);
            const auto g = torch::randn_like(want);
            got.backward(g);
            want.backward(g);
            QVERIFY(maxRelDiff(x1.grad(), x2.grad()) <= tol);
        }
    }
    const auto strided = torch::randn({branches, 6, 4}, opts).transpose(0, 1);  // (6, n, 4) with a strided branch axis
    QVERIFY(maxRelDiff(joinBranches(strided, 1, 0.5), composedJoin(strided, 1, 0.5)) <= tol);
    // λ = 1 gives every branch the sum itself (kept as one broadcastable slice).
    QVERIFY(torch::equal(joinBranches(strided, 1, 1.0), strided.sum(1, true)));
}

void TstKernels::joinGeluMatchesComposed_data()
{
    addDtypeRows("join+gelu");
}

void TstKernels::joinGeluMatchesComposed()
{
    QFETCH(bool, doublePrecision);
    QFETCH(int, branches);
    const auto opts = torch::dtype(doublePrecision ? torch::kFloat64 : torch::kFloat32);
    const double tol = doublePrecision ? 1e-13 : 2e-6;
    at::set_num_threads(2);
    // (n, M, d_ff) with M·d_ff spanning several 16384-element chunks and a tail.
    const auto base = torch::randn({branches, 37, 1000}, opts) * 2.0;
    for (double lambda : {0.0, 0.25, 0.8, 1.0}) {
        auto x1 = leaf(base), x2 = leaf(base);
        const auto got = joinGelu(x1, lambda);
        const auto want = torch::gelu(lambda == 1.0 ? x2.sum(0, true) : composedJoin(x2, 0, lambda));
        QVERIFY2(maxRelDiff(got, want) <= tol, qPrintable(QString("lambda %1").arg(lambda)));
        const auto g = torch::randn_like(want);
        got.backward(g);
        want.backward(g);
        QVERIFY2(maxRelDiff(x1.grad(), x2.grad()) <= tol, qPrintable(QString("grad, lambda %1").arg(lambda)));
    }
}

void TstKernels::diversityMatchesComposed_data()
{
    addDtypeRows("diversity");
}

void TstKernels::diversityMatchesComposed()
{
    QFETCH(bool, doublePrecision);
    QFETCH(int, branches);
    const auto opts = torch::dtype(doublePrecision ? torch::kFloat64 : torch::kFloat32);
    const double tol = doublePrecision ? 1e-12 : 1e-5;
    at::set_num_threads(2);
    auto base = torch::randn({branches, 3, 41, 24}, opts);
    // Correlated branches (cosines far from 0) and one all-zero token.
    base = base + base[0].unsqueeze(0) * 1.5;
    base.select(2, 5).zero_();
    auto x1 = leaf(base), x2 = leaf(base);
    const auto got = branchDiversity(x1), want = composedDiversity(x2);
    QVERIFY2(std::abs(got.item<double>() - want.item<double>()) <= tol,
             qPrintable(QString("%1 vs %2").arg(got.item<double>()).arg(want.item<double>())));
    (got * 3.0).backward();
    (want * 3.0).backward();
    QVERIFY(torch::isfinite(x1.grad()).all().item<bool>());
    QVERIFY2(maxRelDiff(x1.grad(), x2.grad()) <= tol, qPrintable(QString::number(maxRelDiff(x1.grad(), x2.grad()))));
    // The same number on one thread: a fixed summation order.
    at::set_num_threads(1);
    QCOMPARE(branchDiversity(base).item<double>(), got.item<double>());
}

GATEFOLD_TEST_MAIN(TstKernels)
#include "tst_kernels.moc"
