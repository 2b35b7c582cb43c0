#include "initializers.h"

#include <cmath>

namespace gatefold::model {

void truncNormal_(torch::Tensor &tensor, double std)
{
    torch::NoGradGuard noGrad;
    // Φ(±2) mapped to (-1, 1) and back through erfinv gives the truncated normal.
    const double lower = std::erf(-2.0 / std::sqrt(2.0));
    const double upper = std::erf(2.0 / std::sqrt(2.0));
    tensor.uniform_(lower, upper).erfinv_().mul_(std * std::sqrt(2.0)).clamp_(-2.0 * std, 2.0 * std);
}

} // namespace gatefold::model
