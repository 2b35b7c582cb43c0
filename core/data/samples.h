#pragma once

#include "dataset.h"

#include <opencv2/core/mat.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::data {

// One image as the model sees it (before normalisation), for display.
struct Sample {
    std::int64_t index = 0;
    int label = 0;
    std::string origin;  // the file or record it comes from
    cv::Mat image;       // S × S, CV_8UC3 (RGB) or CV_8UC1
};

// The first `perClass` images of each class of `split`, class by class in
// index order: evaluation transform (resize + centre crop), or for the
// training split with `augmented` the run's augmentation, image i from a seed
// of (seed, i) — what the model trains on.
std::vector<Sample> sampleImages(const Dataset &data, Split split, int perClass, bool augmented = false,
                                 std::uint64_t seed = 0);

// The samples as one RGB image: a row per class headed by its name, images
// enlarged (nearest neighbour) to at least `minTile` px, `gap` px apart.
cv::Mat sampleGrid(const std::vector<Sample> &samples, const std::vector<std::string> &classNames, int minTile = 64,
                   int gap = 4);

} // namespace gatefold::data
