#pragma once

#include <torch/types.h>

namespace gatefold::model {

// x / max(‖x‖₂, 1e-12) along the last dimension (F::normalize's result), with
// a fused backward (x − x̂⟨∂, x̂⟩)/‖x‖ instead of autograd's division chain.
torch::Tensor normalizeLastDim(const torch::Tensor &x);

} // namespace gatefold::model
