#pragma once

#include "dataset.h"

#include <string>
#include <vector>

namespace gatefold::data {

// Per-channel mean and standard deviation of a data set's training images;
// the trainer feeds the model (x − mean) / std.
struct Normalization {
    std::vector<double> mean;
    std::vector<double> std;
};

constexpr std::int64_t kNormalizationImages = 512;

// Measured on the first `maxImages` training images (deterministic).
Normalization measureNormalization(const Dataset &data, std::int64_t maxImages = kNormalizationImages);

// "mean 0.4914 0.4822 0.4465, std 0.247 0.2435 0.2616"
std::string describeNormalization(const Normalization &n);

// (B, C, H, W) images normalised, on the images' device and dtype.
torch::Tensor normalize(const torch::Tensor &images, const Normalization &n);

} // namespace gatefold::data
