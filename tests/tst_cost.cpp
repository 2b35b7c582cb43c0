// The cost model (core/model/README.md, CDE "Closed-form cost"): what the formulas say
// equals what the built model holds and runs, component by component, and the
// formulas themselves are checked against numbers worked out by hand.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "model/costmodel.h"
#include "model/maccounter.h"
#include "config/presets.h"
#include "testsupport.h"

#include <torch/torch.h>

#include <functional>
#include <set>
#endif

using namespace gatefold::model;
using namespace gatefold::test;


namespace {

// 16 px / patch 4: P = 16, N = 17 with the class token; d 24, 3 heads,
// d_ff 96, 3 blocks, 7 classes; gates K = 8, k = 3.
ViTConfig costBase()
{
    ViTConfig c;
    c.imageSize = 16;
    c.patchSize = 4;
    c.numClasses = 7;
    c.embedDim = 24;
    c.depth = 3;
    c.numHeads = 3;
    c.gate.codebookSize = 8;
    c.gate.topK = 3;
    return c;
}

const CostRow &row(const std::vector<CostRow> &rows, const std::string &component)
{
    for (const auto &r : rows)
        if (r.component == component)
            return r;
    throw std::runtime_error("no cost row " + component);
}

QString table(const std::vector<CostRow> &closed, const std::vector<CostRow> &counted)
{
    QString out;
    for (size_t i = 0; i < std::max(closed.size(), counted.size()); ++i) {
        auto cell = [](const std::vector<CostRow> &rows, size_t i) {
            return i < rows.size() ? QString("%1 %2 %3").arg(QString::fromStdString(rows[i].component))
                                         .arg(rows[i].params)
                                         .arg(rows[i].macs)
                                   : QString("-");
        };
        out += cell(closed, i) + "  |  " + cell(counted, i) + "\n";
    }
    return out;
}

} // namespace

class TstCost : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void countedEqualsClosedForm_data();
    void countedEqualsClosedForm();
    void closedFormByHand();
    void deitTinyTotals();
    void vqBackwardMacs_data();
    void vqBackwardMacs();
    void componentOfParameter_data();
    void componentOfParameter();
    void noParameterIsOther_data();
    void noParameterIsOther();
    void recordingDoesNotChangeCount_data();
    void recordingDoesNotChangeCount();
};

