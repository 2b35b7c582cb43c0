#include "transformeddataset.h"

#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <mutex>

namespace gatefold::data {

cv::Mat resizeCenterCrop(const cv::Mat &image, int size, double cropPct)
{
    const int shorter = std::min(image.rows, image.cols);
    const int target = std::max(size, int(std::lround(size / cropPct)));
    cv::Mat resized = image;
    if (shorter != target) {
        const double scale = double(target) / double(shorter);
        const int w = std::max(target, int(std::lround(image.cols * scale)));
        const int h = std::max(target, int(std::lround(image.rows * scale)));
        cv::resize(image, resized, cv::Size(w, h), 0, 0, scale < 1.0 ? cv::INTER_AREA : cv::INTER_LINEAR);
    }
    const int x = (resized.cols - size) / 2;
    const int y = (resized.rows - size) / 2;
    return resized(cv::Rect(x, y, size, size));
}

TransformedDataset::TransformedDataset(std::unique_ptr<ImageSource> source, int imageSize, double cropPct,
                                       BadImagePolicy policy, const AugmentConfig &augment)
    : m_source(std::move(source))
    , m_imageSize(imageSize)
    , m_cropPct(cropPct)
    , m_policy(policy)
    , m_augmentConfig(augment)
    , m_augmenter(augment, imageSize)
    , m_classes(int(m_source->classNames().size()))
    , m_excluded(m_source->excludedFiles())
{
    // Images are processed in parallel one per thread (at::parallel_for or a loader worker), so OpenCV's own
    // pool (TBB on Debian) would only oversubscribe the cores and spin beside the model's OpenMP team.
    static std::once_flag once;
    std::call_once(once, [] { cv::setNumThreads(1); });
}

std::int64_t TransformedDataset::skippedImages() const
{
    std::lock_guard<std::mutex> lock(m_skipMutex);
    return std::int64_t(m_skipped.size() + m_excluded.size());
}

std::string TransformedDataset::lastSkipped() const
{
    std::lock_guard<std::mutex> lock(m_skipMutex);
    return m_lastSkipped.empty() && !m_excluded.empty() ? m_excluded.back() : m_lastSkipped;
}

void TransformedDataset::setCacheBudget(std::int64_t megabytes)
{
    m_cacheBudget = m_source->encoded() ? std::max<std::int64_t>(0, megabytes) << 20 : 0;
}

std::int64_t TransformedDataset::cachedImages() const
{
    std::shared_lock<std::shared_mutex> lock(m_cacheMutex);
    return std::int64_t(m_cache[0].size() + m_cache[1].size());
}

cv::Mat TransformedDataset::sourceImage(Split split, std::int64_t index) const
{
    if (m_cacheBudget == 0)
        return m_source->image(split, index);
    auto &cache = m_cache[split == Split::Train ? 0 : 1];
    {
        std::shared_lock<std::shared_mutex> lock(m_cacheMutex);
        if (const auto it = cache.find(index); it != cache.end())
            return it->second;  // shared, read-only
    }
    cv::Mat image = m_source->image(split, index);
    const auto bytes = std::int64_t(image.total() * image.elemSize());
    if (m_cacheBytes.load() + bytes <= m_cacheBudget) {
        std::unique_lock<std::shared_mutex> lock(m_cacheMutex);
        if (m_cacheBytes.load() + bytes <= m_cacheBudget && cache.emplace(index, image).second)
            m_cacheBytes.fetch_add(bytes);
    }
    return image;
}

TransformedDataset::Decoded TransformedDataset::decodeOrSkip(Split split, std::int64_t index) const
{
    const std::int64_t n = m_source->size(split);
    for (std::int64_t k = 0; k < n; ++k) {
        const std::int64_t at = (index + k) % n;
        try {
            const cv::Mat image = sourceImage(split, at);
            const int label = m_source->label(split, at);
            if (image.depth() == CV_32F)
                return {image, label};
            cv::Mat scaled;
            image.convertTo(scaled, CV_32F, 1.0 / 255.0);
            return {scaled, label};
        } catch (const DataError &error) {
            if (m_policy == BadImagePolicy::Stop)
                throw;
            std::lock_guard<std::mutex> lock(m_skipMutex);
            if (m_skipped.emplace(split == Split::Train ? 0 : 1, at).second)
                m_lastSkipped = error.what();
        }
    }
    throw DataError(m_source->name() + ": no image of the split can be decoded");
}

std::pair<torch::Tensor, torch::Tensor> TransformedDataset::assemble(
    Split split, const std::vector<std::int64_t> &indices,
    const std::function<cv::Mat(const cv::Mat &, std::int64_t)> &make) const
{
    const auto n = std::int64_t(indices.size());
    const int c = channels();
    const int s = m_imageSize;
    auto images = torch::empty({n, c, s, s});
    auto labels = torch::empty({n}, torch::kLong);
    float *ip = images.data_ptr<float>();
    std::int64_t *lp = labels.data_ptr<std::int64_t>();
    for (std::int64_t i = 0; i < n; ++i) {
        if (indices[size_t(i)] < 0 || indices[size_t(i)] >= size(split))
            throw std::out_of_range("image " + std::to_string(indices[size_t(i)]) + " is outside the split of "
                                    + std::to_string(size(split)) + " images");
    }
    std::string failure;
    std::mutex failureMutex;
    at::parallel_for(0, n, 1, [&](std::int64_t b, std::int64_t e) {
        for (std::int64_t i = b; i < e; ++i) {
            try {
                const Decoded decoded = decodeOrSkip(split, indices[size_t(i)]);
                lp[i] = decoded.label;  // a skipped image's replacement brings its own label
                const cv::Mat image = make(decoded.image, i);
                float *out = ip + i * c * s * s;
                for (int y = 0; y < s; ++y) {
                    const float *row = image.ptr<float>(y);
                    for (int x = 0; x < s; ++x)
                        for (int ch = 0; ch < c; ++ch)
                            out[(ch * s + y) * s + x] = row[x * c + ch];
                }
            } catch (const std::exception &error) {
                std::lock_guard<std::mutex> lock(failureMutex);
                if (failure.empty())
                    failure = error.what();
            }
        }
    });
    if (!failure.empty())
        throw DataError(failure);
    return {images, labels};
}

std::pair<torch::Tensor, torch::Tensor> TransformedDataset::batch(Split split,
                                                                  const std::vector<std::int64_t> &indices) const
{
    return assemble(split, indices,
                    [this](const cv::Mat &image, std::int64_t) { return resizeCenterCrop(image, m_imageSize, m_cropPct); });
}

std::pair<torch::Tensor, torch::Tensor> TransformedDataset::trainBatch(const std::vector<std::int64_t> &indices,
                                                                       const std::vector<std::uint64_t> &seeds) const
{
    if (!m_augmentConfig.perImage())
        return batch(Split::Train, indices);
    return assemble(Split::Train, indices, [this, &seeds](const cv::Mat &image, std::int64_t i) {
        std::mt19937_64 rng(seeds.at(size_t(i)));
        return m_augmenter.apply(image, rng);
    });
}

} // namespace gatefold::data
