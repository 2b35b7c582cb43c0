#include "analysisimages.h"

#include <opencv2/imgproc.hpp>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>

namespace gatefold::analysis {
namespace {

const cv::Vec3b kNanColor(128, 128, 128);

// A 2-D tensor as a CV_64FC1 matrix (a copy on the CPU).
cv::Mat toMat(const torch::Tensor &matrix)
{
    TORCH_CHECK(matrix.dim() == 2, "expected a 2-D tensor, got ", matrix.sizes());
    const auto values = matrix.detach().to(torch::kCPU, torch::kFloat64).contiguous();
    return cv::Mat(int(values.size(0)), int(values.size(1)), CV_64FC1, values.data_ptr<double>())
        .clone();
}

// Each value as its colour; `values` CV_64FC1 -> CV_8UC3, same size.
cv::Mat colorize(const cv::Mat &values, ColorMap map, const ValueRange &range)
{
    const cv::Mat &table = colorMapTable(map);
    const double span = range.high - range.low;
    cv::Mat out(values.size(), CV_8UC3);
    for (int r = 0; r < values.rows; ++r) {
        for (int c = 0; c < values.cols; ++c) {
            const double v = values.at<double>(r, c);
            if (std::isnan(v)) {
                out.at<cv::Vec3b>(r, c) = kNanColor;
                continue;
            }
            const double t = span > 0.0 ? (v - range.low) / span : 0.0;
            const long index = std::lround(std::clamp(t, 0.0, 1.0) * 255.0);
            out.at<cv::Vec3b>(r, c) = table.at<cv::Vec3b>(int(index));
        }
    }
    return out;
}

cv::Mat asBgr(const cv::Mat &image)
{
    CV_Assert(image.depth() == CV_8U && (image.channels() == 3 || image.channels() == 1));
    if (image.channels() == 3)
        return image;
    cv::Mat bgr;
    cv::cvtColor(image, bgr, cv::COLOR_GRAY2BGR);
    return bgr;
}

cv::Mat blend(const cv::Mat &image, const cv::Mat &colours, double alpha)
{
    cv::Mat out;
    cv::addWeighted(image, 1.0 - alpha, colours, alpha, 0.0, out);
    return out;
}

} // namespace

ValueRange finiteRange(const torch::Tensor &values)
{
    const auto v = values.detach().to(torch::kCPU, torch::kFloat64);
    const auto finite = v.masked_select(torch::isfinite(v));
    if (finite.numel() == 0)
        return {0.0, 0.0};
    return {finite.min().item<double>(), finite.max().item<double>()};
}

cv::Mat heatmapImage(const torch::Tensor &matrix, ColorMap map, int cellSize, std::optional<ValueRange> range)
{
    TORCH_CHECK(cellSize > 0, "heatmapImage: the cell size must be positive");
    const cv::Mat colours = colorize(toMat(matrix), map, range ? *range : finiteRange(matrix));
    cv::Mat out;
    cv::resize(colours, out, cv::Size(colours.cols * cellSize, colours.rows * cellSize), 0, 0, cv::INTER_NEAREST);
    return out;
}

cv::Mat overlayMap(const cv::Mat &image, const torch::Tensor &map, ColorMap colorMap, double alpha,
                   std::optional<ValueRange> range, Upsampling upsampling)
{
    const cv::Mat base = asBgr(image);
    // Upsample the values, then colour them: interpolating colours would leave the map's colour path.
    cv::Mat values;
    cv::resize(toMat(map), values, base.size(), 0, 0,
               upsampling == Upsampling::Nearest ? cv::INTER_NEAREST : cv::INTER_LINEAR);
    return blend(base, colorize(values, colorMap, range ? *range : finiteRange(map)), alpha);
}

cv::Mat codeMapImage(const cv::Mat &image, const torch::Tensor &codes, double alpha)
{
    TORCH_CHECK(codes.dim() == 2, "codeMapImage: codes must be (gh, gw), got ", codes.sizes());
    const cv::Mat base = asBgr(image);
    const auto c = codes.detach().to(torch::kCPU, torch::kLong).contiguous();
    const auto a = c.accessor<int64_t, 2>();
    cv::Mat cells(int(c.size(0)), int(c.size(1)), CV_8UC3);
    for (int r = 0; r < cells.rows; ++r)
        for (int col = 0; col < cells.cols; ++col)
            cells.at<cv::Vec3b>(r, col) = codeColor(a[r][col]);
    cv::Mat colours;
    cv::resize(cells, colours, base.size(), 0, 0, cv::INTER_NEAREST);
    return blend(base, colours, alpha);
}

cv::Mat imageFromTensor(const torch::Tensor &image)
{
    TORCH_CHECK(image.dim() == 3 && (image.size(0) == 1 || image.size(0) == 3),
                "imageFromTensor: expected (1 or 3, H, W), got ", image.sizes());
    const auto hwc = image.detach().to(torch::kCPU, torch::kFloat32).clamp(0.0, 1.0).mul(255.0).round()
                         .to(torch::kUInt8).permute({1, 2, 0}).contiguous();  // (H, W, C)
    const int h = int(hwc.size(0)), w = int(hwc.size(1)), channels = int(hwc.size(2));
    const cv::Mat wrapped(h, w, channels == 3 ? CV_8UC3 : CV_8UC1, const_cast<uint8_t *>(hwc.data_ptr<uint8_t>()));
    cv::Mat out;
    cv::cvtColor(wrapped, out, channels == 3 ? cv::COLOR_RGB2BGR : cv::COLOR_GRAY2BGR);
    return out;
}

} // namespace gatefold::analysis
