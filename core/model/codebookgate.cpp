#include "codebookgate.h"

#include "float32region.h"

#include "gatedscale.h"
#include "maccounter.h"

#include <torch/torch.h>

#include <cmath>

namespace gatefold::model {

torch::Tensor makeCodebook(const ViTConfig &config)
{
    return torch::randn({config.gate.codebookSize, config.embedDim}) / std::sqrt(double(config.embedDim));
}

torch::Tensor makeGateEmbed(const ViTConfig &config)
{
    if (config.gate.embedInit == EmbedInit::Zeros)
        return torch::zeros({config.gate.codebookSize, config.gateWidth()});
    return torch::randn({config.gate.codebookSize, config.gateWidth()}) * 0.02;
}

CodebookGateImpl::CodebookGateImpl(const ViTConfig &config, torch::Tensor sharedCodebook,
                                   torch::Tensor sharedEmbed)
    : m_assign(config.gate.assign)
    , m_scope(config.gate.scope)
    , m_topK(config.effectiveTopK())
    , m_strength(config.gate.strength)
    , m_temperature(config.gate.temperature)
{
    m_codebook = sharedCodebook.defined() ? sharedCodebook : register_parameter("codebook", makeCodebook(config));
    m_embed = sharedEmbed.defined() ? sharedEmbed : register_parameter("embed", makeGateEmbed(config));
}

GateResult CodebookGateImpl::forward(const torch::Tensor &zIn, GateState &state, bool computeGate)
{
    const Float32Region region;  // under bf16 autocast: the gate's kernels take float32
    const torch::Tensor z = region.input(zIn);
    GateResult r;
    if (m_scope == AssignScope::Once && state.once) {
        r.assignment = *state.once;
    } else {
        r.assignment = assignFromFeatures(z, m_codebook, m_temperature, m_assign, m_topK);
        if (m_scope == AssignScope::Once)
            state.once = r.assignment;
    }
    if (computeGate)
        r.g = mixGate(r.assignment, m_embed);
    return r;
}

torch::Tensor CodebookGateImpl::apply(const torch::Tensor &yIn, const torch::Tensor &gIn) const
{
    const Float32Region region;
    const torch::Tensor y = region.input(yIn), g = region.input(gIn);
    countMacs("cde.apply", y.numel());
    return y * (1.0 + m_strength * g);
}

torch::Tensor CodebookGateImpl::applyAssignment(const torch::Tensor &yIn, const Assignment &a) const
{
    const Float32Region region;
    const torch::Tensor y = region.input(yIn);
    if (a.kind != AssignKind::SoftTopK || a.dense)
        return apply(y, mixGate(a, m_embed));
    const int64_t k = a.indices.size(-1), width = y.size(-1);
    countMacs("cde.mix", a.indices.numel() * width);
    countMacs("cde.apply", y.numel());
    auto out = gatedScale(y.reshape({-1, width}), a.weights.reshape({-1, k}), a.indices.reshape({-1, k}), m_embed,
                          m_strength);  // (B·N, d_g)
    return out.view(y.sizes());
}

} // namespace gatefold::model
