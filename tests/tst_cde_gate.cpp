// The CDE gate equation by equation (core/model/README.md, CDE "The gate"): each step of
// the library against a hand-computed example or an independent float64 path.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "model/assignment.h"
#include "model/codebookgate.h"
#include "config/configvalidator.h"
#include "model/mlp.h"
#include "testsupport.h"

#include <torch/torch.h>

#include <cmath>
#include <set>
#endif

using namespace gatefold::model;
using namespace gatefold::test;


namespace {
}

class TstCdeGate : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cosineLogitsHandExample();
    void cosineLogitsMatchLoop_data();
    void cosineLogitsMatchLoop();

    void softTopKMatchesReference_data();
    void softTopKMatchesReference();
    void fullMixtureIsSoftmax_data();
    void fullMixtureIsSoftmax();
    void topKLargerThanCodebookIsInvalid();

    void hardVqForwardIsExactGather();
    void hardVqGradientsMatchStraightThrough_data();
    void hardVqGradientsMatchStraightThrough();

    void gateScalesMlp_data();
    void gateScalesMlp();

    void gatePathMatchesReference_data();
    void gatePathMatchesReference();
};

// Eq. 1 with numbers small enough to do on paper: d = 2, τ = 2.
//   z0 = (3, 4)  -> (0.6, 0.8);     z1 = (0, -2) -> (0, -1)
//   C0 = (1, 0);  C1 = (0, 5) -> (0, 1);  C2 = (1, 1) -> (1, 1)/√2
//   s0 = 2·(0.6, 0.8, 1.4/√2) = (1.2, 1.6, 1.4·√2)
//   s1 = 2·(0, -1, -1/√2)     = (0, -2, -√2)
void TstCdeGate::cosineLogitsHandExample()
{
    auto z = torch::tensor({3.0, 4.0, 0.0, -2.0}, f64).view({1, 2, 2});
    auto c = torch::tensor({1.0, 0.0, 0.0, 5.0, 1.0, 1.0}, f64).view({3, 2});
    auto expected = torch::tensor({1.2, 1.6, 1.9798989873223332, 0.0, -2.0, -1.4142135623730951}, f64).view({1, 2, 3});
    auto s = cosineLogits(z, c, 2.0);
    QCOMPARE(s.sizes().vec(), (std::vector<int64_t>{1, 2, 3}));
    // float64 normalisation and a 2-term dot product: a few ulps.
    QVERIFY2(maxAbsDiff(s, expected) < 1e-12, qPrintable(QString::number(maxAbsDiff(s, expected))));
}

void TstCdeGate::cosineLogitsMatchLoop_data()
{
    QTest::addColumn<int>("tokens");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("codes");
    QTest::addColumn<double>("tau");
    QTest::newRow("d 5, K 6, tau 1") << 4 << 5 << 6 << 1.0;
    QTest::newRow("d 12, K 16, tau 12") << 7 << 12 << 16 << 12.0;
    QTest::newRow("d 3, K 1, tau 0.25") << 3 << 3 << 1 << 0.25;
}

void TstCdeGate::cosineLogitsMatchLoop()
{
    QFETCH(int, tokens);
    QFETCH(int, width);
    QFETCH(int, codes);
    QFETCH(double, tau);
    torch::manual_seed(1);
    auto z = torch::randn({2, tokens, width}, f64) * 3.0;  // norms far from 1: normalisation matters
    auto c = torch::randn({codes, width}, f64);
    auto s = cosineLogits(z, c, tau);
    auto ref = referenceCosineLogits(z, c, tau);
    QCOMPARE(s.sizes().vec(), ref.sizes().vec());
    QVERIFY2(maxAbsDiff(s, ref) < 1e-12 * tau, qPrintable(QString::number(maxAbsDiff(s, ref))));  // float64
    QVERIFY(s.abs().max().item<double>() <= tau * (1 + 1e-12));  // cosines lie in [-1, 1]
}

