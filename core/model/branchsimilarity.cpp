#include "branchsimilarity.h"

#include <torch/torch.h>

namespace gatefold::model {
namespace {

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
