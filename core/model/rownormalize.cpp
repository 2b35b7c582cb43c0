#include "rownormalize.h"

#include "sparsekernels.h"

#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>
#include <torch/torch.h>

namespace gatefold::model {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

constexpr double kEps = 1e-12;  // F::normalize's default

struct NormalizeFunction : public torch::autograd::Function<NormalizeFunction> {
    static torch::Tensor forward(AutogradContext *ctx, const torch::Tensor &xIn)
    {
        const auto x = xIn.contiguous();
        const int64_t d = x.size(-1), m = x.numel() / std::max<int64_t>(1, d);
        auto out = torch::empty_like(x);
        auto norms = torch::empty({m}, x.options());
        AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "normalizeLastDim", [&] {
            const scalar_t *xp = x.data_ptr<scalar_t>();
            scalar_t *op = out.data_ptr<scalar_t>(), *np = norms.data_ptr<scalar_t>();
            at::parallel_for(0, m, kernels::grainRows(d), [&](int64_t b, int64_t e) {
                kernels::normalizeRows(xp, op, np, scalar_t(kEps), b, e, d);
            });
        });
        ctx->save_for_backward({out, norms});
        return out;
    }

    static variable_list backward(AutogradContext *ctx, variable_list gradOutputs)
    {
        const auto saved = ctx->get_saved_variables();
        const auto &out = saved[0], &norms = saved[1];
        const auto grad = gradOutputs[0].contiguous();
        const int64_t d = out.size(-1), m = norms.size(0);
        auto gradX = torch::empty_like(out);
        AT_DISPATCH_FLOATING_TYPES(out.scalar_type(), "normalizeLastDimBackward", [&] {
            const scalar_t *gp = grad.data_ptr<scalar_t>(), *op = out.data_ptr<scalar_t>();
            const scalar_t *np = norms.data_ptr<scalar_t>();
            scalar_t *gx = gradX.data_ptr<scalar_t>();
            at::parallel_for(0, m, kernels::grainRows(d), [&](int64_t b, int64_t e) {
                kernels::normalizeBackwardRows(gp, op, np, scalar_t(kEps), gx, b, e, d);
            });
        });
        return {gradX};
    }
};

} // namespace

torch::Tensor normalizeLastDim(const torch::Tensor &x)
{
    if (!x.device().is_cpu() || !at::isFloatingType(x.scalar_type()) || x.scalar_type() == at::kHalf
        || x.scalar_type() == at::kBFloat16) {
        namespace F = torch::nn::functional;
        return F::normalize(x, F::NormalizeFuncOptions().dim(-1));
    }
    return NormalizeFunction::apply(x);
}

} // namespace gatefold::model
