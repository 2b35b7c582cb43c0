// CDE and DeepEmbed gates inside the model: identity at λ = 0, assign-once,
// the gated-block list, the DeepEmbed baseline, the run-time controls and the
// recorded gate norm.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "model/assignment.h"
#include "config/configenums.h"
#include "config/fieldtable.h"
#include "model/visiontransformer.h"
#include "testsupport.h"

#include <torch/torch.h>

#include <set>
#endif

using namespace gatefold::model;
using namespace gatefold::test;

Q_DECLARE_METATYPE(gatefold::model::ViTConfig)
Q_DECLARE_METATYPE(gatefold::model::GateTarget)

namespace {

bool isGateParam(const std::string &name)
{
    return name.rfind("cde.", 0) == 0 || name.find(".mlp.gate.") != std::string::npos;
}

QString variantName(const ViTConfig &c)
{
    return QString::fromStdString(toString(c.gate.assign) + "/" + toString(c.gate.target) + "/C "
                                  + toString(c.gate.codebookSharing) + "/E " + toString(c.gate.embedSharing)
                                  + "/assign " + toString(c.gate.scope));
}

// Every valid combination of the CDE switches (assign-once needs a shared C).
void addCdeVariantRows()
{
    QTest::addColumn<ViTConfig>("config");
    for (auto assign : {AssignKind::SoftTopK, AssignKind::HardVq})
        for (auto target : {GateTarget::Width, GateTarget::Expand})
            for (auto cs : {Sharing::Shared, Sharing::PerLayer})
                for (auto es : {Sharing::Shared, Sharing::PerLayer})
                    for (auto scope : {AssignScope::PerLayer, AssignScope::Once}) {
                        if (scope == AssignScope::Once && cs == Sharing::PerLayer)
                            continue;
                        ViTConfig c = tinyCde();
                        c.gate.assign = assign;
                        c.gate.target = target;
                        c.gate.codebookSharing = cs;
                        c.gate.embedSharing = es;
                        c.gate.scope = scope;
                        c.gate.embedInit = EmbedInit::Normal;  // E ≠ 0: λ alone must switch the gate off
                        QTest::newRow(qPrintable(variantName(c))) << c;
                    }
}

} // namespace

class TstCdeModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void zeroStrengthIsUngatedModel_data();
    void zeroStrengthIsUngatedModel();
    void assignOnceSharesAssignment_data();
    void assignOnceSharesAssignment();
    void gatedBlockListIsHonoured_data();
    void gatedBlockListIsHonoured();
    void deepEmbedStartsAsIdentity();
    void deepEmbedScalesMlp_data();
    void deepEmbedScalesMlp();
    void settersReachEveryGate();
    void gateNormIsLambdaTimesNorm_data();
    void gateNormIsLambdaTimesNorm();
    void recordingDoesNotChangeLogits_data();
    void recordingDoesNotChangeLogits();
};

void TstCdeModel::zeroStrengthIsUngatedModel_data()
{
    addCdeVariantRows();
}

