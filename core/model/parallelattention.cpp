#include "parallelattention.h"

#include "branchjoin.h"
#include "maccounter.h"

#include <torch/torch.h>

#include <cmath>

namespace gatefold::model {

ParallelAttentionImpl::ParallelAttentionImpl(const ViTConfig &config)
    : m_branches(config.join.branches)
    , m_numHeads(config.numHeads)
    , m_variant(config.join.variant)
    , m_rotary(RotaryEmbedding::of(config))
{
    const int64_t d = config.embedDim;
    using Bias = BranchLinearImpl::Bias;
    qkv = register_module("qkv", BranchLinear(m_branches, d, 3 * d, config.qkvBias ? Bias::PerBranch : Bias::None,
                                              "attention"));
    attn_drop = register_module("attn_drop", torch::nn::Dropout(config.attnDropRate));
    proj = register_module("proj", BranchLinear(m_branches, d, d, Bias::Shared, "attention"));
    proj_drop = register_module("proj_drop", torch::nn::Dropout(config.projDropRate));
}

ParallelAttentionOutput ParallelAttentionImpl::forward(const torch::Tensor &x, double lambda, bool wantBranches,
                                                       bool wantProbs)
{
    const int64_t b = x.size(0), t = x.size(1), d = x.size(2), n = m_branches, h = m_numHeads, dh = d / h;
    auto heads = qkv->wide(x)                                    // (B, T, n·3d) in one GEMM
                     .view({b, t, n, 3, h, dh})
                     .permute({3, 0, 2, 4, 1, 5});               // (3, B, n, H, T, d_h)
    auto parts = heads.unbind(0);
    auto q = parts[0], k = parts[1], v = parts[2];               // (B, n, H, T, d_h)
    // 2-D RoPE per branch and head, before any join: rotation is linear and the same for every
    // branch, so joining rotated q/k equals rotating joined ones (and the fold stays exact).
    q = m_rotary.apply(q), k = m_rotary.apply(k);

    torch::Tensor logits;  // (B, n or 1, H, T, T), scaled
    if (m_variant == JoinVariant::Projections) {
        const double c = 1.0 + (n - 1) * lambda * lambda;
        q = joinBranches(q, 1, lambda);
        k = joinBranches(k, 1, lambda);
        countMacs("attention", b * q.size(1) * h * t * t * dh);
        logits = torch::matmul(q * (1.0 / (c * std::sqrt(double(dh)))), k.transpose(-2, -1));
    } else {
        const double scale = 1.0 / (joinedLogitNorm(int(n), lambda) * std::sqrt(double(dh)));
        countMacs("attention", b * n * h * t * t * dh);
        logits = joinBranches(torch::matmul(q * scale, k.transpose(-2, -1)), 1, lambda);
    }
    if (m_variant != JoinVariant::Logits)
        v = joinBranches(v, 1, lambda);

    auto probs = logits.softmax(-1);
    ParallelAttentionOutput result;
    if (wantProbs)
        result.probs = probs;  // with its graph: the block detaches it unless distillation trains on it
    auto mixed = torch::matmul(attn_drop(probs), v);  // (B, n or 1, H, T, d_h)
    const int64_t nm = mixed.size(1);
    countMacs("attention", b * nm * h * t * t * dh);

    if (wantBranches) {
        // (n, B·T, d) per branch, then one batched matmul with each branch's Wo.
        auto perBranch = mixed.expand({b, n, h, t, dh}).permute({1, 0, 3, 2, 4}).reshape({n, b * t, d});
        auto outs = proj->branchwise(perBranch);  // (n, B·T, d)
        result.branches = outs.view({n, b, t, d});
        result.out = outs.sum(0).add(proj->bias).view({b, t, d});
    } else if (nm == 1) {
        // Every branch mixes the same values: one GEMM with Σ_b Wo_b.
        countMacs("attention", b * t * d * d);
        result.out = torch::linear(mixed.squeeze(1).transpose(1, 2).reshape({b, t, d}), proj->summedWeight(),
                                   proj->bias);
    } else {
        result.out = proj->summed(mixed.permute({0, 3, 1, 2, 4}).reshape({b, t, n * d}));  // (B, T, d)
    }
    result.out = proj_drop(result.out);
    return result;
}

} // namespace gatefold::model
