#pragma once

#include <torch/types.h>

#include <cstdint>
#include <vector>

namespace gatefold::analysis {

// Unbiased HSIC of two n × n Gram matrices, n ≥ 4 (Song et al. 2012, Eq. 5):
//   HSIC₁(K, L) = [tr(K̃L̃) + 1ᵀK̃1·1ᵀL̃1 / ((n−1)(n−2)) − 2/(n−2)·1ᵀK̃L̃1] / (n(n−3)),
// K̃, L̃ = K, L with zero diagonals. Needs no centring: it is unchanged when
// the features are shifted by a constant.
double unbiasedHsic(const torch::Tensor &gramK, const torch::Tensor &gramL);

// Layer-by-layer linear CKA between two sets of features of the same
// examples, over minibatches (Nguyen, Raghu & Kornblith 2021, Eq. 3):
//   CKA(l, m) = Σ_i HSIC₁(K_il, L_im) / sqrt(Σ_i HSIC₁(K_il, K_il) · Σ_i HSIC₁(L_im, L_im)),
// K_il = X_il X_ilᵀ the linear Gram matrix of layer l on minibatch i. Each
// HSIC term is unbiased, so the sums over minibatches estimate the full-data
// values without the bias of small batches. Computed in float64 on the
// features' device: per batch one (L_A, n²) × (n², L_B) product.
class MinibatchCka
{
public:
    MinibatchCka(std::int64_t layersA, std::int64_t layersB);

    // One minibatch: featuresA[l] (n, d_l) and featuresB[m] (n, d'_m) of the
    // same n ≥ 4 examples in the same order (feature widths may differ).
    void add(const std::vector<torch::Tensor> &featuresA, const std::vector<torch::Tensor> &featuresB);

    // (L_A, L_B) float64 on the CPU; NaN where a layer's self-HSIC sum is not
    // positive (e.g. constant features).
    torch::Tensor matrix() const;
    std::int64_t batches() const { return m_batches; }

private:
    std::int64_t m_layersA;
    std::int64_t m_layersB;
    std::int64_t m_batches = 0;
    torch::Tensor m_hsicAB;  // (L_A, L_B)
    torch::Tensor m_hsicAA;  // (L_A,)
    torch::Tensor m_hsicBB;  // (L_B,)
};

// Linear CKA of two feature matrices (n, d) and (n, d') on one batch.
double linearCka(const torch::Tensor &x, const torch::Tensor &y);

} // namespace gatefold::analysis