void TstCdeGate::softTopKMatchesReference_data()
{
    QTest::addColumn<int>("k");
    QTest::newRow("k 1") << 1;
    QTest::newRow("k 2") << 2;
    QTest::newRow("k 3") << 3;
    QTest::newRow("k K-1") << 6;
}

void TstCdeGate::softTopKMatchesReference()
{
    QFETCH(int, k);
    const int codes = 7, dg = 5;
    torch::manual_seed(2);
    auto logits = torch::randn({2, 3, codes}, f64) * 4.0;
    auto embed = torch::randn({codes, dg}, f64);

    const Assignment a = assignCodes(logits, AssignKind::SoftTopK, k);
    QVERIFY(!a.dense);
    QCOMPARE(a.indices.sizes().vec(), (std::vector<int64_t>{2, 3, k}));
    const auto g = mixGate(a, embed);
    const auto ref = referenceSoftTopK(logits, k, embed);

    QCOMPARE(g.sizes().vec(), (std::vector<int64_t>{2, 3, dg}));
    QVERIFY2(maxAbsDiff(g, ref.g) < 1e-12, qPrintable(QString::number(maxAbsDiff(g, ref.g))));  // float64
    QVERIFY(maxAbsDiff(a.weights.sum(-1), torch::ones({2, 3}, f64)) < 1e-12);
    QVERIFY(maxAbsDiff(a.weights, ref.weights) < 1e-12);
    // The chosen codes are the k largest logits (as sets: order is free).
    auto mine = std::get<0>(a.indices.sort(-1));
    auto theirs = std::get<0>(ref.indices.sort(-1));
    QVERIFY(torch::equal(mine, theirs));
    // and nothing left out beats anything kept.
    auto kept = logits.gather(-1, a.indices).amin(-1);
    auto dropped = logits.scatter(-1, a.indices, -1e300).amax(-1);
    if (k < codes)
        QVERIFY((kept > dropped).all().item<bool>());
}

void TstCdeGate::fullMixtureIsSoftmax_data()
{
    QTest::addColumn<int>("k");
    QTest::newRow("k = K") << 6;
    QTest::newRow("k > K") << 9;
}

void TstCdeGate::fullMixtureIsSoftmax()
{
    QFETCH(int, k);
    const int codes = 6, dg = 4;
    torch::manual_seed(3);
    auto logits = torch::randn({2, 5, codes}, f64) * 3.0;
    auto embed = torch::randn({codes, dg}, f64);

    const Assignment a = assignCodes(logits, AssignKind::SoftTopK, k);
    QVERIFY(a.dense);
    const auto g = mixGate(a, embed);

    // softmax(s) · E written out.
    auto s = logits.reshape({-1, codes}).contiguous();
    auto expected = torch::zeros({s.size(0), dg}, f64);
    auto sa = s.accessor<double, 2>();
    auto ea = embed.accessor<double, 2>();
    auto xa = expected.accessor<double, 2>();
    for (int64_t t = 0; t < s.size(0); ++t) {
        double top = sa[t][0], sum = 0;
        for (int j = 1; j < codes; ++j)
            top = std::max(top, sa[t][j]);
        for (int j = 0; j < codes; ++j)
            sum += std::exp(sa[t][j] - top);
        for (int j = 0; j < codes; ++j)
            for (int c = 0; c < dg; ++c)
                xa[t][c] += std::exp(sa[t][j] - top) / sum * ea[j][c];
    }
    QVERIFY2(maxAbsDiff(g, expected.view({2, 5, dg})) < 1e-12, qPrintable(QString::number(maxAbsDiff(g, expected.view({2, 5, dg})))));
    QVERIFY(maxAbsDiff(a.weights.sum(-1), torch::ones({2, 5}, f64)) < 1e-12);
}

void TstCdeGate::topKLargerThanCodebookIsInvalid()
{
    ViTConfig c = tinyCde();
    c.gate.topK = c.gate.codebookSize;
    QVERIFY(validateConfig(c).empty());
    c.gate.topK = c.gate.codebookSize + 1;
    const auto problems = validateConfig(c);
    QCOMPARE(int(problems.size()), 1);
    QCOMPARE(QString::fromStdString(problems[0].field), QStringLiteral("gate.top_k"));
}

