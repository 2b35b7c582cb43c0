#include "branchjoin.h"

#include <torch/torch.h>

#include <cmath>

namespace gatefold::model {

torch::Tensor joinBranches(const torch::Tensor &t, int64_t dim, double lambda)
{
    if (lambda == 0.0)
        return t;
    auto sum = t.sum(dim, /*keepdim=*/true);
    if (lambda == 1.0)
        return sum;
    return t * (1.0 - lambda) + sum * lambda;
}

double joinedLogitNorm(int branches, double lambda)
{
    return std::sqrt(1.0 + (branches - 1) * lambda * lambda);
}

} // namespace gatefold::model
