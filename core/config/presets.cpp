#include "presets.h"

namespace gatefold::model::presets {

ViTConfig vitTiny16()
{
    return ViTConfig{};  // the defaults are DeiT-Tiny's
}

ViTConfig vitSmall16()
{
    ViTConfig c;
    c.embedDim = 384;
    c.numHeads = 6;
    return c;
}

ViTConfig cifarVit()
{
    ViTConfig c;
    c.imageSize = 32;
    c.patchSize = 4;
    c.numClasses = 10;
    c.depth = 6;
    return c;
}

ViTConfig cifarVitDeep()
{
    ViTConfig c = cifarVit();
    c.depth = 12;
    return c;
}

ViTConfig cifarVitSmall()
{
    ViTConfig c = cifarVit();
    c.embedDim = 384;
    c.numHeads = 6;
    c.depth = 7;
    return c;
}

ViTConfig cifarCde()
{
    ViTConfig c = cifarVit();
    c.gate.kind = GateKind::Cde;  // soft top-4, K = 256, width, shared C, per-layer E = 0
    return c;
}

ViTConfig cifarCdeExpand()
{
    ViTConfig c = cifarCde();
    c.gate.target = GateTarget::Expand;
    return c;
}

ViTConfig cifarCdeVq()
{
    ViTConfig c = cifarCde();
    c.gate.assign = AssignKind::HardVq;
    return c;
}

ViTConfig cifarCdeOnce()
{
    ViTConfig c = cifarCde();
    c.gate.scope = AssignScope::Once;
    return c;
}

ViTConfig cifarDeepEmbed()
{
    ViTConfig c = cifarVit();
    c.gate.kind = GateKind::DeepEmbed;
    return c;
}

ViTConfig withBranches(ViTConfig c, int blocks, int branches, JoinVariant variant)
{
    c.depth = blocks;
    c.join.branches = branches;
    c.join.variant = variant;
    return c;
}

ViTConfig vitTiny16Fold2() { return withBranches(vitTiny16(), 6, 2, JoinVariant::Logits); }
ViTConfig vitTiny16Fold3() { return withBranches(vitTiny16(), 4, 3, JoinVariant::Logits); }
ViTConfig cifarFold2() { return withBranches(cifarVit(), 6, 2, JoinVariant::Logits); }
ViTConfig cifarFold3() { return withBranches(cifarVit(), 4, 3, JoinVariant::Logits); }
ViTConfig cifarFold2Plain() { return withBranches(cifarVit(), 6, 2, JoinVariant::Projections); }

const std::vector<Preset> &all()
{
    static const std::vector<Preset> list = {
        {"vit-ti16", "DeiT-Tiny (ViT-Ti/16): 224 px, d 192, 12 blocks, 3 heads", &vitTiny16},
        {"vit-s16", "ViT-S/16: 224 px, d 384, 12 blocks, 6 heads", &vitSmall16},
        {"cifar-vit", "32 px / patch 4, d 192, 6 blocks, 3 heads, 10 classes", &cifarVit},
        {"cifar-vit-deep", "32 px / patch 4, d 192, 12 blocks, 3 heads, 10 classes", &cifarVitDeep},
        {"cifar-vit-s", "32 px / patch 4, d 384, 7 blocks, 6 heads, 10 classes", &cifarVitSmall},
        {"cifar-cde", "cifar-vit + CDE: soft top-4 of K=256, width mode, shared C, per-layer E=0", &cifarCde},
        {"cifar-cde-expand", "cifar-cde gating the MLP hidden (expand mode)", &cifarCdeExpand},
        {"cifar-cde-vq", "cifar-cde with hard VQ and a straight-through estimator", &cifarCdeVq},
        {"cifar-cde-once", "cifar-cde assigning once per image, reused by every block", &cifarCdeOnce},
        {"cifar-deepembed", "cifar-vit + position-indexed DeepEmbed baseline", &cifarDeepEmbed},
        {"vit-ti16-fold2", "ViT-Ti/16 as 6 blocks x 2 branches joined at the logits (folds wide)", &vitTiny16Fold2},
        {"vit-ti16-fold3", "ViT-Ti/16 as 4 blocks x 3 branches joined at the logits (folds wide)", &vitTiny16Fold3},
        {"cifar-fold2", "cifar-vit-deep as 6 blocks x 2 branches, joined logits (folds wide)", &cifarFold2},
        {"cifar-fold3", "cifar-vit-deep as 4 blocks x 3 branches, joined logits (folds wide)", &cifarFold3},
        {"cifar-fold2-plain", "cifar-fold2 joining q, k and values: folds to a plain 6-layer ViT", &cifarFold2Plain},
    };
    return list;
}

std::optional<ViTConfig> byName(const std::string &name)
{
    for (const auto &p : all())
        if (p.name == name)
            return p.make();
    return std::nullopt;
}

} // namespace gatefold::model::presets
