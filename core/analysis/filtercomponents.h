#pragma once

#include <torch/types.h>

#include <cstdint>

namespace gatefold::analysis {

// The principal components of a ViT's patch-embedding filters (Dosovitskiy
// et al. 2021, Fig. 7 left: "RGB embedding filters (first 28 principal
// components)"; the ViT slides' "Inspection" page: each tile a PC of E
// reshaped to (P, P) with R, G, B).
//
// The D output channels' filters are the samples: row i of E is channel i's
// filter, C·P·P values in (channel, row, col) order. The rows are centred —
// the mean filter is subtracted — before the SVD, as PCA is (sklearn's PCA,
// which reproductions of the figure use, does the same): uncentred, the first
// "component" would mostly be the mean filter and the variances would not be
// variances. explained variance_k = s_k² / (D − 1) (the sample covariance's
// eigenvalue), ratio_k = s_k² / Σ s². Components whose singular value is
// numerically zero (s ≤ s_max · max(D, C·P·P) · ε) are left out, so a filter
// bank of rank r gives min(r, maxComponents) components (at most D − 1 after
// centring). Each component's sign is fixed so that its entry of largest
// magnitude is positive (PCA's sign is arbitrary). float64, on the CPU.
struct FilterComponents {
    torch::Tensor components;  // (K, C, P, P), orthonormal rows when flattened
    torch::Tensor variance;    // (K) explained variance, descending
    torch::Tensor ratio;       // (K) explained variance ratio, in [0, 1], summing to ≤ 1
    std::int64_t filters = 0;  // D, the number of filters (samples)
};

inline constexpr std::int64_t kShownComponents = 28;  // the ViT paper's figure

// `weight`: the patch embedding's Conv2d weight (D, C, P, P).
FilterComponents filterComponents(const torch::Tensor &weight, std::int64_t maxComponents = kShownComponents);

} // namespace gatefold::analysis