void TstCost::countedEqualsClosedForm_data()
{
    QTest::addColumn<ConfigEdit>("edit");
    auto cde = [](std::function<void(GateConfig &)> gate) {
        return ConfigEdit([gate](ViTConfig &c) {
            c.gate.kind = GateKind::Cde;
            gate(c.gate);
        });
    };
    QTest::newRow("plain, class token") << ConfigEdit([](ViTConfig &) {});
    QTest::newRow("plain, avg pooling") << ConfigEdit([](ViTConfig &c) { c.pooling = Pooling::Average; });
    QTest::newRow("plain, no qkv bias") << ConfigEdit([](ViTConfig &c) { c.qkvBias = false; });
    QTest::newRow("plain, mlp_ratio 3") << ConfigEdit([](ViTConfig &c) { c.mlpRatio = 3.0; });
    QTest::newRow("plain, mlp_ratio 2.6 (d_ff rounds down)") << ConfigEdit([](ViTConfig &c) { c.mlpRatio = 2.6; });
    QTest::newRow("plain, 1 channel, 6 heads") << ConfigEdit([](ViTConfig &c) {
        c.inChannels = 1;
        c.numHeads = 6;
    });
    QTest::newRow("cde soft, shared C, per-layer E") << cde([](GateConfig &) {});
    QTest::newRow("cde soft, per-layer C") << cde([](GateConfig &g) { g.codebookSharing = Sharing::PerLayer; });
    QTest::newRow("cde soft, shared E") << cde([](GateConfig &g) { g.embedSharing = Sharing::Shared; });
    QTest::newRow("cde soft, k = K (dense)") << cde([](GateConfig &g) { g.topK = 8; });
    QTest::newRow("cde soft, k = 1") << cde([](GateConfig &g) { g.topK = 1; });
    QTest::newRow("cde vq") << cde([](GateConfig &g) { g.assign = AssignKind::HardVq; });
    QTest::newRow("cde expand") << cde([](GateConfig &g) { g.target = GateTarget::Expand; });
    QTest::newRow("cde expand, vq, per-layer C and E") << cde([](GateConfig &g) {
        g.target = GateTarget::Expand;
        g.assign = AssignKind::HardVq;
        g.codebookSharing = Sharing::PerLayer;
    });
    QTest::newRow("cde once") << cde([](GateConfig &g) { g.scope = AssignScope::Once; });
    QTest::newRow("cde once, expand, blocks 1,2") << cde([](GateConfig &g) {
        g.scope = AssignScope::Once;
        g.target = GateTarget::Expand;
        g.blocks = {1, 2};
    });
    QTest::newRow("cde blocks 0,2, per-layer C") << cde([](GateConfig &g) {
        g.blocks = {0, 2};
        g.codebookSharing = Sharing::PerLayer;
    });
    QTest::newRow("cde block 1, avg pooling") << ConfigEdit([](ViTConfig &c) {
        c.pooling = Pooling::Average;
        c.gate.kind = GateKind::Cde;
        c.gate.blocks = {1};
    });
    QTest::newRow("deep embed") << ConfigEdit([](ViTConfig &c) { c.gate.kind = GateKind::DeepEmbed; });
    QTest::newRow("deep embed, expand, avg, block 2") << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::DeepEmbed;
        c.gate.target = GateTarget::Expand;
        c.pooling = Pooling::Average;
        c.gate.blocks = {2};
    });
}

void TstCost::countedEqualsClosedForm()
{
    QFETCH(ConfigEdit, edit);
    torch::manual_seed(40);
    ViTConfig c = costBase();
    edit(c);
    auto m = build(c);
    const auto closed = closedFormCost(c);
    const auto counted = countedCost(m);
    const QString text = table(closed, counted);

    // Both list exactly the known components, in order: nothing fell into "other".
    QCOMPARE(int(closed.size()), int(costComponents().size()));
    QCOMPARE(int(counted.size()), int(costComponents().size()));
    for (size_t i = 0; i < closed.size(); ++i) {
        QCOMPARE(QString::fromStdString(closed[i].component), QString::fromStdString(costComponents()[i]));
        QCOMPARE(QString::fromStdString(counted[i].component), QString::fromStdString(costComponents()[i]));
        QVERIFY2(counted[i].params == closed[i].params, qPrintable(text));
        QVERIFY2(counted[i].macs == closed[i].macs, qPrintable(text));
    }
    int64_t numel = 0;
    for (const auto &p : m->parameters())
        numel += p.numel();
    QCOMPARE(totalParams(counted), numel);

    // The gate rows are live exactly when the gate is.
    const bool cdeOn = c.gate.kind == GateKind::Cde, deepOn = c.gate.kind == GateKind::DeepEmbed;
    for (const char *comp : {"cde.codebook", "cde.embed"})
        QCOMPARE(row(counted, comp).params > 0, cdeOn);
    for (const char *comp : {"cde.assign", "cde.mix", "cde.apply"})
        QCOMPARE(row(counted, comp).macs > 0, cdeOn);
    QCOMPARE(row(counted, "deep_embed").params > 0, deepOn);
    QCOMPARE(row(counted, "deep_embed").macs > 0, deepOn);
    QVERIFY(m->is_training());  // countedCost restores the mode it found
}

