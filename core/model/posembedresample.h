#pragma once

#include <torch/types.h>

namespace gatefold::model {

// A grid of patch tokens: rows × cols.
struct TokenGridSize {
    int rows = 0;
    int cols = 0;
    int tokens() const { return rows * cols; }
    bool operator==(const TokenGridSize &o) const { return rows == o.rows && cols == o.cols; }
};

// Learned absolute position embeddings (1, prefix + from.rows·from.cols, d)
// resampled to the grid `to`, as timm's resample_abs_pos_embed does: the
// `prefixTokens` leading embeddings (the class token's) kept as they are, the
// patch embeddings laid out on their 2-D grid and interpolated bicubically in
// float32 with antialiasing (it matters only when the grid shrinks) and
// align_corners = false, then cast back to the input's dtype. Equal grids
// give the input tensor itself (as timm returns it unchanged).
// Throws std::invalid_argument when the shape does not fit `from`.
torch::Tensor resamplePosEmbed(const torch::Tensor &posEmbed, TokenGridSize from, TokenGridSize to,
                               int prefixTokens);

} // namespace gatefold::model
