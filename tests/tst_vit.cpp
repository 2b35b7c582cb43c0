// The plain Vision Transformer: timm's names, each layer against an
// independent implementation, shapes, train/eval behaviour, gate parameter
// counts and dtype conversion. Saving and loading live in tst_modelio.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "model/attention.h"
#include "model/block.h"
#include "model/droppath.h"
#include "model/patchembed.h"
#include "model/visiontransformer.h"
#include "testsupport.h"

#include <torch/torch.h>

#include <cmath>
#include <functional>
#include <map>
#endif

using namespace gatefold::model;
using namespace gatefold::test;

using Shapes = std::map<std::string, std::vector<int64_t>>;
Q_DECLARE_METATYPE(Shapes)

namespace {


Shapes shapesOf(const torch::nn::Module &m)
{
    Shapes out;
    for (const auto &item : m.named_parameters())
        out[item.key()] = item.value().sizes().vec();
    return out;
}

QString describe(const Shapes &shapes)
{
    QStringList lines;
    for (const auto &[name, shape] : shapes) {
        QStringList dims;
        for (auto d : shape)
            dims << QString::number(d);
        lines << QString::fromStdString(name) + " (" + dims.join(", ") + ")";
    }
    return lines.join("\n");
}

// Multi-head attention written per batch and per head, float64, on timm's
// qkv layout: columns [0, d) are q, [d, 2d) k, [2d, 3d) v, each split into
// H heads of d_h consecutive columns. Returns (B, N, d); probs gets (B, H, N, N).
torch::Tensor referenceAttention(const torch::Tensor &x, const AttentionImpl &attn, int heads, torch::Tensor *probs)
{
    const int64_t b = x.size(0), n = x.size(1), d = x.size(2), dh = d / heads;
    auto qkv = torch::matmul(x, attn.qkv->weight.t());
    if (attn.qkv->bias.defined())
        qkv = qkv + attn.qkv->bias;
    auto out = torch::zeros({b, n, d}, x.options());
    *probs = torch::zeros({b, heads, n, n}, x.options());
    for (int64_t i = 0; i < b; ++i) {
        for (int64_t h = 0; h < heads; ++h) {
            auto q = qkv[i].slice(1, h * dh, (h + 1) * dh);                  // (N, d_h)
            auto k = qkv[i].slice(1, d + h * dh, d + (h + 1) * dh);          // (N, d_h)
            auto v = qkv[i].slice(1, 2 * d + h * dh, 2 * d + (h + 1) * dh);  // (N, d_h)
            auto scores = torch::matmul(q, k.t()) / std::sqrt(double(dh));
            auto p = torch::exp(scores - std::get<0>(scores.max(1, true)));
            p = p / p.sum(1, true);
            (*probs)[i][h].copy_(p);
            out[i].slice(1, h * dh, (h + 1) * dh).copy_(torch::matmul(p, v));
        }
    }
    return torch::matmul(out, attn.proj->weight.t()) + attn.proj->bias;
}

torch::Tensor referenceLayerNorm(const torch::Tensor &x, const torch::nn::LayerNorm &ln)
{
    auto mean = x.mean(-1, true);
    auto var = (x - mean).pow(2).mean(-1, true);  // biased, as LayerNorm
    return (x - mean) / torch::sqrt(var + 1e-6) * ln->weight + ln->bias;
}

} // namespace

class TstVit : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void timmNames_data();
    void timmNames();
    void patchEmbedIsConv_data();
    void patchEmbedIsConv();
    void attentionMatchesReference_data();
    void attentionMatchesReference();
    void blockIsPreNormResidual();
    void outputShapes_data();
    void outputShapes();
    void dropoutOnlyInTraining();
    void dropPathZeroesWholeSamples();
    void gateParameterCounts_data();
    void gateParameterCounts();
    void buildModelRejectsInvalidConfig();
    void convertsToFloat64_data();
    void convertsToFloat64();
};

