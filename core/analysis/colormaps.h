#pragma once

#include <opencv2/core.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gatefold::analysis {

// Colour maps for continuous values: OpenCV's tables (COLORMAP_VIRIDIS, …)
// and a plain grey ramp. Index 0 is the map's first colour (viridis: dark
// purple), index 255 its last (viridis: yellow).
enum class ColorMap { Viridis, Magma, Inferno, Plasma, Cividis, Turbo, Jet, Hot, Gray };

// Every map's name ("viridis", "magma", …), in enum order.
std::vector<std::string> colorMapNames();
std::string colorMapName(ColorMap map);
std::optional<ColorMap> colorMapFromName(const std::string &name);  // case-insensitive

// The 256 colours of a map as a 256 × 1 CV_8UC3 image, BGR (OpenCV's order).
const cv::Mat &colorMapTable(ColorMap map);
// The colour at t ∈ [0, 1] (clamped): entry round(255·t) of the table, BGR.
cv::Vec3b colorAt(ColorMap map, double t);

// A categorical colour per code, BGR: hues spaced by the golden angle, so
// that neighbouring codes differ strongly; the brightness cycles over three
// levels every 7 codes so that codes far apart rarely look alike.
cv::Vec3b codeColor(std::int64_t code);

} // namespace gatefold::analysis
