#include "samples.h"

#include <torch/torch.h>

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <map>

namespace gatefold::data {
namespace {

std::uint64_t mixSeed(std::uint64_t seed, std::int64_t index)
{
    std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * std::uint64_t(index + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// (C, S, S) float [0, 1] → S × S 8-bit, RGB or grey.
cv::Mat toImage(const torch::Tensor &chw)
{
    const auto hwc = chw.clamp(0, 1).mul(255).round().to(torch::kUInt8).permute({1, 2, 0}).contiguous();
    const int c = int(hwc.size(2));
    cv::Mat image(int(hwc.size(0)), int(hwc.size(1)), c == 1 ? CV_8UC1 : CV_8UC3, hwc.data_ptr<std::uint8_t>());
    return image.clone();
}

} // namespace

std::vector<Sample> sampleImages(const Dataset &data, Split split, int perClass, bool augmented, std::uint64_t seed)
{
    const int classes = data.numClasses();
    std::vector<std::vector<std::int64_t>> chosen(size_t(std::max(0, classes)));
    int full = 0;
    for (std::int64_t i = 0; i < data.size(split) && full < classes && perClass > 0; ++i) {
        const int label = data.label(split, i);
        if (label < 0 || label >= classes || int(chosen[size_t(label)].size()) >= perClass)
            continue;
        chosen[size_t(label)].push_back(i);
        if (int(chosen[size_t(label)].size()) == perClass)
            ++full;
    }
    std::vector<std::int64_t> indices;
    for (const auto &c : chosen)
        indices.insert(indices.end(), c.begin(), c.end());
    std::vector<Sample> samples;
    if (indices.empty())
        return samples;
    torch::Tensor images, labels;
    if (augmented && split == Split::Train) {
        std::vector<std::uint64_t> seeds;
        for (const auto i : indices)
            seeds.push_back(mixSeed(seed, i));
        std::tie(images, labels) = data.trainBatch(indices, seeds);
    } else {
        std::tie(images, labels) = data.batch(split, indices);
    }
    for (size_t k = 0; k < indices.size(); ++k) {
        Sample s;
        s.index = indices[k];
        s.label = int(labels[std::int64_t(k)].item<std::int64_t>());
        s.origin = data.origin(split, indices[k]);
        s.image = toImage(images[std::int64_t(k)]);
        samples.push_back(std::move(s));
    }
    return samples;
}

cv::Mat sampleGrid(const std::vector<Sample> &samples, const std::vector<std::string> &classNames, int minTile, int gap)
{
    std::map<int, std::vector<const Sample *>> rows;
    int size = 0;
    for (const auto &s : samples) {
        rows[s.label].push_back(&s);
        size = std::max(size, s.image.rows);
    }
    if (rows.empty())
        return {};
    const int scale = std::max(1, (minTile + size - 1) / std::max(1, size));
    const int tile = size * scale;
    size_t columns = 0;
    for (const auto &[label, row] : rows)
        columns = std::max(columns, row.size());
    const int font = cv::FONT_HERSHEY_SIMPLEX;
    const double fontScale = std::clamp(tile / 110.0, 0.35, 0.6);
    int labelWidth = 0;
    for (const auto &[label, row] : rows) {
        const std::string name = label < int(classNames.size()) ? classNames[size_t(label)] : std::to_string(label);
        int baseline = 0;
        labelWidth = std::max(labelWidth, cv::getTextSize(name.substr(0, 24), font, fontScale, 1, &baseline).width);
    }
    labelWidth += 2 * gap;
    const int width = labelWidth + int(columns) * (tile + gap) + gap;
    const int height = int(rows.size()) * (tile + gap) + gap;
    cv::Mat grid(height, width, CV_8UC3, cv::Scalar(255, 255, 255));
    int y = gap;
    for (const auto &[label, row] : rows) {
        const std::string name = label < int(classNames.size()) ? classNames[size_t(label)] : std::to_string(label);
        int baseline = 0;
        const cv::Size text = cv::getTextSize(name.substr(0, 24), font, fontScale, 1, &baseline);
        cv::putText(grid, name.substr(0, 24), cv::Point(gap, y + (tile + text.height) / 2), font, fontScale,
                    cv::Scalar(30, 30, 30), 1, cv::LINE_AA);
        int x = labelWidth;
        for (const Sample *s : row) {
            cv::Mat rgb;
            if (s->image.channels() == 1)
                cv::cvtColor(s->image, rgb, cv::COLOR_GRAY2RGB);
            else
                rgb = s->image;
            cv::Mat big;
            cv::resize(rgb, big, cv::Size(s->image.cols * scale, s->image.rows * scale), 0, 0, cv::INTER_NEAREST);
            big.copyTo(grid(cv::Rect(x, y, big.cols, big.rows)));
            x += tile + gap;
        }
        y += tile + gap;
    }
    return grid;
}

} // namespace gatefold::data
