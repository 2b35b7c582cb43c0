#pragma once

#include "config/vitconfig.h"

#include <torch/types.h>

namespace gatefold::model {

// α (core/model/README.md, CDE "The gate" step 2) in sparse form: for every token the k codes it
// mixes and their weights. Dense (k >= K) assignments list all K codes.
struct Assignment {
    torch::Tensor indices;  // (B, N, k) int64
    torch::Tensor weights;  // (B, N, k); for hard VQ exactly 1 (no grad path)
    torch::Tensor probs;    // (B, N, K) softmax(s); set for hard VQ and dense soft
    AssignKind kind = AssignKind::SoftTopK;
    bool dense = false;     // soft with k >= K: the full softmax mixture
};

// Eq. 1: s = τ · ⟨z/‖z‖, C/‖C‖⟩. z (B, N, d), C (K, d) -> (B, N, K).
torch::Tensor cosineLogits(const torch::Tensor &z, const torch::Tensor &codebook, double temperature);

// Step 2: soft top-k (softmax over the k largest logits; the full softmax when
// k >= K) or hard VQ (argmax forward, straight-through softmax backward).
Assignment assignCodes(const torch::Tensor &logits, AssignKind kind, int topK);

// Eqs. 1 and 2 step 2 from the LN2 output z (B, N, d) and codebook C (K, d):
// what a gate calls. Equal to assignCodes(cosineLogits(z, C, τ), kind, k);
// soft top-k with k < K backpropagates through only the k kept logits.
Assignment assignFromFeatures(const torch::Tensor &z, const torch::Tensor &codebook, double temperature,
                              AssignKind kind, int topK);

// Eq. 2: g = Σ_k α[k] · E[k], E (K, d_g) -> (B, N, d_g). Gathers the k chosen
// rows of E (k·d_g work per token); only the dense case multiplies α @ E.
torch::Tensor mixGate(const Assignment &assignment, const torch::Tensor &embed);

} // namespace gatefold::model
