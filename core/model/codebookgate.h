#pragma once

#include "assignment.h"
#include "config/vitconfig.h"

#include <torch/nn/module.h>

#include <optional>

namespace gatefold::model {

// Carries the assignment of the first gated block to the others when the
// model assigns once per image (core/model/README.md, CDE "Switches").
struct GateState {
    std::optional<Assignment> once;
};

// What a gate hands back for the caller to apply and to record.
struct GateResult {
    torch::Tensor g;  // (B, N, d_g), Eq. 2; undefined unless asked for
    Assignment assignment;
};

// The CDE gate of one block: codebook C (K, d) and gate matrix E (K, d_g).
// Each is this block's own parameter (`codebook`, `embed`) or, when shared
// across depth, a handle to the model's `cde.*` parameter.
class CodebookGateImpl : public torch::nn::Module
{
public:
    CodebookGateImpl(const ViTConfig &config, torch::Tensor sharedCodebook, torch::Tensor sharedEmbed);

    // z (B, N, d) is this block's LN2 output. `computeGate` = false leaves
    // GateResult::g undefined; applyAssignment() then mixes and applies fused.
    GateResult forward(const torch::Tensor &z, GateState &state, bool computeGate = true);
    // Eq. 3: ỹ = y ⊙ (1 + λ g).
    torch::Tensor apply(const torch::Tensor &y, const torch::Tensor &g) const;
    // Eqs. 2 and 3 together: fused for soft top-k (k < K), else mixGate + apply.
    torch::Tensor applyAssignment(const torch::Tensor &y, const Assignment &assignment) const;

    const torch::Tensor &codebook() const { return m_codebook; }
    const torch::Tensor &embed() const { return m_embed; }
    double strength() const { return m_strength; }
    double temperature() const { return m_temperature; }
    void setStrength(double lambda) { m_strength = lambda; }
    void setTemperature(double tau) { m_temperature = tau; }

private:
    torch::Tensor m_codebook;
    torch::Tensor m_embed;
    AssignKind m_assign;
    AssignScope m_scope;
    int m_topK;
    double m_strength;
    double m_temperature;
};
TORCH_MODULE(CodebookGate);

// Fresh gate parameters as the config asks: C ~ N(0, 1/d) (k-means replaces it
// later), E = 0 or N(0, 0.02²).
torch::Tensor makeCodebook(const ViTConfig &config);
torch::Tensor makeGateEmbed(const ViTConfig &config);

} // namespace gatefold::model
