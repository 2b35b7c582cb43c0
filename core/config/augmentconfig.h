#pragma once

namespace gatefold::data {

// Training augmentation (timm's names where timm has them). Everything off by
// default; each is seeded per image from the run's seed and step.
struct AugmentConfig {
    bool randomResizedCrop = false;  // area in [scaleMin, 1], aspect in [3/4, 4/3], resized to the image size
    double scaleMin = 0.08;
    double hflip = 0.0;              // probability of a horizontal flip
    double colorJitter = 0.0;        // brightness, contrast, saturation each by a factor in [1 − j, 1 + j]
    int randAugmentOps = 0;          // RandAugment: N ops per image (0: off)
    double randAugmentMagnitude = 9; // M in [0, 10]
    double randomErasing = 0.0;      // probability of erasing one rectangle (2–33 % of the area) with noise
    double mixup = 0.0;              // Beta(α, α) of mixup (0: off)
    double cutmix = 0.0;             // Beta(α, α) of cutmix (0: off)
    double mixProb = 1.0;            // probability that a batch is mixed at all
    double switchProb = 0.5;         // with both on: probability of cutmix rather than mixup

    bool perImage() const { return randomResizedCrop || hflip > 0 || colorJitter > 0 || randAugmentOps > 0 || randomErasing > 0; }
    bool mixes() const { return mixup > 0 || cutmix > 0; }
};

// Every data.* (aug.*) setting of the field table (fieldtable.cpp), compared exactly.
bool operator==(const AugmentConfig &a, const AugmentConfig &b);

} // namespace gatefold::data
