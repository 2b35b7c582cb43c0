#include "embeddingpictures.h"

#include "inspectviews.h"
#include "picturekit.h"

#include "analysis/analysisimages.h"
#include "report/embeddingtiles.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gatefold::inspect {
namespace {

using namespace picturekit;

constexpr int kFilterSide = 64;  // px: the smallest side a filter tile is shown at
constexpr int kFilterColumns = 7;  // 28 components: 4 rows of 7, as the paper's figure
constexpr int kPositionSpan = 480;  // px: about the width of the grid of position tiles

std::string runTitle(const InspectReport &report)
{
    return QStringLiteral("run %1 (%2): ").arg(report.runId).arg(report.checkpoint).toStdString();
}

cv::Mat filterImage(const report::RgbTile &tile)
{
    cv::Mat rgb(tile.height, tile.width, CV_8UC3, const_cast<std::uint8_t *>(tile.rgb.data()));
    cv::Mat bgr;
    cv::cvtColor(rgb, bgr, cv::COLOR_RGB2BGR);
    const int scale = std::max(1, int(std::ceil(double(kFilterSide) / double(std::max(1, tile.height)))));
    cv::resize(bgr, bgr, cv::Size(), scale, scale, cv::INTER_NEAREST);
    return bgr;
}

} // namespace

bool filtersPicture(const InspectReport &report, report::ReportFiles &files)
{
    const auto &f = report.embeddingFilters;
    std::vector<cv::Mat> tiles;
    for (int k = 0; k < f.components.rows; ++k) {
        const report::RgbTile tile = report::filterTile(f, report.patchSize, k);
        if (tile.rgb.empty())
            continue;
        char caption[48];
        std::snprintf(caption, sizeof caption, "PC%d %.1f%%", k + 1,
                      size_t(k) < f.ratio.size() ? 100.0 * f.ratio[size_t(k)] : NAN);
        tiles.push_back(captioned(filterImage(tile), caption));
    }
    if (tiles.empty())
        return true;
    const std::string colours = f.channels == 3 ? "R, G, B" : f.channels == 1 ? "grey" : "each channel grey, left to right";
    char what[200];
    std::snprintf(what, sizeof what,
                  "patch-embedding filters: first %d principal components of %d centred %dx%dx%d filters\n"
                  "(%s, each tile min-max scaled; caption: explained variance ratio)",
                  f.components.rows, f.filters, report.patchSize, report.patchSize, f.channels, colours.c_str());
    return writePng(files, QStringLiteral("embedding_filters.png"),
                    titled(grid(tiles, kFilterColumns), runTitle(report) + what));
}

bool positionsPicture(const InspectReport &report, report::ReportFiles &files)
{
    const int gh = report.gridHeight, gw = report.gridWidth;
    const analysis::ValueRange range{-1.0, 1.0};
    const int cell = std::clamp(kPositionSpan / std::max(1, gw * gw), 2, 24);
    std::vector<cv::Mat> tiles;
    for (int p = 0; p < gh * gw; ++p) {
        const Matrix tile = report::similarityTile(report.positionSimilarity, gh, gw, p);
        if (tile.empty())
            return true;
        tiles.push_back(analysis::heatmapImage(toTensor(tile), analysis::ColorMap::Viridis, cell, range));
    }
    const cv::Mat body = grid(tiles, gw);
    const cv::Mat bar = colourBar(analysis::ColorMap::Viridis, range, std::min(body.rows - 2 * kGap, 240));
    cv::Mat withBar(body.rows, body.cols + bar.cols + kGap, CV_8UC3, kBackground);
    body.copyTo(withBar(cv::Rect(0, 0, body.cols, body.rows)));
    bar.copyTo(withBar(cv::Rect(body.cols, kGap, bar.cols, bar.rows)));
    return writePng(files, QStringLiteral("position_similarity.png"),
                    titled(withBar, runTitle(report) + "position embedding similarity\n"
                                                       "tile (r, c): cosine of patch (r, c)'s embedding to every "
                                                       "patch's, class token left out"));
}

} // namespace gatefold::inspect
