#pragma once

#include "codebookgate.h"
#include "forwardoutput.h"
#include "config/vitconfig.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/linear.h>

namespace gatefold::model {

// timm's Mlp (fc1 → GELU → drop → fc2 → drop) with an optional gate:
// a CDE gate (`gate`) or the position-indexed DeepEmbed table (`deep_embed`,
// (N, d_g), initialised to ones), on the output (width) or the hidden (expand).
class MlpImpl : public torch::nn::Module
{
public:
    // `gate` is null for an ungated block; `deepEmbed` asks for the baseline.
    MlpImpl(const ViTConfig &config, CodebookGate gate, bool deepEmbed);

    // z (B, N, d) = LN2(x) -> (B, N, d).
    torch::Tensor forward(const torch::Tensor &z, GateState &state, const ForwardOptions &options,
                          BlockIntermediates *record);

    torch::nn::Linear fc1{nullptr};
    torch::nn::Linear fc2{nullptr};
    torch::nn::Dropout drop{nullptr};
    CodebookGate gate{nullptr};
    torch::Tensor deep_embed;

private:
    torch::Tensor gated(const torch::Tensor &y, const GateResult *cde);

    GateTarget m_target;
};
TORCH_MODULE(Mlp);

} // namespace gatefold::model
