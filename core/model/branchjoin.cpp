#include "branchjoin.h"

#include "joinkernels.h"

#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace gatefold::model {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

constexpr int64_t kJoinChunk = 4096;   // elements per branch per task
constexpr int64_t kGeluChunk = 16384;  // large enough to amortise an ATen call per branch

bool fusable(const torch::Tensor &t)
{
    return t.device().is_cpu() && (t.scalar_type() == at::kFloat || t.scalar_type() == at::kDouble);
}

// The join of contiguous x over `dim` as (outer, n, inner) blocks.
torch::Tensor fusedJoin(const torch::Tensor &xIn, int64_t dim, double lambda)
{
    const auto x = xIn.contiguous();
    const int64_t n = x.size(dim);
    int64_t outer = 1, inner = 1;
    for (int64_t i = 0; i < dim; ++i)
        outer *= x.size(i);
    for (int64_t i = dim + 1; i < x.dim(); ++i)
        inner *= x.size(i);
    auto out = torch::empty_like(x);
    const int64_t chunks = (inner + kJoinChunk - 1) / kJoinChunk;
    AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "joinBranches", [&] {
        const scalar_t *xp = x.data_ptr<scalar_t>();
        scalar_t *op = out.data_ptr<scalar_t>();
        at::parallel_for(0, outer * chunks, std::max<int64_t>(1, 32768 / (kJoinChunk * n)), [&](int64_t b, int64_t e) {
            std::vector<scalar_t> scratch(static_cast<size_t>(kJoinChunk));
            for (int64_t task = b; task < e; ++task) {
                const int64_t o = task / chunks, j0 = (task % chunks) * kJoinChunk;
                const int64_t base = o * n * inner + j0;
                kernels::joinChunk(xp + base, inner, op + base, inner, n, std::min(kJoinChunk, inner - j0),
                                   scalar_t(1.0 - lambda), scalar_t(lambda), scratch.data());
            }
        });
    });
    return out;
}

struct JoinFunction : public torch::autograd::Function<JoinFunction> {
    static torch::Tensor forward(AutogradContext *ctx, const torch::Tensor &x, int64_t dim, double lambda)
    {
        ctx->saved_data["dim"] = dim;
        ctx->saved_data["lambda"] = lambda;
        return fusedJoin(x, dim, lambda);
    }

    static variable_list backward(AutogradContext *ctx, variable_list grads)
    {
        // J = (1−λ)·I + λ·11ᵀ over the branches is symmetric: the backward is the same join.
        return {fusedJoin(grads[0], ctx->saved_data["dim"].toInt(), ctx->saved_data["lambda"].toDouble()),
                torch::Tensor(), torch::Tensor()};
    }
};

torch::Tensor blob(const void *data, int64_t len, const torch::Tensor &like)
{
    return torch::from_blob(const_cast<void *>(data), {len}, like.options());
}

// out = GELU(join(h)) over h (n, inner), chunk by chunk; with `grad`, instead
// the gradient join(GELU'(join(h)) ⊙ grad).
torch::Tensor fusedJoinGelu(const torch::Tensor &h, double lambda, const torch::Tensor *grad)
{
    const int64_t n = h.size(0), inner = h.numel() / n;
    auto out = torch::empty_like(h);
    const int64_t chunks = (inner + kGeluChunk - 1) / kGeluChunk;
    AT_DISPATCH_FLOATING_TYPES(h.scalar_type(), "joinGelu", [&] {
        const scalar_t *hp = h.data_ptr<scalar_t>();
        const scalar_t *gp = grad ? grad->data_ptr<scalar_t>() : nullptr;
        scalar_t *op = out.data_ptr<scalar_t>();
        const scalar_t a = scalar_t(1.0 - lambda), l = scalar_t(lambda);
        at::parallel_for(0, chunks, 1, [&](int64_t b, int64_t e) {
            std::vector<scalar_t> u(static_cast<size_t>(n * kGeluChunk)), gu(grad ? u.size() : 0),
                scratch(static_cast<size_t>(kGeluChunk));
            for (int64_t c = b; c < e; ++c) {
                const int64_t j0 = c * kGeluChunk, len = std::min(kGeluChunk, inner - j0);
                kernels::joinChunk(hp + j0, inner, u.data(), len, n, len, a, l, scratch.data());
                for (int64_t br = 0; br < n; ++br) {
                    auto uView = blob(u.data() + br * len, len, h);
                    if (!grad) {
                        auto outView = blob(op + br * inner + j0, len, h);
                        at::gelu_out(outView, uView);
                    } else {
                        auto guView = blob(gu.data() + br * len, len, h);
                        at::gelu_backward_out(guView, blob(gp + br * inner + j0, len, h), uView);
                    }
                }
                if (grad)
                    kernels::joinChunk(gu.data(), len, op + j0, inner, n, len, a, l, scratch.data());
            }
        });
    });
    return out;
}

struct JoinGeluFunction : public torch::autograd::Function<JoinGeluFunction> {
    static torch::Tensor forward(AutogradContext *ctx, const torch::Tensor &hIn, double lambda)
    {
        const auto h = hIn.contiguous();
        ctx->saved_data["lambda"] = lambda;
        ctx->save_for_backward({h});
        return fusedJoinGelu(h, lambda, nullptr);
    }

    static variable_list backward(AutogradContext *ctx, variable_list grads)
    {
        const auto h = ctx->get_saved_variables()[0];
        const auto grad = grads[0].contiguous();
        return {fusedJoinGelu(h, ctx->saved_data["lambda"].toDouble(), &grad), torch::Tensor()};
    }
};

} // namespace

torch::Tensor joinBranches(const torch::Tensor &t, int64_t dim, double lambda)
{
    if (lambda == 0.0)
        return t;
    if (lambda == 1.0)
        return t.sum(dim, /*keepdim=*/true);
    if (fusable(t))
        return JoinFunction::apply(t, dim, lambda);
    return t * (1.0 - lambda) + t.sum(dim, /*keepdim=*/true) * lambda;
}

torch::Tensor joinGelu(const torch::Tensor &h, double lambda)
{
    if (lambda == 0.0 || lambda == 1.0 || !fusable(h))
        return torch::gelu(joinBranches(h, 0, lambda));
    return JoinGeluFunction::apply(h, lambda);
}

double joinedLogitNorm(int branches, double lambda)
{
    return std::sqrt(1.0 + (branches - 1) * lambda * lambda);
}

} // namespace gatefold::model
