#include "branchsimilarity.h"

#include "joinkernels.h"

#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <algorithm>
#include <vector>

namespace gatefold::model {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

int64_t pairsOf(int64_t n)
{
    return n * (n - 1) / 2;
}

int64_t tokenGrain(int64_t n, int64_t d)
{
    return std::max<int64_t>(1, 32768 / std::max<int64_t>(1, n * n * d / 2));
}

// One pass over f (n, M, d) forward, one backward, instead of a dozen
// element-wise passes and their gradients.
struct DiversityFunction : public torch::autograd::Function<DiversityFunction> {
    static torch::Tensor forward(AutogradContext *ctx, const torch::Tensor &fIn)
    {
        const auto f = fIn.contiguous();
        ctx->save_for_backward({f});
        const int64_t n = f.size(0), d = f.size(-1), m = f.numel() / (n * d);
        double total = 0;
        AT_DISPATCH_FLOATING_TYPES(f.scalar_type(), "branchDiversity", [&] {
            const scalar_t *fp = f.data_ptr<scalar_t>();
            const int64_t grain = tokenGrain(n, d);
            const int64_t tasks = (m + grain - 1) / grain;
            std::vector<double> partial(size_t(tasks), 0.0);  // fixed order: the same sum for any thread count
            at::parallel_for(0, tasks, 1, [&](int64_t b, int64_t e) {
                for (int64_t task = b; task < e; ++task)
                    partial[size_t(task)] = kernels::diversityRows(fp, n, m, d, task * grain,
                                                                   std::min(m, (task + 1) * grain));
            });
            for (double p : partial)
                total += p;
        });
        return torch::full({}, total / double(pairsOf(n) * m), f.options());
    }

    static variable_list backward(AutogradContext *ctx, variable_list grads)
    {
        const auto f = ctx->get_saved_variables()[0];
        const int64_t n = f.size(0), d = f.size(-1), m = f.numel() / (n * d);
        auto gf = torch::empty_like(f);
        const double scale = grads[0].item<double>() / double(pairsOf(n) * m);
        AT_DISPATCH_FLOATING_TYPES(f.scalar_type(), "branchDiversityBackward", [&] {
            const scalar_t *fp = f.data_ptr<scalar_t>();
            scalar_t *gp = gf.data_ptr<scalar_t>();
            at::parallel_for(0, m, tokenGrain(n, d), [&](int64_t b, int64_t e) {
                kernels::diversityBackwardRows(fp, gp, scalar_t(scale), n, m, d, b, e);
            });
        });
        return {gf};
    }
};

// f (n, …, d) -> (n, M, d) with unit rows (zero rows stay zero).
torch::Tensor unitRows(const torch::Tensor &f)
{
    auto rows = f.reshape({f.size(0), -1, f.size(-1)});
    return rows / rows.norm(2, -1, /*keepdim=*/true).clamp_min(1e-12);
}

} // namespace

torch::Tensor branchDiversity(const torch::Tensor &f)
{
    const int64_t n = f.size(0);
    if (n < 2)
        return torch::zeros({}, f.options());
    if (f.device().is_cpu() && (f.scalar_type() == at::kFloat || f.scalar_type() == at::kDouble) && n <= 16)
        return DiversityFunction::apply(f);
    const auto u = unitRows(f);
    torch::Tensor total;
    // n ≤ 16 branches: at most 120 pairs of element-wise products, no small GEMMs.
    for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = i + 1; j < n; ++j) {
            auto term = (u[i] * u[j]).sum(-1).square().mean();
            total = total.defined() ? total + term : term;
        }
    }
    return total / double(n * (n - 1) / 2);
}

torch::Tensor branchCosineMatrix(const torch::Tensor &f)
{
    const auto u = unitRows(f);  // (n, M, d)
    // Σ_tokens u_i·u_j as one (n, M·d) × (M·d, n) product, then the mean.
    const auto flat = u.reshape({u.size(0), -1});
    return flat.matmul(flat.t()) / double(u.size(1));
}

torch::Tensor weightCosineMatrix(const torch::Tensor &w)
{
    auto flat = w.reshape({w.size(0), -1});
    flat = flat / flat.norm(2, -1, /*keepdim=*/true).clamp_min(1e-12);
    return flat.matmul(flat.t());
}

} // namespace gatefold::model
