#pragma once

#include "tokengrid.h"

#include <torch/types.h>

namespace gatefold::analysis {

// Where each query looks, as a map over the patch grid (issue #7, "Attention"):
// attention probabilities (..., N, N) -> (..., grid.height, grid.width).
// With a class token: the class token's row over the patch columns (it is
// what the head reads). Without one (average pooling): the mean over all
// query rows of each patch column, i.e. how much attention the patch receives
// on average. Leading dimensions (batch, heads, branches) are kept.
torch::Tensor queryAttentionMap(const torch::Tensor &attention, const TokenGrid &grid);

} // namespace gatefold::analysis
