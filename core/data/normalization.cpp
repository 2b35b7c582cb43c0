#include "normalization.h"

#include <torch/torch.h>

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace gatefold::data {

Normalization measureNormalization(const Dataset &data, std::int64_t maxImages)
{
    std::vector<std::int64_t> indices(size_t(std::min(maxImages, data.size(Split::Train))));
    std::iota(indices.begin(), indices.end(), std::int64_t(0));
    const auto images = data.batch(Split::Train, indices).first.to(torch::kFloat64);
    const auto perChannel = images.transpose(0, 1).reshape({images.size(1), -1});
    const auto mean = perChannel.mean(1);
    const auto std = perChannel.std(1).clamp_min(1e-6);
    Normalization n;
    for (int c = 0; c < images.size(1); ++c) {
        n.mean.push_back(mean[c].item<double>());
        n.std.push_back(std[c].item<double>());
    }
    return n;
}

std::string describeNormalization(const Normalization &n)
{
    auto list = [](const std::vector<double> &v) {
        std::string text;
        char buffer[32];
        for (double x : v) {
            std::snprintf(buffer, sizeof buffer, " %.4g", x);
            text += buffer;
        }
        return text;
    };
    return "mean" + list(n.mean) + ", std" + list(n.std);
}

torch::Tensor normalize(const torch::Tensor &images, const Normalization &n)
{
    const auto options = torch::TensorOptions().dtype(torch::kFloat64);
    const auto c = std::int64_t(n.mean.size());
    const auto mean = torch::tensor(n.mean, options).view({1, c, 1, 1}).to(images.options());
    const auto std = torch::tensor(n.std, options).view({1, c, 1, 1}).to(images.options());
    return (images - mean) / std;
}

} // namespace gatefold::data