// costBase(): d 24, N 17, P 16, d_ff 96, L 3, C·p² = 48, 7 classes.
void TstCost::closedFormByHand()
{
    ViTConfig c = costBase();
    c.gate.kind = GateKind::Cde;  // soft top-3, width, shared C, per-layer E, all 3 blocks
    auto rows = closedFormCost(c);
    QCOMPARE(row(rows, "patch_embed").params, int64_t(48 * 24 + 24));       // 1,176
    QCOMPARE(row(rows, "patch_embed").macs, int64_t(16 * 48 * 24));         // 18,432
    QCOMPARE(row(rows, "embeddings").params, int64_t(24 + 17 * 24));        // 432
    // per block: LN 48 + qkv 1,728 + 72 + proj 576 + 24 = 2,448
    QCOMPARE(row(rows, "attention").params, int64_t(3 * 2448));
    // per block: qkv 17·3·576 = 29,376; q·kᵀ and P·V 2·17²·24 = 13,872; proj 17·576 = 9,792
    QCOMPARE(row(rows, "attention").macs, int64_t(3 * (29376 + 13872 + 9792)));
    // per block: LN 48 + fc1 2,304 + 96 + fc2 2,304 + 24 = 4,776; MACs 2·17·24·96 = 78,336
    QCOMPARE(row(rows, "mlp").params, int64_t(3 * 4776));
    QCOMPARE(row(rows, "mlp").macs, int64_t(3 * 78336));
    QCOMPARE(row(rows, "head").params, int64_t(48 + 24 * 7 + 7));
    QCOMPARE(row(rows, "head").macs, int64_t(24 * 7));
    QCOMPARE(row(rows, "cde.codebook").params, int64_t(8 * 24));           // K·d
    QCOMPARE(row(rows, "cde.embed").params, int64_t(3 * 8 * 24));          // L·K·d_g
    QCOMPARE(row(rows, "cde.assign").macs, int64_t(17 * 8 * 24 * 3));      // N·K·d·L
    QCOMPARE(row(rows, "cde.mix").macs, int64_t(17 * 3 * 3 * 24));         // N·L·k·d_g
    QCOMPARE(row(rows, "cde.apply").macs, int64_t(17 * 3 * 24));           // N·L·d_g

    // Expand, VQ, assign once, shared E, blocks 1 and 2: d_g = 96, L_g = 2, k = 1.
    c.gate.target = GateTarget::Expand;
    c.gate.assign = AssignKind::HardVq;
    c.gate.scope = AssignScope::Once;
    c.gate.embedSharing = Sharing::Shared;
    c.gate.blocks = {1, 2};
    rows = closedFormCost(c);
    QCOMPARE(row(rows, "cde.codebook").params, int64_t(8 * 24));
    QCOMPARE(row(rows, "cde.embed").params, int64_t(8 * 96));
    QCOMPARE(row(rows, "cde.assign").macs, int64_t(17 * 8 * 24));  // once
    QCOMPARE(row(rows, "cde.mix").macs, int64_t(17 * 2 * 1 * 96));
    QCOMPARE(row(rows, "cde.apply").macs, int64_t(17 * 2 * 96));
    QCOMPARE(row(rows, "deep_embed").params, int64_t(0));

    // DeepEmbed, expand, avg pooling (N = 16), block 0: a (N, d_ff) table.
    c = costBase();
    c.gate.kind = GateKind::DeepEmbed;
    c.gate.target = GateTarget::Expand;
    c.pooling = Pooling::Average;
    c.gate.blocks = {0};
    rows = closedFormCost(c);
    QCOMPARE(row(rows, "deep_embed").params, int64_t(16 * 96));
    QCOMPARE(row(rows, "deep_embed").macs, int64_t(16 * 96));
    QCOMPARE(row(rows, "embeddings").params, int64_t(16 * 24));  // no class token
    QCOMPARE(row(rows, "cde.embed").params, int64_t(0));
}

