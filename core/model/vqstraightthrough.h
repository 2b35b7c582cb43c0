#pragma once

#include <torch/types.h>

namespace gatefold::model {

// g = Σ_k α[k] E[k] with α = onehot(index) + (p − stopgrad(p)), without ever
// forming α: the forward gathers E[index] (exactly the one-hot mixture), the
// backward gives ∂L/∂p = ∂L/∂g · Eᵀ (the dense N·K·d_g STE path) and
// ∂L/∂E[k] = Σ_{tokens with index k} ∂L/∂g, as the one-hot α implies.
// probs (B, N, K), index (B, N) int64, embed (K, d_g) -> (B, N, d_g).
torch::Tensor vqStraightThrough(const torch::Tensor &probs, const torch::Tensor &index,
                                const torch::Tensor &embed);

} // namespace gatefold::model
