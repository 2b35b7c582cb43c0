#include "sparsemix.h"

#include "sparsekernels.h"

#include <ATen/Dispatch.h>
#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <atomic>

namespace gatefold::model {
namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

constexpr double kNormEps = 1e-12;  // F::normalize's default

std::atomic<int> g_path{int(SparseMixPath::Default)};

// Fused: the CPU kernels. Batched: a few ATen ops per call. PerCode: a
// loop over the k mixed codes, one gather or scatter op each.
enum class Route { Fused, Batched, PerCode };

Route routeFor(const torch::Tensor &t)
{
    const auto path = SparseMixPath(g_path.load(std::memory_order_relaxed));
    if (path == SparseMixPath::Batched)
        return Route::Batched;
    if (t.device().is_cpu())
        return Route::Fused;
    return path == SparseMixPath::PerCode ? Route::PerCode : Route::Batched;
}

// The k largest per row of s (M, n), descending; a selection pass on CPU.
std::tuple<torch::Tensor, torch::Tensor> topK(const torch::Tensor &scores, int64_t k)
{
    if (!scores.device().is_cpu() || k > 64)
        return scores.topk(k, -1);
    const auto s = scores.contiguous();
    const int64_t m = s.size(0), n = s.size(1);
    auto values = torch::empty({m, k}, s.options());
    auto indices = torch::empty({m, k}, s.options().dtype(torch::kLong));
    AT_DISPATCH_FLOATING_TYPES(s.scalar_type(), "topK", [&] {
        const scalar_t *sp = s.data_ptr<scalar_t>();
        scalar_t *vp = values.data_ptr<scalar_t>();
        int64_t *ip = indices.data_ptr<int64_t>();
        at::parallel_for(0, m, kernels::grainRows(n), [&](int64_t begin, int64_t end) {
            kernels::topKRows(sp, n, k, vp, ip, begin, end);
        });
    });
    return {values, indices};
}

struct SparseMixFunction : public torch::autograd::Function<SparseMixFunction> {
    static torch::Tensor forward(AutogradContext *ctx, const torch::Tensor &weights, const torch::Tensor &indices,
                                 const torch::Tensor &table)
    {
        ctx->save_for_backward({weights, indices, table});
        return gatherMix(weights, indices, table);
    }

    static variable_list backward(AutogradContext *ctx, variable_list gradOutputs)
    {
        const auto saved = ctx->get_saved_variables();
        const auto &weights = saved[0], &indices = saved[1], &table = saved[2];
        const auto grad = gradOutputs[0].contiguous();  // (M, D)
        torch::Tensor gradWeights, gradTable;
        if (ctx->needs_input_grad(0))
            gradWeights = rowDots(grad, indices, table);
        if (ctx->needs_input_grad(2))
            gradTable = scatterMix(weights, indices, grad, table.size(0));
        return {gradWeights, torch::Tensor(), gradTable};
    }
};

struct TopKProductsFunction : public torch::autograd::Function<TopKProductsFunction> {
    static variable_list forward(AutogradContext *ctx, const torch::Tensor &a, const torch::Tensor &b, int64_t k)
    {
        auto [values, indices] = topK(torch::matmul(a, b.t()), k);  // (M, k) each
        ctx->save_for_backward({a, b, indices});
        ctx->mark_non_differentiable({indices});
        return {values, indices};
    }

