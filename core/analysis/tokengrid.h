#pragma once

#include <torch/types.h>

namespace gatefold::model {
struct ViTConfig;
}

namespace gatefold::analysis {

// Where the patch tokens sit in a ViT's token sequence and in the image:
// `prefixTokens` tokens (the class token) come first, then the patches row by
// row on a height × width grid, `patchSize` pixels apart.
struct TokenGrid {
    int prefixTokens = 1;
    int height = 0;
    int width = 0;
    int patchSize = 16;

    int numPatches() const { return height * width; }
    int numTokens() const { return prefixTokens + numPatches(); }
    bool hasClassToken() const { return prefixTokens > 0; }

    static TokenGrid of(const model::ViTConfig &config);
};

// (P, P) Euclidean distances in pixels between patch centres; the centre of
// patch (r, c) is ((r + ½)·patchSize, (c + ½)·patchSize), so the distance is
// patchSize times the distance of grid indices.
torch::Tensor patchDistances(const TokenGrid &grid, const torch::TensorOptions &options = {});

} // namespace gatefold::analysis