void TstCdeGate::hardVqForwardIsExactGather()
{
    const int codes = 9, dg = 7;
    torch::manual_seed(4);
    auto z = torch::randn({3, 4, 8});
    auto codebook = torch::randn({codes, 8});
    auto embed = torch::randn({codes, dg});
    auto s = cosineLogits(z, codebook, 12.0);
    const Assignment a = assignCodes(s, AssignKind::HardVq, 4);  // k is ignored by VQ
    QCOMPARE(a.indices.sizes().vec(), (std::vector<int64_t>{3, 4, 1}));
    QVERIFY(torch::equal(a.indices.squeeze(-1), s.argmax(-1)));
    QVERIFY(torch::equal(a.weights, torch::ones({3, 4, 1})));  // exactly one, not 1 - ε
    const auto g = mixGate(a, embed);
    QVERIFY(torch::equal(g, embed.index_select(0, s.argmax(-1).flatten()).view({3, 4, dg})));
}

void TstCdeGate::hardVqGradientsMatchStraightThrough_data()
{
    QTest::addColumn<int>("codes");
    QTest::addColumn<int>("gateWidth");
    QTest::addColumn<double>("tau");
    QTest::newRow("K 5, d_g 6, tau 1") << 5 << 6 << 1.0;
    QTest::newRow("K 9, d_g 16, tau 4") << 9 << 16 << 4.0;
}

// The library never forms α; the reference does, exactly as core/model/README.md writes it:
// α = onehot + (p − stopgrad(p)), g = α · E.
void TstCdeGate::hardVqGradientsMatchStraightThrough()
{
    QFETCH(int, codes);
    QFETCH(int, gateWidth);
    QFETCH(double, tau);
    const int d = 8;
    torch::manual_seed(5);
    auto z = torch::randn({2, 5, d}, f64).requires_grad_();
    auto codebook = torch::randn({codes, d}, f64).requires_grad_();
    auto embed = torch::randn({codes, gateWidth}, f64).requires_grad_();
    auto upstream = torch::randn({2, 5, gateWidth}, f64);  // a generic dL/dg

    auto s = cosineLogits(z, codebook, tau);
    auto g = mixGate(assignCodes(s, AssignKind::HardVq, 1), embed);
    (g * upstream).sum().backward();

    auto z2 = z.detach().clone().requires_grad_();
    auto c2 = codebook.detach().clone().requires_grad_();
    auto e2 = embed.detach().clone().requires_grad_();
    auto s2 = torch::matmul(z2 / z2.norm(2, -1, true), (c2 / c2.norm(2, -1, true)).t()) * tau;
    QVERIFY(torch::equal(s2.argmax(-1), s.argmax(-1)));  // same winner, else the comparison is moot
    auto p = s2.softmax(-1);
    auto onehot = torch::one_hot(s2.argmax(-1), codes).to(torch::kFloat64);
    auto alpha = onehot + (p - p.detach());
    auto gRef = torch::matmul(alpha, e2);
    (gRef * upstream).sum().backward();

    // float64 through normalise/softmax/matmul: 1e-10 leaves room for summation order.
    QVERIFY(maxAbsDiff(g, gRef) < 1e-10);
    QVERIFY2(maxAbsDiff(z.grad(), z2.grad()) < 1e-10, qPrintable(QString::number(maxAbsDiff(z.grad(), z2.grad()))));
    QVERIFY2(maxAbsDiff(codebook.grad(), c2.grad()) < 1e-10,
             qPrintable(QString::number(maxAbsDiff(codebook.grad(), c2.grad()))));
    QVERIFY2(maxAbsDiff(embed.grad(), e2.grad()) < 1e-10, qPrintable(QString::number(maxAbsDiff(embed.grad(), e2.grad()))));
    // Both gate parameters learn through the estimator.
    QVERIFY(torch::count_nonzero(codebook.grad()).item<int64_t>() > 0);
    QVERIFY(torch::count_nonzero(embed.grad()).item<int64_t>() > 0);
    QVERIFY(torch::count_nonzero(z.grad()).item<int64_t>() > 0);
}

