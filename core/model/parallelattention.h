#pragma once

#include "branchlinear.h"
#include "rotaryembedding.h"
#include "config/vitconfig.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/dropout.h>

namespace gatefold::model {

// What a parallel attention sub-layer hands back.
struct ParallelAttentionOutput {
    torch::Tensor out;       // (B, N, d) Σ_b O_b + bo
    torch::Tensor branches;  // (n, B, N, d) O_b, when asked for
    torch::Tensor probs;     // (B, n, H, N, N), when asked for (n is 1 where all are equal)
};

// n branches of multi-head attention on one LayerNorm'd input, joined at the
// logits (core/model/README.md, joining "Model", paper Eq. 5):
//   S_bh = ((1−λ)·A_bh + λ·Σ_b' A_b'h) / (sqrt(1+(n−1)λ²)·sqrt(d_h)),  A_bh = Q_bh·K_bhᵀ,
// output Σ_b Σ_h softmax(S_bh)·V_bh·Wo_bh + bo. The "values" variant also joins
// V; "projections" joins Q, K and V instead of the logits and divides the
// logits by c(λ) = 1+(n−1)λ². All branches run in one GEMM for q/k/v, batched
// matmuls for the logits, and one GEMM (or a batched one) for the projection.
// Parameters: qkv.weight (n, 3d, d) rows [q | k | v], qkv.bias (n, 3d),
// proj.weight (n, d, d), proj.bias (d).
class ParallelAttentionImpl : public torch::nn::Module
{
public:
    explicit ParallelAttentionImpl(const ViTConfig &config);

    ParallelAttentionOutput forward(const torch::Tensor &x, double lambda, bool wantBranches, bool wantProbs);

    int64_t branches() const { return m_branches; }
    int64_t numHeads() const { return m_numHeads; }
    JoinVariant variant() const { return m_variant; }
    const RotaryEmbedding &rotary() const { return m_rotary; }

    BranchLinear qkv{nullptr};
    BranchLinear proj{nullptr};
    torch::nn::Dropout attn_drop{nullptr};
    torch::nn::Dropout proj_drop{nullptr};

private:
    int64_t m_branches;
    int64_t m_numHeads;
    JoinVariant m_variant;
    RotaryEmbedding m_rotary;  // 2-D RoPE of every branch's q and k, per head (pos.kind = rope2d)
};
TORCH_MODULE(ParallelAttention);

} // namespace gatefold::model
