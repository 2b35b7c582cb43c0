#pragma once

// The pixels of the ViT paper's Fig. 7 views (issue #19), computed once for
// the CLI's pictures (OpenCV) and the window's views (Qt): a principal
// component of the patch-embedding filters as an RGB tile, and a patch
// position's row of the position similarity as a grid.

#include "inspectreport.h"

#include <cstdint>
#include <vector>

namespace gatefold::report {

// 8-bit RGB pixels, row-major, width × height × 3 bytes.
struct RgbTile {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb;
};

// Component `k` of `filters` (patch size `patch`) as a tile, min-max scaled over
// the tile (its lowest value black, its highest white; a constant component mid
// grey): with 3 channels one P × P RGB tile (channel 0 red, 1 green, 2 blue), the
// paper's picture; with any other count each channel a P × P grey tile, side by
// side left to right (P × C·P; one channel: one grey tile).
RgbTile filterTile(const EmbeddingFilters &filters, int patch, int k);

// Position `position`'s tile of the similarity grid: its row of
// `similarity` ((gh·gw)²) as a gridHeight × gridWidth matrix.
Matrix similarityTile(const Matrix &similarity, int gridHeight, int gridWidth, int position);

} // namespace gatefold::report
