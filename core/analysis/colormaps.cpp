#include "colormaps.h"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <mutex>

namespace gatefold::analysis {
namespace {

struct MapInfo {
    ColorMap map;
    const char *name;
    int opencv;  // cv::ColormapTypes, or -1 for a map built here
};

constexpr std::array<MapInfo, 9> kMaps{{
    {ColorMap::Viridis, "viridis", cv::COLORMAP_VIRIDIS},
    {ColorMap::Magma, "magma", cv::COLORMAP_MAGMA},
    {ColorMap::Inferno, "inferno", cv::COLORMAP_INFERNO},
    {ColorMap::Plasma, "plasma", cv::COLORMAP_PLASMA},
    {ColorMap::Cividis, "cividis", cv::COLORMAP_CIVIDIS},
    {ColorMap::Turbo, "turbo", cv::COLORMAP_TURBO},
    {ColorMap::Jet, "jet", cv::COLORMAP_JET},
    {ColorMap::Hot, "hot", cv::COLORMAP_HOT},
    {ColorMap::Gray, "gray", -1},
}};

cv::Mat buildTable(const MapInfo &info)
{
    cv::Mat ramp(256, 1, CV_8UC1);
    for (int i = 0; i < 256; ++i)
        ramp.at<uchar>(i) = uchar(i);
    cv::Mat table;
    if (info.opencv < 0)
        cv::cvtColor(ramp, table, cv::COLOR_GRAY2BGR);
    else
        cv::applyColorMap(ramp, table, info.opencv);
    return table;  // (256, 1) CV_8UC3
}

} // namespace

std::vector<std::string> colorMapNames()
{
    std::vector<std::string> names;
    for (const auto &info : kMaps)
        names.emplace_back(info.name);
    return names;
}

std::string colorMapName(ColorMap map)
{
    return kMaps[size_t(map)].name;
}

std::optional<ColorMap> colorMapFromName(const std::string &name)
{
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (const auto &info : kMaps)
        if (lower == info.name)
            return info.map;
    return std::nullopt;
}

const cv::Mat &colorMapTable(ColorMap map)
{
    static std::array<cv::Mat, kMaps.size()> tables;
    static std::once_flag once;
    std::call_once(once, [] {
        for (size_t i = 0; i < kMaps.size(); ++i)
            tables[i] = buildTable(kMaps[i]);
    });
    return tables[size_t(map)];
}

cv::Vec3b colorAt(ColorMap map, double t)
{
    const double clamped = std::isnan(t) ? 0.0 : std::clamp(t, 0.0, 1.0);
    return colorMapTable(map).at<cv::Vec3b>(int(std::lround(clamped * 255.0)));
}

cv::Vec3b codeColor(std::int64_t code)
{
    constexpr double kGoldenFraction = 0.6180339887498949;
    const std::int64_t c = code < 0 ? -code : code;
    const double turn = std::fmod(double(c) * kGoldenFraction, 1.0);
    static constexpr std::array<uchar, 3> kValues{255, 200, 150};
    // 8-bit HSV: hue in [0, 180).
    cv::Mat hsv(1, 1, CV_8UC3, cv::Scalar(std::floor(turn * 180.0), 210, kValues[size_t((c / 7) % 3)]));
    cv::Mat bgr;
    cv::cvtColor(hsv, bgr, cv::COLOR_HSV2BGR);
    return bgr.at<cv::Vec3b>(0);
}

} // namespace gatefold::analysis
