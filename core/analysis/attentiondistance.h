#pragma once

#include "tokengrid.h"

#include <torch/types.h>

namespace gatefold::analysis {

// Mean attention distance in pixels (Dosovitskiy et al. 2021, Fig. 7) of one
// layer's probabilities (B, H, N, N) -> (H,): for each query patch q,
// Σ_k a'_qk · ‖pos_q − pos_k‖ over the patch keys k, averaged over the
// query patches and the images alike. The rule for the class token: it is
// dropped as a query and as a key, and each query's patch row is renormalised
// to sum 1 (a' = a_qk / Σ_k∈patches a_qk), so the value is a distance within
// the image whatever mass the class token draws. A row with no patch mass
// counts as distance 0. Positions are patch centres (patchDistances).
torch::Tensor meanAttentionDistance(const torch::Tensor &attention, const TokenGrid &grid);

} // namespace gatefold::analysis