// DeiT-Tiny, worked out by hand (d 192, d_ff 768, N 197, 12 blocks):
//   params: patch 768·192 + 192 = 147,648; cls + pos 192 + 197·192 = 38,016;
//     per block LN1 384 + qkv 110,592 + 576 + proj 36,864 + 192 = 148,608 and
//     LN2 384 + fc1 147,456 + 768 + fc2 147,456 + 192 = 296,256;
//     norm + head 384 + 192,000 + 1,000 = 193,384;
//     147,648 + 38,016 + 12·(148,608 + 296,256) + 193,384 = 5,717,416 (timm's count).
//   block MACs: attention 197·4·192² + 2·197²·192 = 29,048,832 + 14,902,656 = 43,951,488,
//     MLP 2·197·192·768 = 58,097,664; 12·102,049,152 = 1,224,589,824 ≈ 1.225 G.
//   (1,224,600,576, a figure quoted for this model, is 10,752 too many: it matches
//   no term of the formula.)
void TstCost::deitTinyTotals()
{
    torch::manual_seed(41);
    const ViTConfig c = presets::vitTiny16();
    const auto closed = closedFormCost(c);
    QCOMPARE(totalParams(closed), int64_t(5717416));
    QCOMPARE(row(closed, "attention").macs, int64_t(12) * 43951488);
    QCOMPARE(row(closed, "mlp").macs, int64_t(12) * 58097664);
    QCOMPARE(row(closed, "attention").macs + row(closed, "mlp").macs, int64_t(1224589824));
    QCOMPARE(row(closed, "patch_embed").macs, int64_t(196) * 768 * 192);
    QCOMPARE(totalMacs(closed), int64_t(1224589824) + 196 * 768 * 192 + 192 * 1000);

    auto m = build(c);
    const auto counted = countedCost(m);
    QCOMPARE(totalParams(counted), int64_t(5717416));
    QCOMPARE(totalMacs(counted), totalMacs(closed));
    QCOMPARE(row(counted, "attention").macs + row(counted, "mlp").macs, int64_t(1224589824));
}

void TstCost::vqBackwardMacs_data()
{
    QTest::addColumn<ConfigEdit>("edit");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("vq, width, 3 blocks") << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::Cde;
        c.gate.assign = AssignKind::HardVq;
    }) << qint64(17 * 8 * 24 * 3);  // N·K·d_g·L_g
    QTest::newRow("vq, expand, blocks 0,1, once") << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::Cde;
        c.gate.assign = AssignKind::HardVq;
        c.gate.target = GateTarget::Expand;
        c.gate.scope = AssignScope::Once;
        c.gate.blocks = {0, 1};
    }) << qint64(17 * 8 * 96 * 2);
    QTest::newRow("vq, avg pooling, K 5") << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::Cde;
        c.gate.assign = AssignKind::HardVq;
        c.gate.codebookSize = 5;
        c.pooling = Pooling::Average;
    }) << qint64(16 * 5 * 24 * 3);
    QTest::newRow("soft: no STE") << ConfigEdit([](ViTConfig &c) { c.gate.kind = GateKind::Cde; }) << qint64(0);
    QTest::newRow("deep embed") << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::DeepEmbed;
        c.gate.assign = AssignKind::HardVq;  // meaningless without CDE
    }) << qint64(0);
    QTest::newRow("plain") << ConfigEdit([](ViTConfig &) {}) << qint64(0);
}

void TstCost::vqBackwardMacs()
{
    QFETCH(ConfigEdit, edit);
    QFETCH(qint64, expected);
    ViTConfig c = costBase();
    edit(c);
    QCOMPARE(qint64(gatefold::model::vqBackwardMacs(c)), expected);
}