// core/model/README.md, CDE "The gate" step 4: at λ = 0 the output equals the ungated ViT bit for
// bit, and C and E receive zero gradient.
void TstCdeModel::zeroStrengthIsUngatedModel()
{
    QFETCH(ViTConfig, config);
    torch::manual_seed(10);
    config.gate.strength = 0.0;
    auto gated = build(config);
    ViTConfig plainConfig = config;
    plainConfig.gate.kind = GateKind::None;
    auto plain = build(plainConfig);

    // The plain model's names are exactly the gated model's minus the gate's.
    std::set<std::string> gateNames, otherNames;
    for (const auto &item : gated->named_parameters())
        (isGateParam(item.key()) ? gateNames : otherNames).insert(item.key());
    std::set<std::string> plainNames;
    for (const auto &item : plain->named_parameters())
        plainNames.insert(item.key());
    QVERIFY(otherNames == plainNames);
    QVERIFY(!gateNames.empty());
    randomize(*gated);
    QVERIFY(copyParamsByName(*gated, *plain));
    gated->eval();
    plain->eval();

    auto x = images(config, 2);
    auto logits = gated->forward(x);
    QVERIFY(torch::equal(logits, plain->forward(x)));

    logits.sum().backward();
    for (const auto &item : gated->named_parameters()) {
        if (!isGateParam(item.key()))
            continue;
        QVERIFY2(item.value().grad().defined(), item.key().c_str());
        QVERIFY2(allZero(item.value().grad()), item.key().c_str());
    }

    // The same model at λ = 1 is gated, and the gate learns: this test could fail.
    gated->zero_grad();
    gated->setGateStrength(1.0);
    auto strong = gated->forward(x);
    QVERIFY(!torch::equal(strong, logits));
    strong.sum().backward();
    for (const auto &item : gated->named_parameters())
        if (isGateParam(item.key()))
            QVERIFY2(!allZero(item.value().grad()), item.key().c_str());
}

void TstCdeModel::assignOnceSharesAssignment_data()
{
    QTest::addColumn<AssignKind>("assign");
    QTest::newRow("soft") << AssignKind::SoftTopK;
    QTest::newRow("vq") << AssignKind::HardVq;
}

void TstCdeModel::assignOnceSharesAssignment()
{
    QFETCH(AssignKind, assign);
    torch::manual_seed(11);
    ViTConfig c = tinyCde();
    c.depth = 4;
    c.gate.assign = assign;
    c.gate.embedInit = EmbedInit::Normal;
    c.gate.blocks = {1, 2, 3};
    ForwardOptions options;
    options.assignments = true;

    c.gate.scope = AssignScope::Once;
    auto once = build(c);
    randomize(*once);
    auto x = images(c, 2);
    const auto out = once->forwardWithIntermediates(x, options);
    QCOMPARE(int(out.blocks.size()), 4);
    QVERIFY(!out.blocks[0].codeIndices.defined());
    const auto &first = out.blocks[1];
    QVERIFY(first.codeIndices.defined() && first.codeWeights.defined());
    for (int b = 2; b < 4; ++b) {
        QVERIFY(torch::equal(out.blocks[b].codeIndices, first.codeIndices));
        QVERIFY(torch::equal(out.blocks[b].codeWeights, first.codeWeights));
    }

    c.gate.scope = AssignScope::PerLayer;
    auto perLayer = build(c);
    randomize(*perLayer);
    const auto out2 = perLayer->forwardWithIntermediates(x, options);
    bool differs = false;
    for (int b = 2; b < 4; ++b)
        differs = differs || !torch::equal(out2.blocks[b].codeIndices, out2.blocks[1].codeIndices)
            || !torch::equal(out2.blocks[b].codeWeights, out2.blocks[1].codeWeights);
    QVERIFY(differs);
}

void TstCdeModel::gatedBlockListIsHonoured_data()
{
    QTest::addColumn<bool>("perLayer");
    QTest::newRow("per-layer C and E") << true;
    QTest::newRow("shared C and E") << false;
}