void TstVit::timmNames_data()
{
    QTest::addColumn<ConfigEdit>("edit");
    QTest::addColumn<Shapes>("expected");
    // tinyConfig() at depth 2: d 12, d_ff 24, patch 4 on 3 channels, 5 tokens, 5 classes.
    Shapes plain = {
        {"patch_embed.proj.weight", {12, 3, 4, 4}},
        {"patch_embed.proj.bias", {12}},
        {"cls_token", {1, 1, 12}},
        {"pos_embed", {1, 5, 12}},
        {"norm.weight", {12}},
        {"norm.bias", {12}},
        {"head.weight", {5, 12}},
        {"head.bias", {5}},
    };
    for (int i = 0; i < 2; ++i) {
        const std::string b = "blocks." + std::to_string(i) + ".";
        plain[b + "norm1.weight"] = {12};
        plain[b + "norm1.bias"] = {12};
        plain[b + "attn.qkv.weight"] = {36, 12};
        plain[b + "attn.qkv.bias"] = {36};
        plain[b + "attn.proj.weight"] = {12, 12};
        plain[b + "attn.proj.bias"] = {12};
        plain[b + "norm2.weight"] = {12};
        plain[b + "norm2.bias"] = {12};
        plain[b + "mlp.fc1.weight"] = {24, 12};
        plain[b + "mlp.fc1.bias"] = {24};
        plain[b + "mlp.fc2.weight"] = {12, 24};
        plain[b + "mlp.fc2.bias"] = {12};
    }
    QTest::newRow("plain, class token") << ConfigEdit([](ViTConfig &) {}) << plain;

    Shapes avg = plain;
    avg.erase("cls_token");
    avg.erase("norm.weight");
    avg.erase("norm.bias");
    avg["fc_norm.weight"] = {12};
    avg["fc_norm.bias"] = {12};
    avg["pos_embed"] = {1, 4, 12};
    QTest::newRow("plain, avg pooling") << ConfigEdit([](ViTConfig &c) { c.pooling = Pooling::Average; }) << avg;

    Shapes noBias = plain;
    noBias.erase("blocks.0.attn.qkv.bias");
    noBias.erase("blocks.1.attn.qkv.bias");
    QTest::newRow("no qkv bias") << ConfigEdit([](ViTConfig &c) { c.qkvBias = false; }) << noBias;

    // K = 6; expand mode makes E (K, d_ff).
    Shapes shared = plain;
    shared["cde.codebook"] = {6, 12};
    shared["cde.embed"] = {6, 24};
    QTest::newRow("cde, shared C and E, expand") << ConfigEdit([](ViTConfig &c) {
        c.gate = tinyCde().gate;
        c.gate.embedSharing = Sharing::Shared;
        c.gate.target = GateTarget::Expand;
    }) << shared;

    Shapes perLayer = plain;
    perLayer["blocks.0.mlp.gate.codebook"] = {6, 12};
    perLayer["blocks.0.mlp.gate.embed"] = {6, 12};
    perLayer["blocks.1.mlp.gate.codebook"] = {6, 12};
    perLayer["blocks.1.mlp.gate.embed"] = {6, 12};
    QTest::newRow("cde, per-layer C and E") << ConfigEdit([](ViTConfig &c) {
        c.gate = tinyCde().gate;
        c.gate.codebookSharing = Sharing::PerLayer;
    }) << perLayer;

    Shapes mixed = plain;
    mixed["cde.codebook"] = {6, 12};
    mixed["blocks.1.mlp.gate.embed"] = {6, 12};
    QTest::newRow("cde, shared C, per-layer E, block 1 only") << ConfigEdit([](ViTConfig &c) {
        c.gate = tinyCde().gate;
        c.gate.blocks = {1};
    }) << mixed;

    Shapes deep = plain;
    deep["blocks.0.mlp.deep_embed"] = {5, 12};
    deep["blocks.1.mlp.deep_embed"] = {5, 12};
    QTest::newRow("deep embed") << ConfigEdit([](ViTConfig &c) { c.gate.kind = GateKind::DeepEmbed; }) << deep;
}

void TstVit::timmNames()
{
    QFETCH(ConfigEdit, edit);
    QFETCH(Shapes, expected);
    torch::manual_seed(20);
    ViTConfig c = tinyConfig();
    c.depth = 2;
    edit(c);
    auto m = build(c);
    const Shapes actual = shapesOf(*m);
    QVERIFY2(actual == expected, qPrintable("got:\n" + describe(actual) + "\nexpected:\n" + describe(expected)));
}

void TstVit::patchEmbedIsConv_data()
{
    QTest::addColumn<bool>("useDouble");
    QTest::addColumn<double>("tolerance");
    // A sum of C·p² = 48 products: 1e-5 in float32, 1e-12 in float64.
    QTest::newRow("float32") << false << 1e-5;
    QTest::newRow("float64") << true << 1e-12;
}