void TstCdeGate::gateScalesMlp_data()
{
    QTest::addColumn<bool>("expand");
    QTest::addColumn<bool>("vq");
    QTest::newRow("width, soft") << false << false;
    QTest::newRow("width, vq") << false << true;
    QTest::newRow("expand, soft") << true << false;
    QTest::newRow("expand, vq") << true << true;
}

// Eq. 3 on one MLP. Every row of E is the same known vector e, so g = e
// whichever codes are chosen (the weights sum to 1), and the gated output is
// y ⊙ (1 + λ e) with y computed here from the module's own fc1/fc2.
void TstCdeGate::gateScalesMlp()
{
    QFETCH(bool, expand);
    QFETCH(bool, vq);
    torch::manual_seed(6);
    ViTConfig c = tinyCde();
    c.gate.target = expand ? GateTarget::Expand : GateTarget::Width;
    c.gate.assign = vq ? AssignKind::HardVq : AssignKind::SoftTopK;
    c.gate.codebookSharing = Sharing::PerLayer;
    c.gate.embedSharing = Sharing::PerLayer;
    c.gate.strength = 0.5;
    const int dg = c.gateWidth();
    QCOMPARE(dg, expand ? 24 : 12);

    Mlp mlp(c, CodebookGate(c, torch::Tensor(), torch::Tensor()), false);
    mlp->to(torch::kFloat64);
    mlp->eval();
    randomize(*mlp);
    auto e = torch::arange(dg, f64) * 0.1 - 0.7;  // e_j = 0.1 j − 0.7: mixed signs, one exact zero
    {
        torch::NoGradGuard noGrad;
        auto params = paramMap(*mlp);
        QVERIFY(params.count("gate.embed") && params.count("gate.codebook"));
        params["gate.embed"].copy_(e.unsqueeze(0).expand({c.gate.codebookSize, dg}));
    }

    auto z = torch::randn({2, c.numTokens(), c.embedDim}, f64);
    GateState state;
    auto out = mlp->forward(z, state, ForwardOptions{}, nullptr);

    auto hidden = torch::gelu(torch::matmul(z, mlp->fc1->weight.t()) + mlp->fc1->bias);
    torch::Tensor expected;
    if (expand)
        expected = torch::matmul(hidden * (1 + 0.5 * e), mlp->fc2->weight.t()) + mlp->fc2->bias;
    else
        expected = (torch::matmul(hidden, mlp->fc2->weight.t()) + mlp->fc2->bias) * (1 + 0.5 * e);
    // float64; the soft mixture sums k copies of e: a few ulps.
    QVERIFY2(maxAbsDiff(out, expected) < 1e-12, qPrintable(QString::number(maxAbsDiff(out, expected))));
    // The gate really acts: the ungated MLP differs.
    auto plain = torch::matmul(hidden, mlp->fc2->weight.t()) + mlp->fc2->bias;
    QVERIFY(maxAbsDiff(out, plain) > 1e-3);
}

void TstCdeGate::gatePathMatchesReference_data()
{
    QTest::addColumn<AssignKind>("assign");
    QTest::addColumn<int>("k");
    QTest::addColumn<bool>("expand");
    QTest::newRow("soft k 2, width") << AssignKind::SoftTopK << 2 << false;
    QTest::newRow("soft k 3, expand") << AssignKind::SoftTopK << 3 << true;
    QTest::newRow("soft k 1") << AssignKind::SoftTopK << 1 << false;
    QTest::newRow("soft k = K (dense)") << AssignKind::SoftTopK << 6 << false;
    QTest::newRow("vq, width") << AssignKind::HardVq << 1 << false;
    QTest::newRow("vq, expand") << AssignKind::HardVq << 1 << true;
}