void TstCdeModel::gatedBlockListIsHonoured()
{
    QFETCH(bool, perLayer);
    torch::manual_seed(12);
    ViTConfig c = tinyCde();
    c.gate.blocks = {0, 2};
    c.gate.codebookSharing = perLayer ? Sharing::PerLayer : Sharing::Shared;
    c.gate.embedSharing = perLayer ? Sharing::PerLayer : Sharing::Shared;
    auto m = build(c);

    std::set<std::string> gateNames;
    for (const auto &item : m->named_parameters())
        if (isGateParam(item.key()))
            gateNames.insert(item.key());
    const std::set<std::string> expected = perLayer
        ? std::set<std::string>{"blocks.0.mlp.gate.codebook", "blocks.0.mlp.gate.embed",
                                "blocks.2.mlp.gate.codebook", "blocks.2.mlp.gate.embed"}
        : std::set<std::string>{"cde.codebook", "cde.embed"};
    QVERIFY(gateNames == expected);
    QCOMPARE(int(m->gates().size()), 2);
    QVERIFY(m->blockList()[0]->mlp->gate && !m->blockList()[1]->mlp->gate && m->blockList()[2]->mlp->gate);

    ForwardOptions options;
    options.assignments = true;
    const auto out = m->forwardWithIntermediates(images(c, 2), options);
    for (int b : {0, 2}) {
        QVERIFY(out.blocks[b].codeIndices.defined());
        QVERIFY(out.blocks[b].codeWeights.defined());
        QVERIFY(out.blocks[b].gateNorm.defined());
    }
    QVERIFY(!out.blocks[1].codeIndices.defined());
    QVERIFY(!out.blocks[1].codeWeights.defined());
    QVERIFY(!out.blocks[1].gateNorm.defined());
}

void TstCdeModel::deepEmbedStartsAsIdentity()
{
    torch::manual_seed(13);
    ViTConfig c = tinyConfig();
    c.gate.kind = GateKind::DeepEmbed;
    auto gated = build(c);
    ViTConfig pc = c;
    pc.gate.kind = GateKind::None;
    auto plain = build(pc);
    for (int b = 0; b < c.depth; ++b) {
        const auto &table = gated->blockList()[b]->mlp->deep_embed;
        QVERIFY(table.defined());
        QVERIFY(torch::equal(table, torch::ones({c.numTokens(), c.embedDim})));
    }
    QVERIFY(copyParamsByName(*gated, *plain));
    gated->eval();
    plain->eval();
    auto x = images(c, 2);
    QVERIFY(torch::equal(gated->forward(x), plain->forward(x)));
}

void TstCdeModel::deepEmbedScalesMlp_data()
{
    QTest::addColumn<bool>("expand");
    QTest::newRow("width") << false;
    QTest::newRow("expand") << true;
}

// The baseline: ỹ = y ⊙ emb_ℓ[pos] on the MLP output (width) or hidden (expand).
void TstCdeModel::deepEmbedScalesMlp()
{
    QFETCH(bool, expand);
    torch::manual_seed(14);
    ViTConfig c = tinyConfig();
    c.gate.kind = GateKind::DeepEmbed;
    c.gate.target = expand ? GateTarget::Expand : GateTarget::Width;
    auto m = build(c);
    m->eval();
    randomize(*m);
    auto mlp = m->blockList()[1]->mlp;
    QCOMPARE(mlp->deep_embed.sizes().vec(), (std::vector<int64_t>{c.numTokens(), c.gateWidth()}));
    auto table = torch::randn({c.numTokens(), c.gateWidth()});
    {
        torch::NoGradGuard noGrad;
        mlp->deep_embed.copy_(table);
    }
    auto z = torch::randn({2, c.numTokens(), c.embedDim});
    GateState state;
    torch::NoGradGuard noGrad;
    auto out = mlp->forward(z, state, ForwardOptions{}, nullptr);
    auto hidden = torch::gelu(mlp->fc1(z));
    // The same operations in the same order as the module: exact.
    auto expected = expand ? mlp->fc2(hidden * table) : mlp->fc2(hidden) * table;
    QVERIFY(torch::equal(out, expected));
    QVERIFY(!torch::equal(out, mlp->fc2(hidden)));
}

