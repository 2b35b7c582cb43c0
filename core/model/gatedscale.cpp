#include "gatedscale.h"

#include "sparsekernels.h"
#include "sparsemix.h"  // the non-CPU path

#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <vector>

namespace gatefold::model {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

torch::Tensor forwardCpu(const torch::Tensor &y, const torch::Tensor &w, const torch::Tensor &idx,
                         const torch::Tensor &embed, double strength)
{
    const int64_t m = y.size(0), d = y.size(1), k = w.size(1);
    auto out = torch::empty_like(y);
    AT_DISPATCH_FLOATING_TYPES(y.scalar_type(), "gatedScale", [&] {
        const scalar_t lambda = static_cast<scalar_t>(strength);
        const scalar_t *yp = y.data_ptr<scalar_t>(), *wp = w.data_ptr<scalar_t>(), *ep = embed.data_ptr<scalar_t>();
        const int64_t *ip = idx.data_ptr<int64_t>();
        scalar_t *op = out.data_ptr<scalar_t>();
        at::parallel_for(0, m, kernels::grainRows(k * d), [&](int64_t b, int64_t e) {
            std::vector<scalar_t> scratch(d);
            kernels::gatedScaleRows(yp, wp, ip, ep, lambda, op, scratch.data(), b, e, k, d);
        });
    });
    return out;
}

struct GatedScaleFunction : public torch::autograd::Function<GatedScaleFunction> {
    static torch::Tensor forward(AutogradContext *ctx, const torch::Tensor &y, const torch::Tensor &w,
                                 const torch::Tensor &idx, const torch::Tensor &embed, double strength)
    {
        ctx->save_for_backward({y, w, idx, embed});
        ctx->saved_data["strength"] = strength;
        return forwardCpu(y, w, idx, embed, strength);
    }

    static variable_list backward(AutogradContext *ctx, variable_list gradOutputs)
    {
        const auto saved = ctx->get_saved_variables();
        const auto &y = saved[0], &w = saved[1], &idx = saved[2], &embed = saved[3];
        const double strength = ctx->saved_data["strength"].toDouble();
        const auto grad = gradOutputs[0].contiguous();
        const int64_t m = y.size(0), d = y.size(1), k = w.size(1);
        auto gradY = torch::empty_like(y);
        auto gradW = torch::empty_like(w);
        // One ∂L/∂E accumulator per thread (K·d each), summed at the end: the
        // row pass then reads y and ∂L/∂ỹ once and no two threads share a row of E.
        const int64_t codes = embed.size(0);
        const int threads = at::get_num_threads();
        auto gradEParts = torch::zeros({threads, codes, d}, embed.options());
        AT_DISPATCH_FLOATING_TYPES(y.scalar_type(), "gatedScaleBackward", [&] {
            const scalar_t lambda = static_cast<scalar_t>(strength);
            const scalar_t *yp = y.data_ptr<scalar_t>(), *wp = w.data_ptr<scalar_t>();
            const scalar_t *ep = embed.data_ptr<scalar_t>(), *gp = grad.data_ptr<scalar_t>();
            const int64_t *ip = idx.data_ptr<int64_t>();
            scalar_t *gyp = gradY.data_ptr<scalar_t>(), *gwp = gradW.data_ptr<scalar_t>();
            scalar_t *gep = gradEParts.data_ptr<scalar_t>();
            // OpenMP hands each thread one fixed contiguous range of rows, so the
            // sums are deterministic for a given thread count.
            at::parallel_for(0, m, kernels::grainRows(3 * k * d), [&](int64_t b, int64_t e) {
                std::vector<scalar_t> scratch(2 * d);
                scalar_t *mine = gep + int64_t(at::get_thread_num()) * codes * d;
                kernels::gatedScaleBackwardRows(yp, wp, ip, ep, lambda, gp, gyp, gwp, mine, scratch.data(), b, e, k,
                                                d);
            });
        });
        auto gradEmbed = gradEParts.sum(0);
        return {gradY, gradW, torch::Tensor(), gradEmbed, torch::Tensor()};
    }
};

} // namespace

torch::Tensor gatedScale(const torch::Tensor &y, const torch::Tensor &weights, const torch::Tensor &indices,
                         const torch::Tensor &embed, double strength)
{
    const auto path = sparseMixPath();
    if (path == SparseMixPath::Batched || (path == SparseMixPath::Default && !y.device().is_cpu())) {
        // y + λ·y⊙g in one kernel; sparseMix runs its batched path. At λ = 0
        // the output still equals y, and w, E get zero gradient.
        return torch::addcmul(y, y, sparseMix(weights, indices, embed), strength);
    }
    if (!y.device().is_cpu())  // PerCode: the former non-CPU path, a timing baseline
        return y * (1.0 + strength * sparseMix(weights, indices, embed));
    return GatedScaleFunction::apply(y.contiguous(), weights.contiguous(), indices.contiguous(), embed.contiguous(),
                                     strength);
}

} // namespace gatefold::model
