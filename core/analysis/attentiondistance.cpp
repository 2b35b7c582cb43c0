#include "attentiondistance.h"

#include <torch/torch.h>

namespace gatefold::analysis {

torch::Tensor meanAttentionDistance(const torch::Tensor &attention, const TokenGrid &grid)
{
    const int64_t n = grid.numTokens(), p = grid.numPatches();
    TORCH_CHECK(attention.dim() == 4 && attention.size(2) == n && attention.size(3) == n,
                "meanAttentionDistance: attention must be (B, H, ", n, ", ", n, "), got ", attention.sizes());
    const auto a = attention.narrow(2, grid.prefixTokens, p).narrow(3, grid.prefixTokens, p)
                       .to(torch::kFloat64);  // (B, H, P, P) patch queries × patch keys
    const auto distances = patchDistances(grid, a.options());  // (P, P)
    const auto weighted = (a * distances).sum(-1);            // (B, H, P)
    const auto mass = a.sum(-1);                               // (B, H, P)
    const auto perQuery = torch::where(mass > 0, weighted / mass.clamp_min(1e-300), torch::zeros_like(mass));
    return perQuery.mean(torch::IntArrayRef{0, 2});  // (H,)
}

} // namespace gatefold::analysis
