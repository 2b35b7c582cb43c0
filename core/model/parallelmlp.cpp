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
    const bool perBranch = y.dim() == 4;  // (n, B, N, d_g)
    if (cde) {
        if (!perBranch)
            return cde->g.defined() ? gate->apply(y, cde->g) : gate->applyAssignment(y, cde->assignment);
        countMacs("cde.apply", y.numel());
        return y * (1.0 + gate->strength() * cde->g);  // g (B, N, d_g) broadcasts over branches
    }
    if (deep_embed.defined()) {
        countMacs("deep_embed", y.numel());
        return y * deep_embed;  // (N, d_g) broadcasts
    }
    return y;
}

ParallelMlpOutput ParallelMlpImpl::forward(const torch::Tensor &z, double lambda, GateState &state,
                                           bool wantBranches, const ForwardOptions &options,
                                           BlockIntermediates *record)
{
    const int64_t b = z.size(0), t = z.size(1), d = z.size(2), m = b * t;
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
    // Branch-major throughout: h (n, B·T, d_ff) from one batched matmul on the
    // shared input, the join fused into the GELU, fc2 as a batched matmul.
    countMacs("mlp", n * m * d * dff);
    const auto h = torch::baddbmm(fc1->bias.unsqueeze(1), z.reshape({1, m, d}).expand({n, m, d}),
                                  fc1->weight.transpose(1, 2));
    torch::Tensor hidden;  // (n, B·T, d_ff), or (B·T, d_ff) once λ = 1 made the branches one
    if (lambda == 1.0)
        hidden = drop(torch::gelu(h.sum(0)));
    else
        hidden = drop(joinGelu(h, lambda));
    if (m_target == GateTarget::Expand) {
        if (hidden.dim() == 2)
            hidden = gated(hidden.view({b, t, dff}), cde).view({m, dff});
        else
            hidden = gated(hidden.view({n, b, t, dff}), cde).view({n, m, dff});
    }

    ParallelMlpOutput result;
    torch::Tensor y;
    if (hidden.dim() == 3) {
        auto outs = fc2->branchwise(hidden);  // (n, B·T, d)
        if (wantBranches)
            result.branches = outs.view({n, b, t, d});
        y = outs.sum(0).add(fc2->bias).view({b, t, d});
    } else if (wantBranches) {
        // One GEMM against the stacked W2_b: (B·T, n·d), then per branch.
        countMacs("mlp", m * dff * n * d);
        auto outs = torch::mm(hidden, fc2->weight.reshape({n * d, dff}).t()).view({m, n, d});
        result.branches = outs.permute({1, 0, 2}).contiguous().view({n, b, t, d});
        y = outs.sum(1).add(fc2->bias).view({b, t, d});
    } else {
        countMacs("mlp", m * dff * d);
        y = torch::linear(hidden, fc2->summedWeight(), fc2->bias).view({b, t, d});
    }
    if (m_target == GateTarget::Width)
        y = gated(y, cde);
    result.out = drop(y);
    return result;
}

} // namespace gatefold::model
