#pragma once

#include "config/augmentconfig.h"

#include <opencv2/core/mat.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace gatefold::data {

// Per-image training augmentation on float images in [0, 1] (H, W, C),
// C = 1 or 3: random resized crop (or resize + centre crop) to `size`, flip,
// colour jitter, RandAugment, random erasing — in that order, all drawn from
// `rng`, so an image's augmentation depends only on its seed.
class Augmenter
{
public:
    Augmenter(const AugmentConfig &config, int size);

    cv::Mat apply(const cv::Mat &image, std::mt19937_64 &rng) const;

    // The RandAugment ops, by name, and one op at magnitude m ∈ [0, 10]
    // (signed ops flip sign with probability ½ inside apply()).
    static const std::vector<std::string> &randAugmentOps();
    static cv::Mat applyOp(const std::string &op, const cv::Mat &image, double magnitude, bool negate);

private:
    cv::Mat crop(const cv::Mat &image, std::mt19937_64 &rng) const;

    AugmentConfig m_config;
    int m_size;
};

} // namespace gatefold::data
