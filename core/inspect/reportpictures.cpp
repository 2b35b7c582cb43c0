// The report's pictures, drawn with core/analysis's colour maps and overlays
// (OpenCV, BGR): per image its attention per head and layer and its rollout
// over the image, per gated block the patch code maps and the usage
// histogram, and heatmap grids for branch similarity, CKA and the mean
// attention distance per head against depth. Small inputs are enlarged
// (nearest neighbour) to at least kDisplay pixels so that a 16 px image
// can be looked at.

#include "reportpictures.h"
#include "embeddingpictures.h"
#include "inspectviews.h"
#include "picturekit.h"

#include "analysis/analysisimages.h"
#include "analysis/colormaps.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace gatefold::inspect {
namespace {

using analysis::ColorMap;
using report::ReportFiles;
using analysis::ValueRange;
using namespace picturekit;

constexpr int kDisplay = 160;      // px: the smallest side an image is shown at
constexpr int kMaxPictured = 64;   // images with their own pictures (every image is in the CSV and JSON)
constexpr ColorMap kOverlayMap = ColorMap::Turbo;   // attention and rollout over images
constexpr ColorMap kMatrixMap = ColorMap::Viridis;  // similarity and CKA matrices

std::string utf8(const QString &text)
{
    return text.toStdString();
}

// The image as shown: BGR, enlarged by a whole factor to at least kDisplay px.
cv::Mat displayImage(const InspectedImage &image)
{
    cv::Mat rgb(image.height, image.width, CV_8UC3, const_cast<std::uint8_t *>(image.rgb.data()));
    cv::Mat bgr;
    cv::cvtColor(rgb, bgr, cv::COLOR_RGB2BGR);
    const int scale = std::max(1, int(std::ceil(double(kDisplay) / double(std::max(1, image.width)))));
    if (scale > 1)
        cv::resize(bgr, bgr, cv::Size(), scale, scale, cv::INTER_NEAREST);
    return bgr;
}

// A heatmap of `m` with each cell's value written in it when the cells are large enough.
cv::Mat valueHeatmap(const Matrix &m, int cell, const ValueRange &range)
{
    cv::Mat image = analysis::heatmapImage(toTensor(m), kMatrixMap, cell, range);
    if (cell < 28)
        return image;
    const double scale = cell >= 40 ? 0.4 : 0.3;
    for (int r = 0; r < m.rows; ++r)
        for (int c = 0; c < m.cols; ++c) {
            const double v = m.at(r, c);
            char text[16];
            std::snprintf(text, sizeof text, std::isnan(v) ? "nan" : "%.2f", v);
            const auto colour = image.at<cv::Vec3b>(r * cell + cell / 2, c * cell + cell / 2);
            const double luma = 0.114 * colour[0] + 0.587 * colour[1] + 0.299 * colour[2];
            int base = 0;
            const auto size = cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, scale, 1, &base);
            putLabel(image, text, cv::Point(c * cell + (cell - size.width) / 2, r * cell + (cell + size.height) / 2),
                     scale, luma > 128 ? cv::Scalar(0, 0, 0) : cv::Scalar(255, 255, 255));
        }
    return image;
}

QString shownClass(const InspectReport &report, int label)
{
    const QString name = report.className(label);
    return name.isEmpty() ? QStringLiteral("?") : name;
}

std::string imageTitle(const InspectReport &report, int i)
{
    const auto &im = report.images[size_t(i)];
    char confidence[16];
    std::snprintf(confidence, sizeof confidence, "%.2f", im.confidence);
    QString truth = im.label >= 0 ? QStringLiteral("true %1, ").arg(shownClass(report, im.label)) : QString();
    return utf8(QStringLiteral("run %1 (%2), image %3: %4\n%5predicted %6 (%7)")
                    .arg(report.runId)
                    .arg(report.checkpoint)
                    .arg(i)
                    .arg(im.source, truth, shownClass(report, im.predicted), QString::fromLatin1(confidence)));
}

QString numbered(const char *pattern, int i)
{
    return QString::asprintf(pattern, i);
}

