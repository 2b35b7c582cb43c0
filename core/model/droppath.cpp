#include "droppath.h"

#include <torch/torch.h>

namespace gatefold::model {

torch::Tensor dropPath(const torch::Tensor &x, double rate, bool training)
{
    if (rate <= 0.0 || !training)
        return x;
    const double keep = 1.0 - rate;
    std::vector<int64_t> shape(x.dim(), 1);
    shape[0] = x.size(0);  // (B, 1, 1): one draw per sample
    auto mask = torch::empty(shape, x.options()).bernoulli_(keep).div_(keep);
    return x * mask;
}

} // namespace gatefold::model
