#pragma once

#include "config/augmentconfig.h"

#include <torch/types.h>

#include <cstdint>

namespace gatefold::data {

struct MixedBatch {
    torch::Tensor images;   // (B, C, S, S), mixed in place of the input's copy
    torch::Tensor targets;  // (B, K) soft targets, rows sum to 1
    double lambda = 1.0;    // weight of each image's own label (cutmix: its share of the area)
    bool mixed = false;
    bool cutmix = false;
};

// One-hot targets with label smoothing ε: (1 − ε)·onehot + ε/K.
torch::Tensor smoothTargets(const torch::Tensor &labels, int numClasses, double smoothing);

// Mixup or cutmix of a batch with its reverse (image i with image B−1−i), as
// timm's Mixup in batch mode: with probability mixProb the batch is mixed,
// cutmix with probability switchProb when both are on; λ ~ Beta(α, α); for
// cutmix a box of area ≈ (1 − λ) is pasted and λ becomes the kept share of
// the area. Targets mix the smoothed one-hots by λ. All draws from `seed`.
MixedBatch mixBatch(const torch::Tensor &images, const torch::Tensor &labels, int numClasses,
                    const AugmentConfig &config, double smoothing, std::uint64_t seed);

} // namespace gatefold::data