bool attentionPictures(const InspectReport &report, ReportFiles &files, int pictured)
{
    const int images = int(report.images.size()), heads = report.heads, layers = report.layers;
    auto overlay = [&](const cv::Mat &base, const Matrix &map) {
        return analysis::overlayMap(base, toTensor(map), kOverlayMap, 0.55);
    };
    // Each map is coloured over its own range (lowest → first colour, highest → last).
    const std::string what = report.classToken ? "class-token attention" : "attention received (mean over queries)";
    for (int i = 0; i < pictured; ++i) {
        const cv::Mat base = displayImage(report.images[size_t(i)]);
        const std::string title = imageTitle(report, i);
        std::vector<cv::Mat> last{captioned(base, "image")};
        for (int h = 0; h < heads; ++h)
            last.push_back(captioned(overlay(base, report.attention[size_t(((layers - 1) * images + i) * heads + h)]),
                                     "layer " + std::to_string(layers - 1) + " head " + std::to_string(h)));
        if (!writePng(files, numbered("attention/last_layer_image_%03d.png", i),
                            titled(grid(last, heads + 1), title + " - " + what + ", each map over its own range")))
            return false;
        std::vector<cv::Mat> all;
        for (int l = 0; l < layers; ++l)
            for (int h = 0; h < heads; ++h)
                all.push_back(captioned(overlay(base, report.attention[size_t((l * images + i) * heads + h)]),
                                        "L" + std::to_string(l) + " H" + std::to_string(h)));
        if (!writePng(files, numbered("attention/layers_image_%03d.png", i),
                            titled(grid(all, heads), title + " - " + what + " per layer (rows) and head")))
            return false;
        if (report.branchAttention.empty())
            continue;
        std::vector<cv::Mat> branches;
        for (int l = 0; l < layers; ++l)
            for (int b = 0; b < report.branches; ++b)
                for (int h = 0; h < heads; ++h) {
                    const size_t k = size_t(((l * report.branches + b) * images + i) * heads + h);
                    branches.push_back(captioned(overlay(base, report.branchAttention[k]),
                                                 "L" + std::to_string(l) + " B" + std::to_string(b) + " H"
                                                     + std::to_string(h)));
                }
        if (!writePng(files, numbered("attention/branches_image_%03d.png", i),
                            titled(grid(branches, report.branches * heads),
                                   title + " - per branch (B) of each layer (rows) and head")))
            return false;
    }
    return true;
}

bool rolloutPictures(const InspectReport &report, ReportFiles &files, int pictured)
{
    for (int i = 0; i < pictured; ++i) {
        const cv::Mat base = displayImage(report.images[size_t(i)]);
        const auto map = toTensor(report.rollout[size_t(i)]);
        std::vector<cv::Mat> tiles{captioned(base, "image"),
                                   captioned(analysis::overlayMap(base, map, kOverlayMap, 0.55), "rollout"),
                                   captioned(analysis::overlayMap(base, map, kOverlayMap, 1.0,
                                                                  std::nullopt, analysis::Upsampling::Nearest),
                                             "rollout per patch")};
        char discard[16];
        std::snprintf(discard, sizeof discard, "%g", report.discardRatio);
        if (!writePng(files, numbered("rollout/image_%03d.png", i),
                            titled(grid(tiles, 3), imageTitle(report, i) + " - rollout, " + utf8(report.rolloutFusion)
                                                       + " fusion, discard " + discard)))
            return false;
    }
    return true;
}

// Usage per code as bars, code index on x; the dashed line is the uniform share 1/K.
cv::Mat usageChart(const CodebookLayer &layer)
{
    const int codes = int(layer.usage.size());
    const int bar = std::max(1, std::min(8, 640 / std::max(1, codes)));
    const int width = codes * bar, height = 160, left = 50, bottom = 24;
    cv::Mat out(height + bottom + 8, left + width + 10, CV_8UC3, kBackground);
    const double top = std::max(1e-12, *std::max_element(layer.usage.begin(), layer.usage.end()));
    for (int c = 0; c < codes; ++c) {
        const int h = int(std::lround(height * layer.usage[size_t(c)] / top));
        cv::rectangle(out, cv::Rect(left + c * bar, 8 + height - h, std::max(1, bar - (bar > 2 ? 1 : 0)), h),
                      cv::Scalar(analysis::codeColor(c)), cv::FILLED);
    }
    const int uniform = 8 + height - int(std::lround(height * (1.0 / codes) / top));
    for (int x = left; x < left + width; x += 6)
        cv::line(out, cv::Point(x, uniform), cv::Point(std::min(x + 3, left + width), uniform), kInk);
    cv::line(out, cv::Point(left - 2, 8), cv::Point(left - 2, 8 + height), kInk);
    cv::line(out, cv::Point(left - 2, 8 + height), cv::Point(left + width, 8 + height), kInk);
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", top);
    putLabel(out, text, cv::Point(2, 14));
    putLabel(out, "0", cv::Point(left - 14, 8 + height));
    putLabel(out, "code 0", cv::Point(left, 8 + height + 16));
    std::snprintf(text, sizeof text, "%d", codes - 1);
    putLabel(out, text, cv::Point(left + width - 20, 8 + height + 16));
    return out;
}

