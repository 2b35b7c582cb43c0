#include "attentionmaps.h"

#include <torch/torch.h>

namespace gatefold::analysis {

torch::Tensor queryAttentionMap(const torch::Tensor &attention, const TokenGrid &grid)
{
    const int64_t n = grid.numTokens();
    TORCH_CHECK(attention.dim() >= 2 && attention.size(-1) == n && attention.size(-2) == n,
                "queryAttentionMap: attention must be (..., ", n, ", ", n, "), got ", attention.sizes());
    const auto rows = grid.hasClassToken() ? attention.select(-2, 0)  // (..., N)
                                           : attention.mean(-2);      // (..., N)
    auto shape = rows.sizes().vec();
    shape.back() = grid.height;
    shape.push_back(grid.width);
    return rows.narrow(-1, grid.prefixTokens, grid.numPatches()).reshape(shape);  // (..., gh, gw)
}

} // namespace gatefold::analysis