void TstCost::componentOfParameter_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("component");
    QTest::newRow("patch") << "patch_embed.proj.weight" << "patch_embed";
    QTest::newRow("cls") << "cls_token" << "embeddings";
    QTest::newRow("pos") << "pos_embed" << "embeddings";
    QTest::newRow("norm1") << "blocks.3.norm1.bias" << "attention";
    QTest::newRow("qkv") << "blocks.11.attn.qkv.weight" << "attention";
    QTest::newRow("proj") << "blocks.0.attn.proj.bias" << "attention";
    QTest::newRow("norm2") << "blocks.3.norm2.weight" << "mlp";
    QTest::newRow("fc1") << "blocks.3.mlp.fc1.weight" << "mlp";
    QTest::newRow("fc2") << "blocks.10.mlp.fc2.bias" << "mlp";
    QTest::newRow("shared C") << "cde.codebook" << "cde.codebook";
    QTest::newRow("shared E") << "cde.embed" << "cde.embed";
    QTest::newRow("per-layer C") << "blocks.2.mlp.gate.codebook" << "cde.codebook";
    QTest::newRow("per-layer E") << "blocks.2.mlp.gate.embed" << "cde.embed";
    QTest::newRow("deep embed") << "blocks.4.mlp.deep_embed" << "deep_embed";
    QTest::newRow("norm") << "norm.weight" << "head";
    QTest::newRow("fc_norm") << "fc_norm.bias" << "head";
    QTest::newRow("head") << "head.weight" << "head";
    QTest::newRow("unknown") << "dist_token" << "other";
}

void TstCost::componentOfParameter()
{
    QFETCH(QString, name);
    QFETCH(QString, component);
    QCOMPARE(QString::fromStdString(gatefold::model::componentOfParameter(name.toStdString())), component);
}

void TstCost::noParameterIsOther_data()
{
    QTest::addColumn<ConfigEdit>("edit");
    QTest::newRow("cde, shared C and E") << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::Cde;
        c.gate.embedSharing = Sharing::Shared;
    });
    QTest::newRow("cde, per-layer C and E, expand") << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::Cde;
        c.gate.codebookSharing = Sharing::PerLayer;
        c.gate.target = GateTarget::Expand;
    });
    QTest::newRow("deep embed, avg") << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::DeepEmbed;
        c.pooling = Pooling::Average;
    });
}

void TstCost::noParameterIsOther()
{
    QFETCH(ConfigEdit, edit);
    torch::manual_seed(42);
    ViTConfig c = costBase();
    edit(c);
    auto m = build(c);
    std::set<std::string> seen;
    for (const auto &item : m->named_parameters()) {
        const auto comp = gatefold::model::componentOfParameter(item.key());
        QVERIFY2(comp != "other", item.key().c_str());
        seen.insert(comp);
    }
    QVERIFY(seen.count(c.gate.kind == GateKind::Cde ? "cde.codebook" : "deep_embed"));
}

void TstCost::recordingDoesNotChangeCount_data()
{
    QTest::addColumn<ConfigEdit>("edit");
    QTest::newRow("soft top-k") << ConfigEdit([](ViTConfig &c) { c.gate.kind = GateKind::Cde; });
    QTest::newRow("soft k = K") << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::Cde;
        c.gate.topK = 8;
    });
    QTest::newRow("vq, expand") << ConfigEdit([](ViTConfig &c) {
        c.gate.kind = GateKind::Cde;
        c.gate.assign = AssignKind::HardVq;
        c.gate.target = GateTarget::Expand;
    });
}

// The counted column is the MACs a forward pass does. Recording the gate's
// intermediates (to show code usage and ‖λg‖) must not do — or count — the
// mixture of Eq. 2 a second time.
void TstCost::recordingDoesNotChangeCount()
{
    QFETCH(ConfigEdit, edit);
    torch::manual_seed(43);
    ViTConfig c = costBase();
    edit(c);
    auto m = build(c);
    m->eval();
    torch::NoGradGuard noGrad;
    auto x = images(c, 1);
    MacCounter plain, recorded;
    {
        MacCountScope scope(plain);
        m->forward(x);
    }
    {
        MacCountScope scope(recorded);
        ForwardOptions options;
        options.assignments = true;
        m->forwardWithIntermediates(x, options);
    }
    QCOMPARE(QString::number(recorded.totals().at("cde.mix")), QString::number(plain.totals().at("cde.mix")));
    QVERIFY(recorded.totals() == plain.totals());
    QCOMPARE(plain.totals().at("cde.mix"), row(closedFormCost(c), "cde.mix").macs);
}

GATEFOLD_TEST_MAIN(TstCost)
#include "tst_cost.moc"
