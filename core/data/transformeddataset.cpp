#include "transformeddataset.h"

#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <opencv2/imgproc.hpp>

#include <cmath>

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
                                       BadImagePolicy policy)
    : m_source(std::move(source))
    , m_imageSize(imageSize)
    , m_cropPct(cropPct)
    , m_policy(policy)
{
}

cv::Mat TransformedDataset::decodeOrSkip(Split split, std::int64_t index) const
{
    const std::int64_t n = m_source->size(split);
    for (std::int64_t k = 0; k < n; ++k) {
        try {
            return m_source->image(split, (index + k) % n);
        } catch (const DataError &) {
            if (m_policy == BadImagePolicy::Stop)
                throw;
            m_skipped.fetch_add(1);
        }
    }
    throw DataError(m_source->name() + ": no image of the split can be decoded");
}

std::pair<torch::Tensor, torch::Tensor> TransformedDataset::batch(Split split,
                                                                  const std::vector<std::int64_t> &indices) const
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
        lp[i] = m_source->label(split, indices[size_t(i)]);
    }
    std::string failure;
    std::mutex failureMutex;
    at::parallel_for(0, n, 1, [&](std::int64_t b, std::int64_t e) {
        for (std::int64_t i = b; i < e; ++i) {
            try {
                const cv::Mat crop = resizeCenterCrop(decodeOrSkip(split, indices[size_t(i)]), s, m_cropPct);
                float *out = ip + i * c * s * s;
                for (int y = 0; y < s; ++y) {
                    const std::uint8_t *row = crop.ptr<std::uint8_t>(y);
                    for (int x = 0; x < s; ++x)
                        for (int ch = 0; ch < c; ++ch)
                            out[(ch * s + y) * s + x] = float(row[x * c + ch]) * (1.0f / 255.0f);
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

} // namespace gatefold::data
