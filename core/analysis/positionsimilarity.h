#pragma once

#include "tokengrid.h"

#include <torch/types.h>

namespace gatefold::analysis {

// The ViT paper's position-embedding similarity (Dosovitskiy et al. 2021,
// Fig. 7 centre; the slides' "Tile = one patch; colours = cosine similarity
// to all other patch position embeddings"): the cosine similarity of every
// patch position's learned embedding to every other's, (P, P) with P = the
// grid's patches in row-major order (row i reshaped to the grid is tile i).
// The class token's embedding (the grid's prefix tokens) is left out. A
// position whose embedding is all zeros has no direction: its row and column
// are NaN. `posEmbed` (1, N, d) or (N, d) with N = grid.numTokens(). float64, on the CPU.
torch::Tensor positionSimilarity(const torch::Tensor &posEmbed, const TokenGrid &grid);

} // namespace gatefold::analysis