void TstVit::patchEmbedIsConv()
{
    QFETCH(bool, useDouble);
    QFETCH(double, tolerance);
    torch::manual_seed(21);
    PatchEmbed pe(12, 4, 3, 10);  // 3 × 3 patches
    if (useDouble)
        pe->to(torch::kFloat64);
    randomize(*pe, 1.0);
    auto x = torch::randn({2, 3, 12, 12}, torch::dtype(useDouble ? torch::kFloat64 : torch::kFloat32));
    auto tokens = pe(x);
    auto ref = torch::conv2d(x, pe->proj->weight, pe->proj->bias, /*stride=*/4)  // (B, d, 3, 3)
                   .flatten(2)                                                    // (B, d, P)
                   .transpose(1, 2);                                              // (B, P, d), row-major patches
    QCOMPARE(tokens.sizes().vec(), (std::vector<int64_t>{2, 9, 10}));
    QVERIFY2(maxAbsDiff(tokens, ref) < tolerance, qPrintable(QString::number(maxAbsDiff(tokens, ref))));
}

void TstVit::attentionMatchesReference_data()
{
    QTest::addColumn<bool>("qkvBias");
    QTest::addColumn<int>("heads");
    QTest::newRow("3 heads, bias") << true << 3;
    QTest::newRow("2 heads, no bias") << false << 2;
    QTest::newRow("1 head") << true << 1;
}

void TstVit::attentionMatchesReference()
{
    QFETCH(bool, qkvBias);
    QFETCH(int, heads);
    torch::manual_seed(22);
    Attention attn(12, heads, qkvBias, 0.0, 0.0);
    attn->to(torch::kFloat64);
    randomize(*attn, 0.5);
    QCOMPARE(attn->qkv->bias.defined(), qkvBias);
    auto x = torch::randn({2, 5, 12}, f64);
    torch::Tensor probs, refProbs;
    auto y = attn(x, &probs);
    auto ref = referenceAttention(x, *attn, heads, &refProbs);
    QCOMPARE(probs.sizes().vec(), (std::vector<int64_t>{2, heads, 5, 5}));
    // float64 throughout: 1e-12.
    QVERIFY2(maxAbsDiff(y, ref) < 1e-12, qPrintable(QString::number(maxAbsDiff(y, ref))));
    QVERIFY(maxAbsDiff(probs, refProbs) < 1e-12);
    QVERIFY(maxAbsDiff(probs.sum(-1), torch::ones({2, heads, 5}, f64)) < 1e-12);
    QVERIFY(probs.min().item<double>() >= 0.0);
    QVERIFY(torch::equal(attn(x), y));  // asking for the probabilities changes nothing
}

void TstVit::blockIsPreNormResidual()
{
    torch::manual_seed(23);
    ViTConfig c = tinyConfig();
    c.numHeads = 3;
    Block block(c, 0, 0.0, Mlp(c, nullptr, false));
    block->to(torch::kFloat64);
    block->eval();
    randomize(*block, 0.5);
    auto x = torch::randn({2, 5, 12}, f64);
    GateState state;
    auto y = block->forward(x, state, ForwardOptions{}, nullptr);

    torch::Tensor unused;
    auto h = x + referenceAttention(referenceLayerNorm(x, block->norm1), *block->attn, 3, &unused);
    auto z = referenceLayerNorm(h, block->norm2);
    auto mlp = torch::matmul(torch::gelu(torch::matmul(z, block->mlp->fc1->weight.t()) + block->mlp->fc1->bias),
                             block->mlp->fc2->weight.t())
        + block->mlp->fc2->bias;
    auto expected = h + mlp;
    // float64; LayerNorm's variance summed in another order: 1e-10.
    QVERIFY2(maxAbsDiff(y, expected) < 1e-10, qPrintable(QString::number(maxAbsDiff(y, expected))));
}

void TstVit::outputShapes_data()
{
    QTest::addColumn<bool>("average");
    QTest::newRow("class token") << false;
    QTest::newRow("avg pooling") << true;
}