bool codebookPictures(const InspectReport &report, ReportFiles &files, int pictured)
{
    for (const auto &layer : report.codebook) {
        std::vector<cv::Mat> tiles;
        for (int i = 0; i < pictured && i < int(layer.codeMaps.size()); ++i)
            tiles.push_back(captioned(analysis::codeMapImage(displayImage(report.images[size_t(i)]),
                                                             toTensor(layer.codeMaps[size_t(i)]).to(torch::kLong), 0.6),
                                      "image " + std::to_string(i)));
        char stats[160];
        std::snprintf(stats, sizeof stats, "block %d: perplexity %.2f of %zu codes, %lld dead, mean H(alpha) %.3f nats",
                      layer.block, layer.perplexity, layer.usage.size(), static_cast<long long>(layer.deadCodes),
                      layer.meanEntropy);
        const std::string title = utf8(QStringLiteral("run %1 (%2), ").arg(report.runId).arg(report.checkpoint)) + stats;
        if (!writePng(files, numbered("codebook/block_%02d.png", layer.block),
                            titled(grid(tiles, 8), title + "\neach patch coloured by its top-1 code")))
            return false;
        if (!writePng(files, numbered("codebook/usage_block_%02d.png", layer.block),
                            titled(usageChart(layer), title + "\nusage per code (dashes: uniform 1/K)")))
            return false;
    }
    return true;
}

// Rows: blocks; columns: the named matrices of each block, in [-1, 1].
bool similarityGrid(const InspectReport &report, ReportFiles &files, const QString &file, const std::string &what,
                    const std::vector<std::pair<std::string, Matrix BranchLayer::*>> &parts)
{
    const ValueRange range{-1.0, 1.0};
    const int n = report.branches;
    const int cell = std::max(20, std::min(48, 160 / std::max(1, n)));
    std::vector<cv::Mat> tiles;
    for (const auto &layer : report.branchLayers)
        for (const auto &[name, member] : parts) {
            const Matrix &m = layer.*member;
            tiles.push_back(m.empty() ? cv::Mat(n * cell + kLabel, n * cell, CV_8UC3, kBackground)
                                      : captioned(valueHeatmap(m, cell, range),
                                                  "block " + std::to_string(layer.block) + " " + name));
        }
    cv::Mat body = grid(tiles, int(parts.size()));
    if (body.empty())
        return true;
    const cv::Mat bar = colourBar(kMatrixMap, range, std::min(body.rows - 2 * kGap, 240));
    cv::Mat withBar(body.rows, body.cols + bar.cols + kGap, CV_8UC3, kBackground);
    body.copyTo(withBar(cv::Rect(0, 0, body.cols, body.rows)));
    bar.copyTo(withBar(cv::Rect(body.cols, kGap, bar.cols, bar.rows)));
    return writePng(files, file, titled(withBar, utf8(QStringLiteral("run %1 (%2): ").arg(report.runId).arg(report.checkpoint))
                                                    + what + "\nbranch i (rows) vs branch j (columns), cosine similarity"));
}

bool ckaPicture(const InspectReport &report, ReportFiles &files)
{
    const ValueRange range{0.0, 1.0};
    const int cell = std::max(12, std::min(48, 480 / std::max(report.cka.rows, report.cka.cols)));
    const cv::Mat map = valueHeatmap(report.cka, cell, range);
    const int left = 30, top = 4, bottom = 30;
    const std::string axis = "layer of " + utf8(report.ckaAgainst);
    int base = 0;
    const int axisWidth = cv::getTextSize(axis, cv::FONT_HERSHEY_SIMPLEX, 0.4, 1, &base).width;
    cv::Mat body(map.rows + top + bottom, left + std::max(map.cols, axisWidth) + 4, CV_8UC3, kBackground);
    map.copyTo(body(cv::Rect(left, top, map.cols, map.rows)));
    const int every = std::max(1, 16 / cell + 1);
    for (int r = 0; r < report.cka.rows; r += every)
        putLabel(body, std::to_string(r), cv::Point(4, top + r * cell + cell / 2 + 4), 0.35);
    for (int c = 0; c < report.cka.cols; c += every)
        putLabel(body, std::to_string(c), cv::Point(left + c * cell + cell / 2 - 4, top + map.rows + 12), 0.35);
    putLabel(body, axis, cv::Point(left, top + map.rows + 26), 0.4);
    const cv::Mat bar = colourBar(kMatrixMap, range, std::max(map.rows, 120));
    cv::Mat out(std::max(body.rows, bar.rows + top), body.cols + bar.cols + kGap, CV_8UC3, kBackground);
    body.copyTo(out(cv::Rect(0, 0, body.cols, body.rows)));
    bar.copyTo(out(cv::Rect(body.cols + kGap, top, bar.cols, bar.rows)));
    return writePng(files, QStringLiteral("cka.png"),
                          titled(out, utf8(QStringLiteral("linear CKA (minibatch, unbiased HSIC): run %1 (%2), layer "
                                                          "(rows)\nagainst %3 (columns)")
                                               .arg(report.runId)
                                               .arg(report.checkpoint, report.ckaAgainst))));
}

