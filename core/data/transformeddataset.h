#pragma once

#include "augmenter.h"
#include "imagesource.h"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <unordered_map>

namespace gatefold::data {

// What to do with an image that cannot be decoded.
enum class BadImagePolicy {
    Stop,  // throw DataError naming the file: the run fails with that message
    Skip,  // use the next image of the split that decodes instead, and count it
};

// An ImageSource as the trainer's Dataset at `imageSize`. Evaluation: each
// image as float [0, 1] resized (area filter when shrinking, bilinear when
// growing) so that its shorter side is imageSize / cropPct and centre-cropped
// to imageSize². Training (trainBatch) with `augment`: the Augmenter's random
// crop, flip, jitter, RandAugment and erasing, image i from seeds[i].
class TransformedDataset : public Dataset
{
public:
    TransformedDataset(std::unique_ptr<ImageSource> source, int imageSize, double cropPct, BadImagePolicy policy,
                       const AugmentConfig &augment = {});

    std::string name() const override { return m_source->name(); }
    int numClasses() const override { return m_classes; }
    std::vector<std::string> classNames() const override { return m_source->classNames(); }
    int label(Split split, std::int64_t index) const override { return m_source->label(split, index); }
    std::string origin(Split split, std::int64_t index) const override { return m_source->origin(split, index); }
    int channels() const override { return m_source->channels(); }
    int imageSize() const override { return m_imageSize; }
    std::int64_t size(Split split) const override { return m_source->size(split); }
    std::pair<torch::Tensor, torch::Tensor> batch(Split split, const std::vector<std::int64_t> &indices) const override;
    std::pair<torch::Tensor, torch::Tensor> trainBatch(const std::vector<std::int64_t> &indices,
                                                       const std::vector<std::uint64_t> &seeds) const override;
    std::int64_t skippedImages() const override;
    std::vector<std::string> notices() const override { return m_source->notices(); }
    std::string lastSkipped() const override;

    // Keeps decoded images of an encoded source (image files) in memory, up to
    // `megabytes` in all, first decoded first kept; 0: none.
    void setCacheBudget(std::int64_t megabytes);
    std::int64_t cachedImages() const;

    const ImageSource &source() const { return *m_source; }

private:
    struct Decoded {
        cv::Mat image;  // float [0, 1]
        int label;
    };
    // Image `index`, or with the Skip policy the next one that decodes, and its label.
    Decoded decodeOrSkip(Split split, std::int64_t index) const;
    cv::Mat sourceImage(Split split, std::int64_t index) const;  // through the cache
    // Fills (B, C, S, S) images and labels; `make` turns decoded image i into an S×S float image.
    std::pair<torch::Tensor, torch::Tensor> assemble(Split split, const std::vector<std::int64_t> &indices,
                                                     const std::function<cv::Mat(const cv::Mat &, std::int64_t)> &make) const;

    std::unique_ptr<ImageSource> m_source;
    int m_imageSize;
    double m_cropPct;
    BadImagePolicy m_policy;
    AugmentConfig m_augmentConfig;
    Augmenter m_augmenter;
    int m_classes;
    mutable std::mutex m_skipMutex;
    mutable std::set<std::pair<int, std::int64_t>> m_skipped;
    mutable std::string m_lastSkipped;
    std::vector<std::string> m_excluded;  // files the source left out when it was opened
    std::int64_t m_cacheBudget = 0;  // bytes
    mutable std::atomic<std::int64_t> m_cacheBytes{0};
    mutable std::shared_mutex m_cacheMutex;
    mutable std::unordered_map<std::int64_t, cv::Mat> m_cache[2];  // per split
};

// `image` (H, W, C) 8-bit resized so its shorter side is size / cropPct and
// centre-cropped to size × size.
cv::Mat resizeCenterCrop(const cv::Mat &image, int size, double cropPct);

} // namespace gatefold::data
