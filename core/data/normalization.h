#pragma once

#include "dataset.h"

#include <vector>

namespace gatefold::data {

// Per-channel mean and standard deviation of a data set's training images;
// the trainer feeds the model (x − mean) / std.
struct Normalization {
    std::vector<double> mean;
    std::vector<double> std;
};

// Measured on the first `maxImages` training images (deterministic).
Normalization measureNormalization(const Dataset &data, std::int64_t maxImages = 512);

// (B, C, H, W) images normalised, on the images' device and dtype.
torch::Tensor normalize(const torch::Tensor &images, const Normalization &n);

} // namespace gatefold::data
