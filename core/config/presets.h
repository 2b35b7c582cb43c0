#pragma once

#include "vitconfig.h"

#include <optional>
#include <string>
#include <vector>

namespace gatefold::model::presets {

ViTConfig vitTiny16();   // DeiT-Tiny: 224/16, d 192, 12 layers, 3 heads
ViTConfig vitSmall16();  // ViT-S/16: 224/16, d 384, 12 layers, 6 heads
ViTConfig cifarVit();    // 32/4, d 192, 6 layers, 3 heads, 10 classes (the benchmark model)
ViTConfig cifarVitDeep();  // 32/4, d 192, 12 layers, 3 heads, 10 classes
ViTConfig cifarVitSmall();  // 32/4, d 384, 7 layers, 6 heads, 10 classes

// CDE variants on cifarVit(): soft top-4 over K = 256, width mode, shared C,
// per-layer E = 0 — and one switch changed in each of the others.
ViTConfig cifarCde();
ViTConfig cifarCdeExpand();
ViTConfig cifarCdeVq();
ViTConfig cifarCdeOnce();
ViTConfig cifarDeepEmbed();

// Folds (core/model/README.md, progressive joining): blocks × branches = the deep model's
// layers; linear λ over 10k warm-up steps, 50k adjustment, α = 0.05.
ViTConfig withBranches(ViTConfig base, int blocks, int branches, JoinVariant variant);
ViTConfig vitTiny16Fold2();   // 6 blocks × 2, joined logits
ViTConfig vitTiny16Fold3();   // 4 blocks × 3, joined logits
ViTConfig cifarFold2();       // 6 blocks × 2 on cifarVit(), joined logits
ViTConfig cifarFold3();       // 4 blocks × 3
ViTConfig cifarFold2Plain();  // 6 blocks × 2, joined projections (plain fold)

struct Preset {
    std::string name;
    std::string description;
    ViTConfig (*make)();
};

const std::vector<Preset> &all();
std::optional<ViTConfig> byName(const std::string &name);

} // namespace gatefold::model::presets
