#include "mlp.h"

#include "linearinit.h"
#include "maccounter.h"

#include <torch/torch.h>

namespace gatefold::model {

MlpImpl::MlpImpl(const ViTConfig &config, CodebookGate cdeGate, bool deepEmbed)
    : m_target(config.gate.target)
{
    fc1 = register_module("fc1", makeLinear(config.embedDim, config.mlpHidden(), true));
    drop = register_module("drop", torch::nn::Dropout(config.projDropRate));
    fc2 = register_module("fc2", makeLinear(config.mlpHidden(), config.embedDim, true));
    if (cdeGate)
        gate = register_module("gate", cdeGate);
    if (deepEmbed)
        deep_embed = register_parameter("deep_embed", torch::ones({config.numTokens(), config.gateWidth()}));
}

torch::Tensor MlpImpl::gated(const torch::Tensor &y, const GateResult *cde)
{
    if (cde) {
        // When g was computed (to record it), apply that very g; else mix fused.
        return cde->g.defined() ? gate->apply(y, cde->g) : gate->applyAssignment(y, cde->assignment);
    }
    if (deep_embed.defined()) {
        countMacs("deep_embed", y.numel());
        return y * deep_embed;  // (B, N, d_g) ⊙ (N, d_g)
    }
    return y;
}

torch::Tensor MlpImpl::forward(const torch::Tensor &z, GateState &state, const ForwardOptions &options,
                               BlockIntermediates *record)
{
    std::optional<GateResult> cde;
    if (gate) {
        const bool recordGate = record && options.assignments;
        cde = gate->forward(z, state, recordGate);
        if (recordGate) {
            record->codeIndices = cde->assignment.indices.detach();
            record->codeWeights = cde->assignment.weights.detach();
            record->gateNorm = (cde->g.detach() * gate->strength()).norm(2, -1);  // (B, N)
        }
    }
    const GateResult *g = cde ? &*cde : nullptr;
    auto hidden = drop(torch::gelu(applyLinear("mlp", fc1, z)));  // (B, N, d_ff)
    if (m_target == GateTarget::Expand)
        hidden = gated(hidden, g);
    auto out = applyLinear("mlp", fc2, hidden);  // (B, N, d)
    if (m_target == GateTarget::Width)
        out = gated(out, g);
    return drop(out);
}

} // namespace gatefold::model
