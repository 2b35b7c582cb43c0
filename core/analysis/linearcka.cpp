#include "linearcka.h"

#include <torch/torch.h>

#include <limits>

namespace gatefold::analysis {
namespace {

// Gram matrices with zero diagonals of every layer, (L, n, n) float64.
torch::Tensor hollowGrams(const std::vector<torch::Tensor> &features, int64_t n)
{
    std::vector<torch::Tensor> grams;
    grams.reserve(features.size());
    for (const auto &f : features) {
        TORCH_CHECK(f.dim() == 2 && f.size(0) == n, "MinibatchCka: features must be (", n, ", d), got ",
                    f.sizes());
        const auto x = f.detach().to(torch::kFloat64);
        grams.push_back(x.matmul(x.t()).fill_diagonal_(0.0));  // K̃ (n, n)
    }
    return torch::stack(grams);
}

// HSIC₁ of every pair (K̃_a, L̃_b) of hollow Grams K (A, n, n), L (B, n, n) -> (A, B).
torch::Tensor pairwiseHsic(const torch::Tensor &k, const torch::Tensor &l)
{
    const double n = double(k.size(1));
    const auto trace = k.flatten(1).matmul(l.flatten(1).t());  // tr(K̃L̃) = Σ_ij K̃_ij L̃_ij (symmetric)
    const auto rowK = k.sum(-1), rowL = l.sum(-1);              // K̃1 (A, n), L̃1 (B, n)
    const auto sumK = rowK.sum(-1), sumL = rowL.sum(-1);        // 1ᵀK̃1 (A,), 1ᵀL̃1 (B,)
    const auto cross = rowK.matmul(rowL.t());                   // 1ᵀK̃L̃1 = (K̃1)ᵀ(L̃1) (A, B)
    return (trace + sumK.unsqueeze(1) * sumL.unsqueeze(0) / ((n - 1) * (n - 2)) - 2.0 / (n - 2) * cross)
        / (n * (n - 3));
}

// HSIC₁(K̃_a, K̃_a) for every a: the diagonal of pairwiseHsic(k, k) without the off-diagonal work.
torch::Tensor selfHsic(const torch::Tensor &k)
{
    const double n = double(k.size(1));
    const auto flat = k.flatten(1);
    const auto row = k.sum(-1);
    const auto sum = row.sum(-1);
    return ((flat * flat).sum(-1) + sum * sum / ((n - 1) * (n - 2)) - 2.0 / (n - 2) * (row * row).sum(-1))
        / (n * (n - 3));
}

} // namespace

double unbiasedHsic(const torch::Tensor &gramK, const torch::Tensor &gramL)
{
    TORCH_CHECK(gramK.dim() == 2 && gramK.sizes() == gramL.sizes() && gramK.size(0) == gramK.size(1)
                    && gramK.size(0) >= 4,
                "unbiasedHsic: needs two n × n Gram matrices with n ≥ 4, got ", gramK.sizes(), " and ",
                gramL.sizes());
    const auto k = gramK.to(torch::kFloat64).clone().fill_diagonal_(0.0).unsqueeze(0);
    const auto l = gramL.to(torch::kFloat64).clone().fill_diagonal_(0.0).unsqueeze(0);
    return pairwiseHsic(k, l).item<double>();
}

MinibatchCka::MinibatchCka(std::int64_t layersA, std::int64_t layersB)
    : m_layersA(layersA)
    , m_layersB(layersB)
{
}

void MinibatchCka::add(const std::vector<torch::Tensor> &featuresA, const std::vector<torch::Tensor> &featuresB)
{
    TORCH_CHECK(int64_t(featuresA.size()) == m_layersA && int64_t(featuresB.size()) == m_layersB,
                "MinibatchCka: expected ", m_layersA, " and ", m_layersB, " layers, got ", featuresA.size(),
                " and ", featuresB.size());
    TORCH_CHECK(m_layersA > 0 && m_layersB > 0, "MinibatchCka: no layers");
    const int64_t n = featuresA.front().size(0);
    TORCH_CHECK(n >= 4, "MinibatchCka: the unbiased HSIC needs at least 4 examples per batch, got ", n);
    const auto k = hollowGrams(featuresA, n);  // (L_A, n, n)
    const auto l = hollowGrams(featuresB, n).to(k.device());  // (L_B, n, n)
    const auto ab = pairwiseHsic(k, l), aa = selfHsic(k), bb = selfHsic(l);
    if (m_batches == 0) {
        m_hsicAB = ab;
        m_hsicAA = aa;
        m_hsicBB = bb;
    } else {
        m_hsicAB += ab;
        m_hsicAA += aa;
        m_hsicBB += bb;
    }
    ++m_batches;
}

torch::Tensor MinibatchCka::matrix() const
{
    if (m_batches == 0)
        return torch::full({m_layersA, m_layersB}, std::numeric_limits<double>::quiet_NaN(), torch::kFloat64);
    const auto aa = m_hsicAA.cpu(), bb = m_hsicBB.cpu();
    const auto denominator = (aa.unsqueeze(1) * bb.unsqueeze(0)).sqrt();  // NaN where a product is negative
    const auto cka = m_hsicAB.cpu() / denominator;
    const auto defined = (aa.unsqueeze(1) > 0) & (bb.unsqueeze(0) > 0);
    return torch::where(defined, cka, torch::full_like(cka, std::numeric_limits<double>::quiet_NaN()));
}

double linearCka(const torch::Tensor &x, const torch::Tensor &y)
{
    MinibatchCka cka(1, 1);
    cka.add({x}, {y});
    return cka.matrix().item<double>();
}

} // namespace gatefold::analysis
