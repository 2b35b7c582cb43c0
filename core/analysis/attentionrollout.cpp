#include "attentionrollout.h"

#include "attentionmaps.h"

#include <torch/torch.h>

#include <cmath>

namespace gatefold::analysis {

torch::Tensor fuseHeads(const torch::Tensor &attention, HeadFusion fusion)
{
    TORCH_CHECK(attention.dim() == 4, "fuseHeads: attention must be (B, H, N, N), got ", attention.sizes());
    switch (fusion) {
    case HeadFusion::Max:
        return std::get<0>(attention.max(1));
    case HeadFusion::Min:
        return std::get<0>(attention.min(1));
    case HeadFusion::Mean:
        break;
    }
    return attention.mean(1);
}

torch::Tensor discardLowest(const torch::Tensor &fused, double ratio, const TokenGrid &grid)
{
    TORCH_CHECK(ratio >= 0.0 && ratio <= 1.0, "discardLowest: the ratio must lie in [0, 1], got ", ratio);
    const int64_t patches = grid.numPatches();
    const auto drop = int64_t(std::floor(ratio * double(patches)));
    if (drop == 0)
        return fused;
    auto out = fused.clone();
    auto patchColumns = out.narrow(-1, grid.prefixTokens, patches);  // (..., N, P), a view into `out`
    const auto lowest = std::get<1>(patchColumns.topk(drop, -1, /*largest=*/false, /*sorted=*/false));
    patchColumns.scatter_(-1, lowest, 0.0);
    return out;
}

torch::Tensor rolloutFactor(const torch::Tensor &attention, const RolloutOptions &options, const TokenGrid &grid)
{
    // Heads fused in the input's precision (max and min are exact; a float32
    // mean of H values is off by ~1e-7 relative), then float64 for the products.
    const auto fused = discardLowest(fuseHeads(attention, options.fusion).to(torch::kFloat64),
                                     options.discardRatio, grid);  // (B, N, N)
    const auto withSelf = fused + torch::eye(fused.size(-1), fused.options());
    return withSelf / withSelf.sum(-1, /*keepdim=*/true);  // each row by its own sum
}

RolloutResult attentionRollout(const std::vector<torch::Tensor> &attention, const TokenGrid &grid,
                               const RolloutOptions &options)
{
    TORCH_CHECK(!attention.empty(), "attentionRollout: no layers");
    RolloutResult result;
    for (const auto &layer : attention) {
        const auto factor = rolloutFactor(layer, options, grid);  // (B, N, N)
        result.matrix = result.matrix.defined() ? torch::matmul(factor, result.matrix) : factor;
    }
    result.map = queryAttentionMap(result.matrix, grid);
    return result;
}

} // namespace gatefold::analysis