// Mean attention distance per head (dots) against depth, as in the ViT paper's Fig. 7.
bool distancePicture(const InspectReport &report, ReportFiles &files)
{
    const Matrix &d = report.meanDistance;
    const int left = 50, right = 16, top = 16, bottom = 40, height = 240;
    const int step = std::max(24, std::min(60, 480 / std::max(1, d.rows)));
    const std::string axis = "network depth (layer); one dot per head, coloured by head";
    const int width = step * std::max(1, d.rows);
    // The farthest two patch centres are (grid − 1)·patch·√2 apart.
    const double yMax = std::max(1.0, double(std::max(report.gridHeight, report.gridWidth) - 1) * report.patchSize
                                          * std::sqrt(2.0));
    int base = 0;
    const int axisWidth = cv::getTextSize(axis, cv::FONT_HERSHEY_SIMPLEX, 0.4, 1, &base).width;
    cv::Mat out(top + height + bottom, left + std::max(width, axisWidth) + right, CV_8UC3, kBackground);
    auto y = [&](double v) { return top + height - int(std::lround(height * std::clamp(v / yMax, 0.0, 1.0))); };
    cv::line(out, cv::Point(left, top), cv::Point(left, top + height), kInk);
    cv::line(out, cv::Point(left, top + height), cv::Point(left + width, top + height), kInk);
    for (int k = 0; k <= 4; ++k) {
        const double v = yMax * k / 4.0;
        char text[16];
        std::snprintf(text, sizeof text, "%.0f", v);
        putLabel(out, text, cv::Point(4, y(v) + 4), 0.35);
        cv::line(out, cv::Point(left - 3, y(v)), cv::Point(left, y(v)), kInk);
    }
    for (int l = 0; l < d.rows; ++l) {
        const int x = left + step * l + step / 2;
        putLabel(out, std::to_string(l), cv::Point(x - 4, top + height + 14), 0.35);
        for (int h = 0; h < d.cols; ++h)
            cv::circle(out, cv::Point(x + (h - (d.cols - 1) / 2) * 2, y(d.at(l, h))), 4,
                       cv::Scalar(analysis::codeColor(h)), cv::FILLED, cv::LINE_AA);
    }
    putLabel(out, axis, cv::Point(left, top + height + 32), 0.4);
    return writePng(files, QStringLiteral("mean_distance.png"),
                          titled(out, utf8(QStringLiteral("run %1 (%2): mean attention distance (px) per head")
                                               .arg(report.runId)
                                               .arg(report.checkpoint))));
}

} // namespace

bool writePictures(const InspectReport &report, ReportFiles &files)
{
    const int pictured = std::min<int>(kMaxPictured, int(report.images.size()));
    for (int i = 0; i < pictured; ++i)
        if (!writePng(files, numbered("images/image_%03d.png", i), displayImage(report.images[size_t(i)])))
            return false;
    if (!report.attention.empty() && !attentionPictures(report, files, pictured))
        return false;
    if (!report.rollout.empty() && !rolloutPictures(report, files, pictured))
        return false;
    if (!report.meanDistance.empty() && !distancePicture(report, files))
        return false;
    if (!report.codebook.empty() && !codebookPictures(report, files, pictured))
        return false;
    bool features = false, weights = false;
    for (const auto &layer : report.branchLayers) {
        features = features || !layer.attentionFeatures.empty();
        weights = weights || !layer.qk.empty();
    }
    if (features
        && !similarityGrid(report, files, QStringLiteral("branch_similarity.png"), "branch feature similarity",
                           {{"attention", &BranchLayer::attentionFeatures}, {"mlp", &BranchLayer::mlpFeatures}}))
        return false;
    if (weights
        && !similarityGrid(report, files, QStringLiteral("weight_similarity.png"), "branch weight similarity",
                           {{"qk", &BranchLayer::qk}, {"vo", &BranchLayer::vo}, {"fc1", &BranchLayer::fc1},
                            {"fc2", &BranchLayer::fc2}}))
        return false;
    if (!report.cka.empty() && !ckaPicture(report, files))
        return false;
    if (!report.embeddingFilters.empty() && !filtersPicture(report, files))
        return false;
    if (!report.positionSimilarity.empty() && !positionsPicture(report, files))
        return false;
    return true;
}

} // namespace gatefold::inspect