void TstVit::outputShapes()
{
    QFETCH(bool, average);
    torch::manual_seed(24);
    ViTConfig c = tinyConfig();
    c.pooling = average ? Pooling::Average : Pooling::ClassToken;
    auto m = build(c);
    m->eval();
    auto x = images(c, 3);
    auto features = m->forwardFeatures(x);
    QCOMPARE(features.sizes().vec(), (std::vector<int64_t>{3, average ? 4 : 5, 12}));
    auto logits = m->forward(x);
    QCOMPARE(logits.sizes().vec(), (std::vector<int64_t>{3, 5}));
    QVERIFY(torch::equal(m->forwardHead(features), logits));
    QVERIFY(m->cls_token.defined() != average);
    QVERIFY(bool(m->norm) != average);
    QVERIFY(bool(m->fc_norm) == average);

    ForwardOptions options;
    options.attention = true;
    options.mlpInputs = true;
    const auto out = m->forwardWithIntermediates(x, options);
    QVERIFY(torch::equal(out.logits, logits));
    QCOMPARE(int(out.blocks.size()), c.depth);
    for (const auto &b : out.blocks) {
        QCOMPARE(b.attention.sizes().vec(), (std::vector<int64_t>{3, 2, c.numTokens(), c.numTokens()}));
        QCOMPARE(b.mlpInput.sizes().vec(), (std::vector<int64_t>{3, c.numTokens(), 12}));
        QVERIFY(!b.codeIndices.defined());
    }
}

void TstVit::dropoutOnlyInTraining()
{
    torch::manual_seed(25);
    ViTConfig c = tinyConfig();
    c.dropRate = 0.3;
    c.attnDropRate = 0.3;
    c.projDropRate = 0.3;
    c.dropPathRate = 0.5;
    auto m = build(c);
    auto x = images(c, 4);
    m->eval();
    torch::NoGradGuard noGrad;
    QVERIFY(torch::equal(m->forward(x), m->forward(x)));
    m->train();
    QVERIFY(!torch::equal(m->forward(x), m->forward(x)));
}

void TstVit::dropPathZeroesWholeSamples()
{
    torch::manual_seed(26);
    auto x = torch::randn({64, 5, 6}).abs() + 0.1;  // no zeros of its own
    QVERIFY(torch::equal(dropPath(x, 0.5, false), x));
    QVERIFY(torch::equal(dropPath(x, 0.0, true), x));
    auto y = dropPath(x, 0.5, true);
    int dropped = 0, kept = 0;
    for (int64_t i = 0; i < 64; ++i) {
        if (allZero(y[i]))
            ++dropped;
        else if (torch::equal(y[i], x[i] * 2.0))  // survivors scaled by 1 / (1 − 0.5), exactly
            ++kept;
    }
    QCOMPARE(dropped + kept, 64);  // every sample all-or-nothing
    QVERIFY(dropped > 0 && kept > 0);
}

void TstVit::gateParameterCounts_data()
{
    QTest::addColumn<ConfigEdit>("edit");
    QTest::addColumn<int>("codebookParams");
    QTest::addColumn<int>("embedParams");
    QTest::addColumn<int>("codebooks");
    // d 12, d_ff 24, K 6, depth 3: K·d = 72, K·d_ff = 144.
    auto cde = [](Sharing cs, Sharing es, GateTarget t, AssignScope scope, std::vector<int> blocks) {
        return ConfigEdit([=](ViTConfig &c) {
            c.gate = tinyCde().gate;
            c.gate.codebookSharing = cs;
            c.gate.embedSharing = es;
            c.gate.target = t;
            c.gate.scope = scope;
            c.gate.blocks = blocks;
        });
    };
    const auto S = Sharing::Shared, P = Sharing::PerLayer;
    const auto W = GateTarget::Width, X = GateTarget::Expand;
    const auto L = AssignScope::PerLayer, O = AssignScope::Once;
    QTest::newRow("shared C, shared E") << cde(S, S, W, L, {}) << 72 << 72 << 1;
    QTest::newRow("per-layer C, shared E") << cde(P, S, W, L, {}) << 3 * 72 << 72 << 3;
    QTest::newRow("shared C, per-layer E") << cde(S, P, W, L, {}) << 72 << 3 * 72 << 1;
    QTest::newRow("per-layer C and E") << cde(P, P, W, L, {}) << 3 * 72 << 3 * 72 << 3;
    QTest::newRow("expand, shared E") << cde(S, S, X, L, {}) << 72 << 144 << 1;
    QTest::newRow("expand, per-layer E") << cde(P, P, X, L, {}) << 3 * 72 << 3 * 144 << 3;
    QTest::newRow("2 of 3 blocks, per-layer") << cde(P, P, X, L, {0, 2}) << 2 * 72 << 2 * 144 << 2;
    QTest::newRow("assign once, per-layer E") << cde(S, P, W, O, {}) << 72 << 3 * 72 << 1;
    QTest::newRow("assign once, 2 blocks") << cde(S, P, X, O, {1, 2}) << 72 << 2 * 144 << 1;
}

