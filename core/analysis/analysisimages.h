#pragma once

#include "colormaps.h"

#include <opencv2/core.hpp>
#include <torch/types.h>

#include <optional>

namespace gatefold::analysis {

// Every image here is a cv::Mat CV_8UC3 in BGR order (OpenCV's own, what
// cv::imwrite expects; QImage::Format_BGR888 shows it without a copy).

// The values mapped to a colour map's two ends: `low` → first colour, `high`
// → last; values outside are clamped.
struct ValueRange {
    double low = 0.0;
    double high = 1.0;
};

// The smallest and largest finite value of a tensor ({0, 0} if there is none).
ValueRange finiteRange(const torch::Tensor &values);

// A matrix (rows, cols) as an image of `cellSize` × `cellSize` pixel cells:
// (rows·cellSize, cols·cellSize). Colour index round(255·(v − low)/(high − low));
// without a range, the matrix's own finite minimum and maximum (so min → first
// colour, max → last). A constant matrix takes the first colour; NaN cells are
// mid grey.
cv::Mat heatmapImage(const torch::Tensor &matrix, ColorMap map, int cellSize = 16,
                     std::optional<ValueRange> range = std::nullopt);

enum class Upsampling { Nearest, Bilinear };

// A (gh, gw) map over the patch grid, coloured like heatmapImage, upsampled
// to the image's size and alpha-blended over it:
// out = (1 − alpha)·image + alpha·colour. `image` is CV_8UC3 BGR or CV_8UC1
// (grey, turned into BGR); the result has the image's size.
cv::Mat overlayMap(const cv::Mat &image, const torch::Tensor &map, ColorMap colorMap, double alpha = 0.5,
                   std::optional<ValueRange> range = std::nullopt, Upsampling upsampling = Upsampling::Bilinear);

// A patch code map (gh, gw) int64 blended over the image: each patch's cell
// filled with codeColor(code), nearest upsampling so that patches keep sharp
// edges.
cv::Mat codeMapImage(const cv::Mat &image, const torch::Tensor &codes, double alpha = 0.5);

// An image tensor (C, H, W), C = 1 or 3 in RGB order, with values in [0, 1]
// (clamped; un-normalise model inputs first), as CV_8UC3 BGR.
cv::Mat imageFromTensor(const torch::Tensor &image);

} // namespace gatefold::analysis
