#pragma once

#include <torch/types.h>

namespace gatefold::model {

// Rows of a table mixed by a sparse assignment: for every row t of the
// output, out[t] = Σ_j w[t, j] · table[idx[t, j]] — the shape of both the
// gate mixture (Eq. 2) and of the k-sparse gradients of top-k logits.
// w (M, k), idx (M, k) int64 in [0, K), table (K, D) -> (M, D).
// Differentiable in w and table; CPU runs fused loops (k·D work per row),
// other devices batched ATen ops (see SparseMixPath).
torch::Tensor sparseMix(const torch::Tensor &weights, const torch::Tensor &indices, const torch::Tensor &table);

// The top-k of cosine-like logits s = a · bᵀ, with a k-sparse backward:
// a (M, d), b (K, d) -> values (M, k) of s at `indices` (M, k), the k largest
// per row. Forward costs M·K·d; backward 2·M·k·d instead of 2·M·K·d.
std::tuple<torch::Tensor, torch::Tensor> topKProducts(const torch::Tensor &a, const torch::Tensor &b, int64_t k);

// The top-k of cosine logits s = ⟨a/‖a‖, b⟩ (b already normalised and scaled
// by τ by the caller): selects on a · bᵀ — a positive per-row scale does not
// change the order — and divides only the k kept values by ‖a‖, so a is never
// normalised as a whole. Backward: k-sparse as topKProducts, plus the norm's
// term. a (M, d), b (K, d) -> values (M, k), indices (M, k).
std::tuple<torch::Tensor, torch::Tensor> topKCosine(const torch::Tensor &a, const torch::Tensor &b, int64_t k);

// Building blocks, exposed for tests and for the VQ straight-through path.
// gatherMix: out[t] = Σ_j w[t,j] · table[idx[t,j]]                 (M, D)
// rowDots:   out[t,j] = ⟨src[t], table[idx[t,j]]⟩                   (M, k)
// scatterMix: out[i] = Σ_{t,j: idx[t,j] = i} w[t,j] · src[t]         (K, D)
torch::Tensor gatherMix(const torch::Tensor &weights, const torch::Tensor &indices, const torch::Tensor &table);
torch::Tensor rowDots(const torch::Tensor &src, const torch::Tensor &indices, const torch::Tensor &table);
torch::Tensor scatterMix(const torch::Tensor &weights, const torch::Tensor &indices, const torch::Tensor &src,
                         int64_t rows);

// Which implementation gatherMix, rowDots, scatterMix (so sparseMix,
// topKProducts, topKCosine, the VQ straight-through backward) and gatedScale
// use. Default is what models run; the others exist for tests and benchmarks.
// Process-wide; set it only while no model runs on another thread.
//   Default  CPU: the fused kernels. Other devices (CUDA): batched ATen ops,
//            a few launches per call whatever k is — gatherMix one weighted
//            embedding bag, scatterMix one index_add_ over all M·k (row, code)
//            pairs, rowDots one gather of M·k rows.
//   Batched  the batched ops on every device, the CPU included: a test
//            compares them there with the fused kernels.
//   PerCode  the non-CPU path as it was before the batched one: one
//            index_select + addcmul_ (gather) or one index_add_ (scatter) per
//            mixed code j. The CPU keeps its fused kernels. A timing baseline.
enum class SparseMixPath { Default, Batched, PerCode };
void setSparseMixPath(SparseMixPath path);
SparseMixPath sparseMixPath();

} // namespace gatefold::model
