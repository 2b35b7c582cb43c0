#include "picturekit.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cstdio>

namespace gatefold::inspect::picturekit {

using analysis::ColorMap;
using analysis::ValueRange;
using report::ReportFiles;

// `bgr` encoded as a PNG file of the report.
bool writePng(ReportFiles &files, const QString &relative, const cv::Mat &bgr)
{
    std::vector<uchar> bytes;
    try {
        if (!cv::imencode(".png", bgr, bytes))
            return files.fail(QStringLiteral("cannot encode %1 as PNG").arg(files.path(relative)));
    } catch (const cv::Exception &e) {
        return files.fail(QStringLiteral("cannot encode %1 as PNG: %2").arg(files.path(relative), QString::fromStdString(e.msg)));
    }
    return files.write(relative, QByteArray(reinterpret_cast<const char *>(bytes.data()), qsizetype(bytes.size())));
}

void putLabel(cv::Mat &image, const std::string &text, cv::Point origin, double scale,
              const cv::Scalar &colour)
{
    cv::putText(image, text, origin, cv::FONT_HERSHEY_SIMPLEX, scale, colour, 1, cv::LINE_AA);
}

// A tile with its caption in a strip above it (widened where the caption is wider).
cv::Mat captioned(const cv::Mat &tile, const std::string &caption)
{
    int base = 0;
    const int text = cv::getTextSize(caption, cv::FONT_HERSHEY_SIMPLEX, 0.4, 1, &base).width + 4;
    cv::Mat out(tile.rows + kLabel, std::max(tile.cols, text), CV_8UC3, kBackground);
    tile.copyTo(out(cv::Rect(0, kLabel, tile.cols, tile.rows)));
    putLabel(out, caption, cv::Point(2, kLabel - 5));
    return out;
}

// Tiles left to right, `columns` per row, top-aligned, kGap apart.
cv::Mat grid(const std::vector<cv::Mat> &tiles, int columns)
{
    if (tiles.empty())
        return {};
    columns = std::max(1, std::min(columns, int(tiles.size())));
    const int rows = (int(tiles.size()) + columns - 1) / columns;
    std::vector<int> widths(size_t(columns), 0), heights(size_t(rows), 0);
    for (size_t i = 0; i < tiles.size(); ++i) {
        widths[i % size_t(columns)] = std::max(widths[i % size_t(columns)], tiles[i].cols);
        heights[i / size_t(columns)] = std::max(heights[i / size_t(columns)], tiles[i].rows);
    }
    int width = kGap, height = kGap;
    for (int w : widths)
        width += w + kGap;
    for (int h : heights)
        height += h + kGap;
    cv::Mat out(height, width, CV_8UC3, kBackground);
    int y = kGap;
    for (int r = 0; r < rows; ++r) {
        int x = kGap;
        for (int c = 0; c < columns; ++c) {
            const size_t i = size_t(r * columns + c);
            if (i < tiles.size())
                tiles[i].copyTo(out(cv::Rect(x, y, tiles[i].cols, tiles[i].rows)));
            x += widths[size_t(c)] + kGap;
        }
        y += heights[size_t(r)] + kGap;
    }
    return out;
}

// `body` under a title line (or two, split at '\n').
cv::Mat titled(const cv::Mat &body, const std::string &title)
{
    std::vector<std::string> lines;
    size_t start = 0;
    for (size_t nl; (nl = title.find('\n', start)) != std::string::npos; start = nl + 1)
        lines.push_back(title.substr(start, nl - start));
    lines.push_back(title.substr(start));
    const int strip = 8 + 18 * int(lines.size());
    int width = body.cols;
    for (const auto &line : lines) {
        int base = 0;
        width = std::max(width, cv::getTextSize(line, cv::FONT_HERSHEY_SIMPLEX, 0.5, 1, &base).width + 2 * kGap);
    }
    cv::Mat out(body.rows + strip, width, CV_8UC3, kBackground);
    body.copyTo(out(cv::Rect(0, strip, body.cols, body.rows)));
    for (size_t i = 0; i < lines.size(); ++i)
        putLabel(out, lines[i], cv::Point(kGap, 20 + 18 * int(i)), 0.5);
    return out;
}

// A vertical colour bar `height` px tall from range.high (top) to range.low.
cv::Mat colourBar(ColorMap map, const ValueRange &range, int height)
{
    height = std::max(height, 60);
    cv::Mat out(height, 70, CV_8UC3, kBackground);
    for (int y = 0; y < height - 16; ++y) {
        const double t = 1.0 - double(y) / double(height - 17);
        cv::line(out, cv::Point(4, y + 8), cv::Point(20, y + 8), cv::Scalar(analysis::colorAt(map, t)));
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", range.high);
    putLabel(out, text, cv::Point(24, 14));
    std::snprintf(text, sizeof text, "%.3g", 0.5 * (range.low + range.high));
    putLabel(out, text, cv::Point(24, height / 2 + 4));
    std::snprintf(text, sizeof text, "%.3g", range.low);
    putLabel(out, text, cv::Point(24, height - 8));
    return out;
}

} // namespace gatefold::inspect::picturekit