    static variable_list backward(AutogradContext *ctx, variable_list gradOutputs)
    {
        const auto saved = ctx->get_saved_variables();
        const auto &a = saved[0], &b = saved[1], &indices = saved[2];
        const auto grad = gradOutputs[0].contiguous();  // (M, k): ∂L/∂s at the kept logits
        torch::Tensor gradA, gradB;
        if (ctx->needs_input_grad(0))
            gradA = gatherMix(grad, indices, b);  // Σ_j ∂s_j · b[idx_j]
        if (ctx->needs_input_grad(1))
            gradB = scatterMix(grad, indices, a, b.size(0));  // b[idx_j] += ∂s_j · a
        return {gradA, gradB, torch::Tensor()};
    }
};

struct TopKCosineFunction : public torch::autograd::Function<TopKCosineFunction> {
    static variable_list forward(AutogradContext *ctx, const torch::Tensor &a, const torch::Tensor &b, int64_t k)
    {
        auto [raw, indices] = topK(torch::matmul(a, b.t()), k);  // (M, k): a·b_j at the k best
        auto norms = a.norm(2, {1}, /*keepdim=*/true);            // (M, 1)
        auto inv = norms.clamp_min(kNormEps).reciprocal();       // F::normalize's clamp
        auto values = raw * inv;
        // Where the norm is clamped, 1/‖a‖ is a constant and has no gradient.
        auto normTerm = inv * inv * (norms >= kNormEps).to(a.scalar_type());
        ctx->save_for_backward({a, b, indices, values, inv, normTerm});
        ctx->mark_non_differentiable({indices});
        return {values, indices};
    }

    static variable_list backward(AutogradContext *ctx, variable_list gradOutputs)
    {
        const auto saved = ctx->get_saved_variables();
        const auto &a = saved[0], &b = saved[1], &indices = saved[2], &values = saved[3];
        const auto &inv = saved[4], &normTerm = saved[5];
        const auto grad = gradOutputs[0].contiguous();  // (M, k)
        const auto scaled = (grad * inv).contiguous();  // ∂L/∂(a·b_j) = g_j / ‖a‖
        torch::Tensor gradA, gradB;
        if (ctx->needs_input_grad(0)) {
            // ∂v_j/∂a = b_j/‖a‖ − v_j·a/‖a‖²: a k-row gather, then one pass over a.
            gradA = gatherMix(scaled, indices, b);
            gradA.addcmul_(a, (grad * values).sum(1, /*keepdim=*/true) * normTerm, -1.0);
        }
        if (ctx->needs_input_grad(1))
            gradB = scatterMix(scaled, indices, a, b.size(0));
        return {gradA, gradB, torch::Tensor()};
    }
};

} // namespace

void setSparseMixPath(SparseMixPath path)
{
    g_path.store(int(path), std::memory_order_relaxed);
}

SparseMixPath sparseMixPath()
{
    return SparseMixPath(g_path.load(std::memory_order_relaxed));
}

torch::Tensor gatherMix(const torch::Tensor &weightsIn, const torch::Tensor &indicesIn, const torch::Tensor &tableIn)
{
    const auto weights = weightsIn.contiguous(), indices = indicesIn.contiguous(), table = tableIn.contiguous();
    const int64_t m = weights.size(0), k = weights.size(1), d = table.size(1);
    const Route route = routeFor(table);
    if (route == Route::PerCode) {
        auto out = torch::zeros({m, d}, table.options());
        for (int64_t j = 0; j < k; ++j)
            out.addcmul_(table.index_select(0, indices.select(1, j)), weights.select(1, j).unsqueeze(1));
        return out;
    }
    if (route == Route::Batched) {
        // Σ_j w[t,j]·table[idx[t,j]] is a weighted sum-mode embedding bag of
        // the k codes of row t: one kernel on CUDA, nothing (M, k, D) stored.
        const auto offsets = torch::arange(0, m * k, k, indices.options());  // bag t starts at t·k
        return std::get<0>(at::embedding_bag(table, indices.reshape(-1), offsets, /*scale_grad_by_freq=*/false,
                                             /*mode: sum*/ 0, /*sparse=*/false,
                                             weights.reshape(-1).to(table.scalar_type())));
    }
    auto out = torch::empty({m, d}, table.options());
    AT_DISPATCH_FLOATING_TYPES(table.scalar_type(), "gatherMix", [&] {
        const scalar_t *w = weights.data_ptr<scalar_t>();
        const int64_t *idx = indices.data_ptr<int64_t>();
        const scalar_t *tab = table.data_ptr<scalar_t>();
        scalar_t *o = out.data_ptr<scalar_t>();
        at::parallel_for(0, m, kernels::grainRows(k * d), [&](int64_t begin, int64_t end) {
            kernels::gatherMixRows(w, idx, tab, o, begin, end, k, d);
        });
    });
    return out;
}

