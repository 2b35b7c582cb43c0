#pragma once

#include <torch/types.h>

namespace gatefold::model {

// Stochastic depth: in training, zeroes a whole sample's residual branch with
// probability `rate` and scales survivors by 1/(1-rate); identity otherwise.
torch::Tensor dropPath(const torch::Tensor &x, double rate, bool training);

} // namespace gatefold::model
