#pragma once

#include "config/vitconfig.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gatefold::model {

// Parameters and forward multiply-accumulates per image, by component.
// FLOPs = 2 × MACs. Element-wise work (LayerNorm, softmax, GELU, top-k) is not
// a MAC and is not counted, except the gate's application ỹ = y ⊙ (1 + λg),
// which core/model/README.md (CDE "Closed-form cost") counts as N·d_g per gated block.
struct CostRow {
    std::string component;
    std::int64_t params = 0;
    std::int64_t macs = 0;
};

// The rows of per-component maps, in costComponents() order, plus "other"
// where a parameter matched no formula (it must show, not vanish from the totals).
std::vector<CostRow> costRowsFromMaps(const std::map<std::string, std::int64_t> &params,
                                      const std::map<std::string, std::int64_t> &macs);

// The components, in the order tables show them.
const std::vector<std::string> &costComponents();

// From the closed-form formulas of the config alone (core/model/README.md, CDE "Closed-form cost";
// joining "Folding at λ = 1" for parallel and folded blocks). A parallel model's
// forward follows its λ: at λ = 1 what every branch shares is computed once.
std::vector<CostRow> closedFormCost(const ViTConfig &config);

// Backward MACs of the hard-VQ straight-through path, N·K·d_g per gated block:
// the dense cost the one-hot forward does not show.
std::int64_t vqBackwardMacs(const ViTConfig &config);

// Which component a parameter name belongs to ("blocks.3.mlp.fc1.weight" -> "mlp").
std::string componentOfParameter(const std::string &name);

std::int64_t totalParams(const std::vector<CostRow> &rows);
std::int64_t totalMacs(const std::vector<CostRow> &rows);

} // namespace gatefold::model
