#include "codemaps.h"

#include <torch/torch.h>

#include <algorithm>

namespace gatefold::analysis {
namespace {

void checkAssignment(const torch::Tensor &indices, const torch::Tensor &weights, const TokenGrid &grid,
                     const char *what)
{
    TORCH_CHECK(indices.dim() == 3 && indices.sizes() == weights.sizes() && indices.size(1) == grid.numTokens(),
                what, ": code indices and weights must be (B, ", grid.numTokens(), ", k), got ", indices.sizes(),
                " and ", weights.sizes());
}

} // namespace

torch::Tensor patchCodeMap(const torch::Tensor &codeIndices, const torch::Tensor &codeWeights,
                           const TokenGrid &grid)
{
    checkAssignment(codeIndices, codeWeights, grid, "patchCodeMap");
    const auto patchIdx = codeIndices.narrow(1, grid.prefixTokens, grid.numPatches());  // (B, P, k)
    const auto patchW = codeWeights.narrow(1, grid.prefixTokens, grid.numPatches());   // (B, P, k)
    // argmax returns the first of equal maxima.
    const auto slot = patchW.argmax(-1, /*keepdim=*/true);                              // (B, P, 1)
    return patchIdx.gather(-1, slot).reshape({codeIndices.size(0), grid.height, grid.width});
}

torch::Tensor codeWeightOf(const torch::Tensor &codeIndices, const torch::Tensor &codeWeights, std::int64_t code)
{
    return (codeWeights * codeIndices.eq(code)).sum(-1);  // (B, N)
}

std::vector<CodeExample> topImagesForCode(const torch::Tensor &codeIndices, const torch::Tensor &codeWeights,
                                          std::int64_t code, const TokenGrid &grid, int count,
                                          std::int64_t imageOffset)
{
    checkAssignment(codeIndices, codeWeights, grid, "topImagesForCode");
    const auto perPatch = codeWeightOf(codeIndices, codeWeights, code)
                              .narrow(1, grid.prefixTokens, grid.numPatches())
                              .to(torch::kFloat64).cpu();  // (B, P)
    const auto mass = perPatch.sum(1);                     // (B,)
    const auto order = mass.argsort(0, /*descending=*/true);
    std::vector<CodeExample> out;
    for (int64_t i = 0; i < order.size(0) && int(out.size()) < count; ++i) {
        const auto image = order[i].item<int64_t>();
        const double m = mass[image].item<double>();
        if (m <= 0.0)
            break;
        out.push_back({image + imageOffset, m, perPatch[image].reshape({grid.height, grid.width})});
    }
    return out;
}

std::vector<CodeExample> mergeCodeExamples(std::vector<CodeExample> a, const std::vector<CodeExample> &b, int count)
{
    a.insert(a.end(), b.begin(), b.end());
    std::stable_sort(a.begin(), a.end(), [](const CodeExample &x, const CodeExample &y) { return x.mass > y.mass; });
    if (int(a.size()) > count)
        a.resize(size_t(std::max(0, count)));
    return a;
}

} // namespace gatefold::analysis