void TstVit::gateParameterCounts()
{
    QFETCH(ConfigEdit, edit);
    QFETCH(int, codebookParams);
    QFETCH(int, embedParams);
    QFETCH(int, codebooks);
    torch::manual_seed(27);
    ViTConfig c = tinyConfig();
    edit(c);
    auto m = build(c);
    int64_t cb = 0, e = 0;
    for (const auto &item : m->named_parameters()) {
        const auto &name = item.key();
        if (name == "cde.codebook" || name.find(".gate.codebook") != std::string::npos)
            cb += item.value().numel();
        if (name == "cde.embed" || name.find(".gate.embed") != std::string::npos)
            e += item.value().numel();
    }
    QCOMPARE(cb, int64_t(codebookParams));
    QCOMPARE(e, int64_t(embedParams));
    const auto uses = m->codebookUses();
    QCOMPARE(int(uses.size()), codebooks);
    if (c.gate.scope == AssignScope::Once)
        QVERIFY(uses[0].blocks == std::vector<int>{c.firstGatedBlock()});
}

void TstVit::buildModelRejectsInvalidConfig()
{
    ViTConfig c = tinyCde();
    c.numHeads = 5;
    c.gate.topK = 9;
    std::string error;
    QVERIFY(!buildModel(c, &error).has_value());
    QVERIFY2(error.find("num_heads") != std::string::npos, error.c_str());
    QVERIFY2(error.find("gate.top_k") != std::string::npos, error.c_str());
    QVERIFY2(error.find("5 heads") != std::string::npos, error.c_str());
    QVERIFY(!buildModel(c).has_value());  // no error pointer: still safe
    QVERIFY(buildModel(tinyCde()).has_value());
}

void TstVit::convertsToFloat64_data()
{
    QTest::addColumn<Sharing>("sharing");
    QTest::newRow("shared C and E") << Sharing::Shared;
    QTest::newRow("per-layer C and E") << Sharing::PerLayer;
}

void TstVit::convertsToFloat64()
{
    QFETCH(Sharing, sharing);
    torch::manual_seed(28);
    ViTConfig c = tinyCde();
    c.gate.codebookSharing = sharing;
    c.gate.embedSharing = sharing;
    c.gate.embedInit = EmbedInit::Normal;
    auto m = build(c);
    m->eval();
    auto x = images(c, 2);
    auto logits32 = m->forward(x);

    m->to(torch::kFloat64);
    for (const auto &item : m->named_parameters())
        QVERIFY2(item.value().scalar_type() == torch::kFloat64, item.key().c_str());
    const auto params = paramMap(*m);
    const auto gates = m->gates();
    QCOMPARE(int(gates.size()), c.depth);
    for (size_t i = 0; i < gates.size(); ++i) {
        const auto &gate = gates[i];
        QVERIFY(gate->codebook().scalar_type() == torch::kFloat64);
        QVERIFY(gate->embed().scalar_type() == torch::kFloat64);
        // The gate reads the model's own parameter, not a stale copy.
        const std::string prefix = sharing == Sharing::Shared ? "cde." : "blocks." + std::to_string(i) + ".mlp.gate.";
        QVERIFY(gate->codebook().is_same(params.at(prefix + "codebook")));
        QVERIFY(gate->embed().is_same(params.at(prefix + "embed")));
    }
    auto logits64 = m->forward(x.to(torch::kFloat64));
    QVERIFY(logits64.scalar_type() == torch::kFloat64);
    // Same weights, float32 vs float64 arithmetic: 1e-4 on O(1) logits.
    QVERIFY2(maxAbsDiff(logits64, logits32) < 1e-4, qPrintable(QString::number(maxAbsDiff(logits64, logits32))));
    QVERIFY(maxAbsDiff(logits64, logits32) > 0);  // it really ran in another precision
}

GATEFOLD_TEST_MAIN(TstVit)
#include "tst_vit.moc"
