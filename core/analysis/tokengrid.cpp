#include "tokengrid.h"

#include "config/vitconfig.h"

#include <torch/torch.h>

namespace gatefold::analysis {

TokenGrid TokenGrid::of(const model::ViTConfig &config)
{
    TokenGrid grid;
    grid.prefixTokens = config.pooling == model::Pooling::ClassToken ? 1 : 0;
    grid.height = grid.width = config.gridSize();
    grid.patchSize = config.patchSize;
    return grid;
}

torch::Tensor patchDistances(const TokenGrid &grid, const torch::TensorOptions &options)
{
    const auto opts = options.dtype(torch::kFloat64);
    const auto rows = torch::arange(grid.height, opts).repeat_interleave(grid.width);  // (P,)
    const auto cols = torch::arange(grid.width, opts).repeat({grid.height});          // (P,)
    const auto centres = torch::stack({rows, cols}, 1).add(0.5).mul(grid.patchSize);  // (P, 2) pixels
    // Differences, not cdist: its matrix-product form leaves rounding on the zero diagonal.
    const auto distances = (centres.unsqueeze(1) - centres.unsqueeze(0)).norm(2, -1);  // (P, P)
    return options.has_dtype() ? distances.to(options.dtype()) : distances.to(torch::kFloat32);
}

} // namespace gatefold::analysis
