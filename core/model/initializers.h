#pragma once

#include <torch/types.h>

namespace gatefold::model {

// In-place N(0, std²) truncated to [-2·std, 2·std] (timm's trunc_normal_
// defaults), by inverse-CDF sampling of a uniform draw.
void truncNormal_(torch::Tensor &tensor, double std);

} // namespace gatefold::model