void TstCdeModel::settersReachEveryGate()
{
    torch::manual_seed(15);
    ViTConfig c = tinyCde();
    c.gate.codebookSharing = Sharing::PerLayer;
    c.gate.embedInit = EmbedInit::Normal;
    auto m = build(c);
    QCOMPARE(int(m->gates().size()), c.depth);
    for (const auto &gate : m->gates()) {
        QCOMPARE(gate->strength(), 1.0);
        QCOMPARE(gate->temperature(), 4.0);
    }
    m->eval();
    auto x = images(c, 2);
    auto before = m->forward(x);

    m->setGateStrength(0.25);
    m->setTemperature(7.5);
    QCOMPARE(m->gateStrength(), 0.25);
    QCOMPARE(m->temperature(), 7.5);
    QCOMPARE(m->config().gate.strength, 0.25);
    QCOMPARE(m->config().gate.temperature, 7.5);
    for (const auto &gate : m->gates()) {
        QVERIFY(gate->strength() == 0.25);
        QVERIFY(gate->temperature() == 7.5);
    }
    QVERIFY(!torch::equal(m->forward(x), before));  // the forward reads the new values
}

void TstCdeModel::gateNormIsLambdaTimesNorm_data()
{
    QTest::addColumn<AssignKind>("assign");
    QTest::addColumn<GateTarget>("target");
    QTest::newRow("soft, width") << AssignKind::SoftTopK << GateTarget::Width;
    QTest::newRow("soft, expand") << AssignKind::SoftTopK << GateTarget::Expand;
    QTest::newRow("vq, width") << AssignKind::HardVq << GateTarget::Width;
}

// The recorded ‖λ g‖ against λ · ‖g‖ with g rebuilt from the block's z, C, E
// by the float64 reference path (Eq. 1, step 2, Eq. 2).
void TstCdeModel::gateNormIsLambdaTimesNorm()
{
    QFETCH(AssignKind, assign);
    QFETCH(GateTarget, target);
    torch::manual_seed(16);
    ViTConfig c = tinyCde();
    c.gate.assign = assign;
    c.gate.target = target;
    c.gate.strength = 0.7;
    c.gate.embedInit = EmbedInit::Normal;
    c.gate.codebookSharing = Sharing::PerLayer;
    auto m = build(c);
    m->to(torch::kFloat64);
    m->eval();
    randomize(*m);
    ForwardOptions options;
    options.assignments = true;
    options.mlpInputs = true;
    const auto out = m->forwardWithIntermediates(images(c, 2, torch::kFloat64), options);
    const auto gates = m->gates();
    for (int b = 0; b < c.depth; ++b) {
        const auto &rec = out.blocks[b];
        QCOMPARE(rec.gateNorm.sizes().vec(), (std::vector<int64_t>{2, c.numTokens()}));
        auto s = referenceCosineLogits(rec.mlpInput, gates[b]->codebook(), c.gate.temperature);
        auto ref = referenceSoftTopK(s, c.effectiveTopK(), gates[b]->embed());
        QVERIFY(torch::equal(std::get<0>(rec.codeIndices.sort(-1)), std::get<0>(ref.indices.sort(-1))));
        auto expected = 0.7 * ref.g.norm(2, -1);
        // float64 end to end; 1e-10 covers the different summation orders.
        QVERIFY2(maxAbsDiff(rec.gateNorm, expected) < 1e-10, qPrintable(QString::number(maxAbsDiff(rec.gateNorm, expected))));
        QVERIFY(rec.gateNorm.min().item<double>() > 0);
    }
}

void TstCdeModel::recordingDoesNotChangeLogits_data()
{
    addCdeVariantRows();
}

// Asking for intermediates must not change what the model computes.
void TstCdeModel::recordingDoesNotChangeLogits()
{
    QFETCH(ViTConfig, config);
    torch::manual_seed(17);
    auto m = build(config);
    m->eval();
    randomize(*m);
    auto x = images(config, 2);
    ForwardOptions all;
    all.attention = all.assignments = all.mlpInputs = true;
    QVERIFY(torch::equal(m->forwardWithIntermediates(x, all).logits, m->forward(x)));
}

GATEFOLD_TEST_MAIN(TstCdeModel)
#include "tst_cde_model.moc"
