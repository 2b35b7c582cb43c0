#include "positionsimilarity.h"

#include <torch/torch.h>

#include <limits>

namespace gatefold::analysis {

torch::Tensor positionSimilarity(const torch::Tensor &posEmbed, const TokenGrid &grid)
{
    TORCH_CHECK(posEmbed.defined(), "the model has no position embeddings");
    const auto table = posEmbed.dim() == 3 && posEmbed.size(0) == 1 ? posEmbed[0] : posEmbed;
    TORCH_CHECK(table.dim() == 2 && table.size(0) == grid.numTokens(), "positionSimilarity: the position "
                "embeddings must be (1, ", grid.numTokens(), ", d) for a ", grid.height, "×", grid.width,
                " grid with ", grid.prefixTokens, " prefix token(s), got ", posEmbed.sizes());
    const auto patches = table.detach().narrow(0, grid.prefixTokens, grid.numPatches()).to(torch::kCPU, torch::kFloat64);
    const auto norms = patches.norm(2, 1, /*keepdim=*/true);  // (P, 1)
    const auto unit = patches / norms.clamp_min(std::numeric_limits<double>::min());
    auto similarity = unit.matmul(unit.t());  // (P, P)
    const auto zero = (norms == 0).squeeze(1);  // (P)
    const auto undefined = zero.unsqueeze(0) | zero.unsqueeze(1);
    return similarity.masked_fill(undefined, std::numeric_limits<double>::quiet_NaN());
}

} // namespace gatefold::analysis
