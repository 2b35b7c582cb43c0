#include "mixing.h"

#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <random>

namespace gatefold::data {
namespace {

// Beta(α, α) from two gammas.
double sampleBeta(double alpha, std::mt19937_64 &rng)
{
    std::gamma_distribution<double> gamma(alpha, 1.0);
    const double x = gamma(rng), y = gamma(rng);
    return x + y > 0 ? x / (x + y) : 0.5;
}

} // namespace

torch::Tensor smoothTargets(const torch::Tensor &labels, int numClasses, double smoothing)
{
    auto targets = torch::full({labels.size(0), numClasses}, smoothing / numClasses,
                               torch::TensorOptions().dtype(torch::kFloat32).device(labels.device()));
    targets.scatter_(1, labels.unsqueeze(1), 1.0 - smoothing + smoothing / numClasses);
    return targets;
}

MixedBatch mixBatch(const torch::Tensor &images, const torch::Tensor &labels, int numClasses,
                    const AugmentConfig &config, double smoothing, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> uni(0.0, 1.0);
    MixedBatch out;
    out.images = images;
    const auto targets = smoothTargets(labels, numClasses, smoothing);
    out.targets = targets;
    if (!config.mixes() || uni(rng) >= config.mixProb)
        return out;
    out.cutmix = config.cutmix > 0 && (config.mixup <= 0 || uni(rng) < config.switchProb);
    double lambda = sampleBeta(out.cutmix ? config.cutmix : config.mixup, rng);
    const auto flipped = images.flip({0});
    if (out.cutmix) {
        const std::int64_t h = images.size(2), w = images.size(3);
        const double cut = std::sqrt(1.0 - lambda);
        const std::int64_t ch = std::int64_t(double(h) * cut), cw = std::int64_t(double(w) * cut);
        const std::int64_t cy = std::uniform_int_distribution<std::int64_t>(0, h - 1)(rng);
        const std::int64_t cx = std::uniform_int_distribution<std::int64_t>(0, w - 1)(rng);
        const std::int64_t y0 = std::clamp<std::int64_t>(cy - ch / 2, 0, h), y1 = std::clamp<std::int64_t>(cy + ch / 2, 0, h);
        const std::int64_t x0 = std::clamp<std::int64_t>(cx - cw / 2, 0, w), x1 = std::clamp<std::int64_t>(cx + cw / 2, 0, w);
        out.images = images.clone();
        using torch::indexing::Slice;
        out.images.index_put_({Slice(), Slice(), Slice(y0, y1), Slice(x0, x1)},
                              flipped.index({Slice(), Slice(), Slice(y0, y1), Slice(x0, x1)}));
        lambda = 1.0 - double((y1 - y0) * (x1 - x0)) / double(h * w);
    } else {
        out.images = images * lambda + flipped * (1.0 - lambda);
    }
    out.lambda = lambda;
    out.mixed = true;
    out.targets = targets * lambda + targets.flip({0}) * (1.0 - lambda);
    return out;
}

} // namespace gatefold::data
