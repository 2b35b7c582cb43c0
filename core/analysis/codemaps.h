#pragma once

#include "tokengrid.h"

#include <torch/types.h>

#include <cstdint>
#include <vector>

namespace gatefold::analysis {

// Per-image patch code map (core/model/README.md, CDE "What researchers look at"): the code with the largest α of
// each patch token, from a block's codeIndices/codeWeights (B, N, k) ->
// (B, grid.height, grid.width) int64. Equal weights go to the code listed
// first (for soft top-k: the larger logit).
torch::Tensor patchCodeMap(const torch::Tensor &codeIndices, const torch::Tensor &codeWeights,
                           const TokenGrid &grid);

// α of every token on one code: (B, N, k) -> (B, N).
torch::Tensor codeWeightOf(const torch::Tensor &codeIndices, const torch::Tensor &codeWeights, std::int64_t code);

// One image that uses a code.
struct CodeExample {
    std::int64_t image = 0;  // index in the batch (plus the caller's offset)
    double mass = 0.0;       // Σ over the image's patches of α on the code
    torch::Tensor patches;   // (grid.height, grid.width) α on the code per patch, on the CPU
};

// The images of a batch whose patches put the most α mass on `code`, most
// first, at most `count`; images that never use it are left out. The class
// token does not count. `imageOffset` is added to the indices so that the
// results of several batches can be merged (mergeCodeExamples).
std::vector<CodeExample> topImagesForCode(const torch::Tensor &codeIndices, const torch::Tensor &codeWeights,
                                          std::int64_t code, const TokenGrid &grid, int count,
                                          std::int64_t imageOffset = 0);

// The `count` largest of two lists of examples, most first.
std::vector<CodeExample> mergeCodeExamples(std::vector<CodeExample> a, const std::vector<CodeExample> &b, int count);

} // namespace gatefold::analysis
