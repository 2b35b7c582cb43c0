#pragma once

#include "config/vitconfig.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::model {

// One model of the fold accounting (core/model/README.md, joining "Pitfalls":
// trained, folded and plain L/n-layer models differ): its config and its
// parameters and forward MACs per image, from the formulas and, when asked,
// counted from a built model. `blockMacs` is the blocks' share alone (what
// the 1.225 / 0.876 / 0.612 GMAC figures of joining "Folding at λ = 1" count).
struct FoldCost {
    std::string label;
    ViTConfig config;
    std::int64_t formulaParams = 0;
    std::int64_t formulaMacs = 0;
    std::int64_t blockMacs = 0;
    std::int64_t countedParams = -1;  // -1: not counted
    std::int64_t countedMacs = -1;
};

// For a config with n ≥ 1 branches (training or deploy form): the trained
// parallel model, its fold (by its variant), the wide and the plain fold,
// a plain ViT of the same depth (L/n layers) and the deep plain ViT of n·depth
// layers the parallel model stands in for; for n = 1 the model and (with
// join.absorbNorms) its deploy form. Rows repeat no model: a variant's own
// fold is listed once. `count` builds each model and counts it.
std::vector<FoldCost> foldAccounting(const ViTConfig &config, bool count);

} // namespace gatefold::model
