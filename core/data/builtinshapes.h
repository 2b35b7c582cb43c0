#pragma once

#include "dataset.h"

#include <cstdint>
#include <string>
#include <vector>

namespace gatefold::data {

// The embedded default data set: procedurally drawn images of 10 classes of
// shapes and textures, needing no download. Every image is a pure function of
// (seed, split, index): a random shape class, foreground colour, position,
// scale, rotation, background gradient and pixel noise — so any subset, in any
// order, on any number of threads, is the same. Any image size ≥ 8 px.
// Pixels are float RGB in [0, 1], (3, S, S).
class BuiltinShapes : public Dataset
{
public:
    BuiltinShapes(int imageSize, std::int64_t trainSize, std::int64_t valSize, std::uint64_t seed);

    static constexpr int kClasses = 10;
    static const std::vector<std::string> &names();

    std::string name() const override { return "builtin"; }
    int numClasses() const override { return kClasses; }
    int channels() const override { return 3; }
    int imageSize() const override { return m_imageSize; }
    std::int64_t size(Split split) const override { return split == Split::Train ? m_trainSize : m_valSize; }
    std::uint64_t seed() const { return m_seed; }

    // The label of image `index`, without drawing it.
    int label(Split split, std::int64_t index) const override;
    std::vector<std::string> classNames() const override { return names(); }
    // Images `indices` of `split` as (B, 3, S, S) float and their labels (B) int64,
    // drawn in parallel.
    std::pair<torch::Tensor, torch::Tensor> batch(Split split,
                                                  const std::vector<std::int64_t> &indices) const override;

    // Draws image `index` into `pixels`, (3, S, S) float.
    void draw(Split split, std::int64_t index, float *pixels) const;

private:
    int m_imageSize;
    std::int64_t m_trainSize;
    std::int64_t m_valSize;
    std::uint64_t m_seed;
};

} // namespace gatefold::data
