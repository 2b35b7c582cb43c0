#pragma once

#include "imagesource.h"

#include <atomic>
#include <memory>

namespace gatefold::data {

// What to do with an image that cannot be decoded.
enum class BadImagePolicy {
    Stop,  // throw DataError naming the file: the run fails with that message
    Skip,  // use the next image of the split that decodes instead, and count it
};

// An ImageSource as the trainer's Dataset at `imageSize`: each image resized
// (area filter when shrinking, bilinear when growing) so that its shorter side
// is imageSize / cropPct, centre-cropped to imageSize², and scaled to float [0, 1].
class TransformedDataset : public Dataset
{
public:
    TransformedDataset(std::unique_ptr<ImageSource> source, int imageSize, double cropPct, BadImagePolicy policy);

    std::string name() const override { return m_source->name(); }
    int numClasses() const override { return int(m_source->classNames().size()); }
    int channels() const override { return m_source->channels(); }
    int imageSize() const override { return m_imageSize; }
    std::int64_t size(Split split) const override { return m_source->size(split); }
    std::pair<torch::Tensor, torch::Tensor> batch(Split split, const std::vector<std::int64_t> &indices) const override;
    std::int64_t skippedImages() const override { return m_skipped.load(); }

    const ImageSource &source() const { return *m_source; }

private:
    cv::Mat decodeOrSkip(Split split, std::int64_t index) const;

    std::unique_ptr<ImageSource> m_source;
    int m_imageSize;
    double m_cropPct;
    BadImagePolicy m_policy;
    mutable std::atomic<std::int64_t> m_skipped{0};
};

// `image` (H, W, C) 8-bit resized so its shorter side is size / cropPct and
// centre-cropped to size × size.
cv::Mat resizeCenterCrop(const cv::Mat &image, int size, double cropPct);

} // namespace gatefold::data
