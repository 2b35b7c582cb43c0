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

struct Preset {
    std::string name;
    std::string description;
    ViTConfig (*make)();
};

const std::vector<Preset> &all();
std::optional<ViTConfig> byName(const std::string &name);

} // namespace gatefold::model::presets
