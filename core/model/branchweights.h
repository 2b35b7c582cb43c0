#pragma once

#include <torch/types.h>

namespace gatefold::model {

class ParallelBlockImpl;

// The weights of a parallel block's n branches side by side, each in the form
// the paper compares (Figs. 5–6), with a leading branch axis:
// q, k, v, proj in timm's [out, in] layout (n, d, d); the bilinear forms
// W_qk,h = Wq_bh·Wk_bhᵀ and W_vo,h = Wv_bh·Wo_bh (n, H, d, d) in the row-vector
// convention (A_bh = X·W_qk,h·Xᵀ without biases; O_b = Σ_h P_bh·X·W_vo,h);
// fc1 (n, d_ff, d) and fc2 (n, d, d_ff). Detached copies.
struct BranchWeights {
    torch::Tensor q, k, v, proj;
    torch::Tensor qk, vo;
    torch::Tensor fc1, fc2;
};

BranchWeights branchWeights(const ParallelBlockImpl &block);

} // namespace gatefold::model
