#include "branchlinear.h"

#include "initializers.h"
#include "maccounter.h"

#include <torch/torch.h>

namespace gatefold::model {

BranchLinearImpl::BranchLinearImpl(int64_t branches, int64_t in, int64_t out, Bias biasKind,
                                   const char *component)
    : m_component(component)
{
    weight = register_parameter("weight", torch::empty({branches, out, in}));
    truncNormal_(weight, 0.02);
    if (biasKind == Bias::PerBranch)
        bias = register_parameter("bias", torch::zeros({branches, out}));
    else if (biasKind == Bias::Shared)
        bias = register_parameter("bias", torch::zeros({out}));
}

torch::Tensor BranchLinearImpl::wide(const torch::Tensor &x) const
{
    const int64_t n = branches(), out = outFeatures();
    countMacs(m_component, x.numel() / x.size(-1) * n * out * inFeatures());
    return torch::linear(x, weight.view({n * out, inFeatures()}),
                         bias.defined() ? bias.reshape({n * out}) : torch::Tensor());
}

torch::Tensor BranchLinearImpl::branchwise(const torch::Tensor &x) const
{
    countMacs(m_component, x.size(0) * x.size(1) * outFeatures() * inFeatures());
    return torch::bmm(x, weight.transpose(1, 2));
}

torch::Tensor BranchLinearImpl::summed(const torch::Tensor &x) const
{
    const int64_t n = branches(), out = outFeatures(), in = inFeatures();
    countMacs(m_component, x.numel() / x.size(-1) * n * out * in);
    // (n, out, in) -> (out, n·in): column block b is branch b's weight.
    const auto stacked = weight.permute({1, 0, 2}).reshape({out, n * in});
    return torch::linear(x, stacked, bias.dim() == 1 ? bias : torch::Tensor());
}

} // namespace gatefold::model
