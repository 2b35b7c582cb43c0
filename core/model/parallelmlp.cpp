#include "parallelmlp.h"

#include "branchjoin.h"
#include "maccounter.h"

#include <torch/torch.h>

namespace gatefold::model {

ParallelMlpImpl::ParallelMlpImpl(const ViTConfig &config, CodebookGate cdeGate, bool deepEmbed)
    : m_target(config.gate.target)
{
    const int64_t n = config.join.branches, d = config.embedDim, dff = config.mlpHidden();
    using Bias = BranchLinearImpl::Bias;
    fc1 = register_module("fc1", BranchLinear(n, d, dff, Bias::PerBranch, "mlp"));
    drop = register_module("drop", torch::nn::Dropout(config.projDropRate));
    fc2 = register_module("fc2", BranchLinear(n, dff, d, Bias::Shared, "mlp"));
    if (cdeGate)
        gate = register_module("gate", cdeGate);
    if (deepEmbed)
        deep_embed = register_parameter("deep_embed", torch::ones({config.numTokens(), config.gateWidth()}));
}

torch::Tensor ParallelMlpImpl::gated(const torch::Tensor &y, const std::optional<GateResult> &cde) const
{
    const bool perBranch = y.dim() == 4;  // (B, N, n, d_g)
    if (cde) {
        if (!perBranch)
            return cde->g.defined() ? gate->apply(y, cde->g) : gate->applyAssignment(y, cde->assignment);
        countMacs("cde.apply", y.numel());
        return y * (1.0 + gate->strength() * cde->g.unsqueeze(2));
    }
    if (deep_embed.defined()) {
        countMacs("deep_embed", y.numel());
        return y * (perBranch ? deep_embed.unsqueeze(1) : deep_embed);
    }
    return y;
}

ParallelMlpOutput ParallelMlpImpl::forward(const torch::Tensor &z, double lambda, GateState &state,
                                           bool wantBranches, const ForwardOptions &options,
                                           BlockIntermediates *record)
{
    const int64_t b = z.size(0), t = z.size(1), d = z.size(2);
    const int64_t n = fc1->branches(), dff = fc1->outFeatures();
    std::optional<GateResult> cde;
    if (gate) {
        const bool recordGate = record && options.assignments;
        // The hidden keeps a branch axis unless λ = 1 has made it one: then the
        // fused mixing applies; otherwise g itself is needed to broadcast.
        const bool needG = recordGate || (m_target == GateTarget::Expand && lambda != 1.0);
        cde = gate->forward(z, state, needG);
        if (recordGate) {
            record->codeIndices = cde->assignment.indices.detach();
            record->codeWeights = cde->assignment.weights.detach();
            record->gateNorm = (cde->g.detach() * gate->strength()).norm(2, -1);
        }
    }
    auto u = joinBranches(fc1->wide(z).view({b, t, n, dff}), 2, lambda);  // (B, T, n or 1, d_ff)
    auto hidden = drop(torch::gelu(u));
    if (m_target == GateTarget::Expand)
        hidden = hidden.size(2) == 1 ? gated(hidden.squeeze(2), cde).unsqueeze(2) : gated(hidden, cde);

    ParallelMlpOutput result;
    torch::Tensor y;
    if (wantBranches) {
        // (n, B·T, d_ff) as a strided view of the branch-major hidden, then one batched matmul.
        auto perBranch = hidden.expand({b, t, n, dff}).reshape({b * t, n, dff}).transpose(0, 1);
        auto outs = fc2->branchwise(perBranch);  // (n, B·T, d)
        result.branches = outs.view({n, b, t, d});
        y = outs.sum(0).add(fc2->bias).view({b, t, d});
    } else if (hidden.size(2) == 1) {
        countMacs("mlp", b * t * dff * d);
        y = torch::linear(hidden.squeeze(2), fc2->summedWeight(), fc2->bias);
    } else {
        y = fc2->summed(hidden.reshape({b, t, n * dff}));
    }
    if (m_target == GateTarget::Width)
        y = gated(y, cde);
    result.out = drop(y);
    return result;
}

} // namespace gatefold::model
