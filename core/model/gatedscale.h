#pragma once

#include <torch/types.h>

namespace gatefold::model {

// Eqs. 2 and 3 fused: ỹ = y ⊙ (1 + λ · Σ_j w[t,j] · E[idx[t,j]]) without
// materialising g, and a backward that reads y and ∂L/∂ỹ in one pass plus one
// scatter into ∂L/∂E. y (M, D), w (M, k), idx (M, k), E (K, D) -> (M, D).
// Differentiable in y, w and E. At λ = 0 the output is y bit for bit and w, E
// get exactly zero gradient. CPU runs fused loops; other devices compose ops.
torch::Tensor gatedScale(const torch::Tensor &y, const torch::Tensor &weights, const torch::Tensor &indices,
                         const torch::Tensor &embed, double strength);

} // namespace gatefold::model