// What a block runs — CodebookGate::forward then applyAssignment (Eqs. 1-3,
// with the sparse top-k backward and the fused gated scale) — against the
// equations composed from plain LibTorch ops under autograd: forward values and
// the gradients of z, y, C and E.
void TstCdeGate::gatePathMatchesReference()
{
    QFETCH(AssignKind, assign);
    QFETCH(int, k);
    QFETCH(bool, expand);
    torch::manual_seed(7);
    ViTConfig c = tinyCde();  // d 12, K 6
    c.gate.assign = assign;
    c.gate.topK = k;
    c.gate.target = expand ? GateTarget::Expand : GateTarget::Width;
    c.gate.codebookSharing = Sharing::PerLayer;
    c.gate.embedSharing = Sharing::PerLayer;
    c.gate.strength = 0.8;
    const int codes = c.gate.codebookSize, dg = c.gateWidth();
    const double tau = c.gate.temperature;
    CodebookGate gate(c, torch::Tensor(), torch::Tensor());
    gate->to(torch::kFloat64);
    randomize(*gate, 1.0);

    auto z = torch::randn({2, 5, c.embedDim}, f64).requires_grad_();
    auto y = torch::randn({2, 5, dg}, f64).requires_grad_();
    auto upstream = torch::randn({2, 5, dg}, f64);
    GateState state;
    const GateResult r = gate->forward(z, state, /*computeGate=*/false);
    auto out = gate->applyAssignment(y, r.assignment);
    (out * upstream).sum().backward();

    auto z2 = z.detach().clone().requires_grad_();
    auto y2 = y.detach().clone().requires_grad_();
    auto c2 = gate->codebook().detach().clone().requires_grad_();
    auto e2 = gate->embed().detach().clone().requires_grad_();
    auto s = torch::matmul(z2 / z2.norm(2, -1, true), (c2 / c2.norm(2, -1, true)).t()) * tau;  // (B, N, K)
    torch::Tensor g;
    if (assign == AssignKind::HardVq) {
        auto p = s.softmax(-1);
        auto alpha = torch::one_hot(s.argmax(-1), codes).to(torch::kFloat64) + (p - p.detach());
        g = torch::matmul(alpha, e2);
    } else if (k >= codes) {
        g = torch::matmul(s.softmax(-1), e2);
    } else {
        auto [values, idx] = s.topk(k, -1);                                    // (B, N, k)
        auto rows = e2.index_select(0, idx.flatten()).view({2, 5, k, dg});     // (B, N, k, d_g)
        g = (values.softmax(-1).unsqueeze(-1) * rows).sum(-2);                 // (B, N, d_g)
    }
    auto ref = y2 * (1 + 0.8 * g);
    (ref * upstream).sum().backward();

    // float64; different summation orders in the fused kernels: 1e-12 forward, 1e-10 gradients.
    QVERIFY2(maxAbsDiff(out, ref) < 1e-12, qPrintable(QString::number(maxAbsDiff(out, ref))));
    const std::pair<const char *, std::pair<torch::Tensor, torch::Tensor>> grads[] = {
        {"z", {z.grad(), z2.grad()}},
        {"y", {y.grad(), y2.grad()}},
        {"C", {gate->codebook().grad(), c2.grad()}},
        {"E", {gate->embed().grad(), e2.grad()}},
    };
    for (const auto &[name, pair] : grads) {
        QVERIFY2(pair.first.defined(), name);
        const double diff = maxAbsDiff(pair.first, pair.second);
        QVERIFY2(diff < 1e-10, qPrintable(QString("%1: %2").arg(name).arg(diff)));
    }
    // Soft top-1 has a constant weight, so C and z get no gradient there; elsewhere they must.
    if (!(assign == AssignKind::SoftTopK && k == 1))
        QVERIFY(torch::count_nonzero(gate->codebook().grad()).item<int64_t>() > 0);
}

GATEFOLD_TEST_MAIN(TstCdeGate)
#include "tst_cde_gate.moc"