torch::Tensor rowDots(const torch::Tensor &srcIn, const torch::Tensor &indicesIn, const torch::Tensor &tableIn)
{
    const auto src = srcIn.contiguous(), indices = indicesIn.contiguous(), table = tableIn.contiguous();
    const int64_t m = indices.size(0), k = indices.size(1), d = table.size(1);
    if (routeFor(table) != Route::Fused) {  // batched: one gather of the M·k rows (the same for PerCode)
        auto rows = table.index_select(0, indices.reshape(-1)).view({m, k, d});  // (M, k, D)
        return (rows * src.unsqueeze(1)).sum(-1);
    }
    auto out = torch::empty({m, k}, table.options());
    AT_DISPATCH_FLOATING_TYPES(table.scalar_type(), "rowDots", [&] {
        const scalar_t *s = src.data_ptr<scalar_t>();
        const int64_t *idx = indices.data_ptr<int64_t>();
        const scalar_t *tab = table.data_ptr<scalar_t>();
        scalar_t *o = out.data_ptr<scalar_t>();
        at::parallel_for(0, m, kernels::grainRows(k * d), [&](int64_t begin, int64_t end) {
            kernels::rowDotsRows(s, idx, tab, o, begin, end, k, d);
        });
    });
    return out;
}

torch::Tensor scatterMix(const torch::Tensor &weightsIn, const torch::Tensor &indicesIn, const torch::Tensor &srcIn,
                         int64_t rows)
{
    const auto weights = weightsIn.contiguous(), indices = indicesIn.contiguous(), src = srcIn.contiguous();
    const int64_t m = weights.size(0), k = weights.size(1), d = src.size(1);
    auto out = torch::zeros({rows, d}, src.options());
    const Route route = routeFor(src);
    if (route == Route::PerCode) {
        for (int64_t j = 0; j < k; ++j)
            out.index_add_(0, indices.select(1, j), src * weights.select(1, j).unsqueeze(1));
        return out;
    }
    if (route == Route::Batched) {
        // Row (t, j) of the contributions is w[t,j]·src[t]; one index_add_
        // sends all M·k of them to their codes.
        const auto contributions =
            (src.unsqueeze(1) * weights.unsqueeze(2).to(src.scalar_type())).reshape({m * k, d});  // (M·k, D)
        out.index_add_(0, indices.reshape(-1), contributions);
        return out;
    }
    AT_DISPATCH_FLOATING_TYPES(src.scalar_type(), "scatterMix", [&] {
        const scalar_t *w = weights.data_ptr<scalar_t>();
        const int64_t *idx = indices.data_ptr<int64_t>();
        const scalar_t *s = src.data_ptr<scalar_t>();
        scalar_t *o = out.data_ptr<scalar_t>();
        // Threads own disjoint column ranges, so no two write the same element.
        const int64_t grainCols = std::max<int64_t>(16, d / std::max(1, at::get_num_threads()));
        at::parallel_for(0, d, grainCols, [&](int64_t c0, int64_t c1) {
            kernels::scatterMixCols(w, idx, s, o, m, k, d, c0, c1);
        });
    });
    return out;
}

torch::Tensor sparseMix(const torch::Tensor &weights, const torch::Tensor &indices, const torch::Tensor &table)
{
    return SparseMixFunction::apply(weights, indices, table);
}

std::tuple<torch::Tensor, torch::Tensor> topKCosine(const torch::Tensor &a, const torch::Tensor &b, int64_t k)
{
    auto out = TopKCosineFunction::apply(a, b, k);
    return {out[0], out[1]};
}

std::tuple<torch::Tensor, torch::Tensor> topKProducts(const torch::Tensor &a, const torch::Tensor &b, int64_t k)
{
    auto out = TopKProductsFunction::apply(a, b, k);
    return {out[0], out[1]};
}

} // namespace gatefold::model
