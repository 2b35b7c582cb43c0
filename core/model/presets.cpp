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
