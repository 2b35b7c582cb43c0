#pragma once

// The drawing kit the report's pictures share (OpenCV, BGR, white
// background): PNG files of the report, captions, tile grids, titles and
// colour bars.

#include "analysis/analysisimages.h"
#include "analysis/colormaps.h"
#include "report/reportfiles.h"

#include <opencv2/core.hpp>

#include <QString>

#include <string>
#include <vector>

namespace gatefold::inspect::picturekit {

inline constexpr int kGap = 6;
inline constexpr int kLabel = 18;  // px of a tile's caption strip
inline const cv::Scalar kBackground(255, 255, 255);
inline const cv::Scalar kInk(30, 30, 30);

// `bgr` encoded as a PNG file of the report.
bool writePng(report::ReportFiles &files, const QString &relative, const cv::Mat &bgr);

void putLabel(cv::Mat &image, const std::string &text, cv::Point origin, double scale = 0.4,
              const cv::Scalar &colour = kInk);

// A tile with its caption in a strip above it (widened where the caption is wider).
cv::Mat captioned(const cv::Mat &tile, const std::string &caption);

// Tiles left to right, `columns` per row, top-aligned, kGap apart.
cv::Mat grid(const std::vector<cv::Mat> &tiles, int columns);

// `body` under a title line (or two, split at '\n').
cv::Mat titled(const cv::Mat &body, const std::string &title);

// A vertical colour bar `height` px tall from range.high (top) to range.low.
cv::Mat colourBar(analysis::ColorMap map, const analysis::ValueRange &range, int height);

} // namespace gatefold::inspect::picturekit
