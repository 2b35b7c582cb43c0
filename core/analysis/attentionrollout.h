#pragma once

#include "tokengrid.h"

#include <torch/types.h>

#include <vector>

namespace gatefold::analysis {

// How the heads of one layer become one matrix before the rollout.
enum class HeadFusion { Mean, Max, Min };

struct RolloutOptions {
    HeadFusion fusion = HeadFusion::Mean;
    // Fraction in [0, 1] of each row's patch columns set to zero, the lowest
    // first (see discardLowest); 0 keeps everything.
    double discardRatio = 0.0;
};

struct RolloutResult {
    torch::Tensor matrix;  // (B, N, N) R = Â_L ··· Â_1; every row sums to 1
    torch::Tensor map;     // (B, grid.height, grid.width), queryAttentionMap of R
};

// (B, H, N, N) -> (B, N, N): the mean, maximum or minimum over heads.
torch::Tensor fuseHeads(const torch::Tensor &attention, HeadFusion fusion);

// The discard rule: in every row of `fused` (..., N, N), rank the
// grid.numPatches() patch columns and zero the floor(ratio · P) smallest.
// The class-token column (the first grid.prefixTokens columns) is neither
// ranked nor dropped, so a row never loses its path to the class token. Per
// row, not over the flattened matrix (the common implementation protects only
// element [0, 0] of the flattened matrix); ties are broken arbitrarily.
torch::Tensor discardLowest(const torch::Tensor &fused, double ratio, const TokenGrid &grid);

// One layer's factor of the rollout (Abnar & Zuidema 2020): Â = rownorm(D(F) + I),
// F the fused heads, D the discard rule. Normalised after discarding and
// adding I, each row by its own sum (dividing a row by the sum of another row,
// as a broadcast over the wrong axis does, is the classic mistake). The
// diagonal 1 keeps every row sum ≥ 1, so the division is always defined.
torch::Tensor rolloutFactor(const torch::Tensor &attention, const RolloutOptions &options, const TokenGrid &grid);

// Attention rollout over the layers' probabilities, first layer first, each
// (B, H, N, N): R = Â_L ··· Â_1 and its class-token (or mean-query) map over
// the patches. The heads are fused in the input's precision, everything after
// in float64, on the tensors' device.
RolloutResult attentionRollout(const std::vector<torch::Tensor> &attention, const TokenGrid &grid,
                               const RolloutOptions &options = {});

} // namespace gatefold::analysis
