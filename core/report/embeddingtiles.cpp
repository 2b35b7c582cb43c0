#include "embeddingtiles.h"

#include <algorithm>
#include <cmath>

namespace gatefold::report {

RgbTile filterTile(const EmbeddingFilters &filters, int patch, int k)
{
    RgbTile tile;
    const int channels = filters.channels;
    const size_t area = size_t(patch) * size_t(patch);
    if (k < 0 || k >= filters.components.rows || channels < 1 || patch < 1
        || size_t(filters.components.cols) != area * size_t(channels))
        return tile;
    const double *values = filters.components.values.data() + size_t(k) * size_t(filters.components.cols);
    double low = INFINITY, high = -INFINITY;
    for (int i = 0; i < filters.components.cols; ++i)
        if (std::isfinite(values[i])) {
            low = std::min(low, values[i]);
            high = std::max(high, values[i]);
        }
    const auto byte = [&](double v) {
        if (!std::isfinite(v) || !(high > low))
            return std::uint8_t(128);
        return std::uint8_t(std::lround(255.0 * (v - low) / (high - low)));
    };
    const bool rgb = channels == 3;
    tile.height = patch;
    tile.width = rgb ? patch : patch * channels;
    tile.rgb.assign(size_t(tile.width) * size_t(tile.height) * 3, 0);
    for (int y = 0; y < patch; ++y)
        for (int x = 0; x < tile.width; ++x) {
            std::uint8_t *pixel = tile.rgb.data() + (size_t(y) * size_t(tile.width) + size_t(x)) * 3;
            if (rgb) {
                for (int c = 0; c < 3; ++c)
                    pixel[c] = byte(values[size_t(c) * area + size_t(y) * size_t(patch) + size_t(x)]);
            } else {
                const int c = x / patch, col = x % patch;
                pixel[0] = pixel[1] = pixel[2] = byte(values[size_t(c) * area + size_t(y) * size_t(patch) + size_t(col)]);
            }
        }
    return tile;
}

Matrix similarityTile(const Matrix &similarity, int gridHeight, int gridWidth, int position)
{
    Matrix tile;
    const int positions = gridHeight * gridWidth;
    if (gridHeight < 1 || gridWidth < 1 || similarity.rows != positions || similarity.cols != positions
        || position < 0 || position >= positions || !similarity.isComplete())
        return tile;
    tile.rows = gridHeight;
    tile.cols = gridWidth;
    const auto begin = similarity.values.begin() + std::ptrdiff_t(size_t(position) * size_t(positions));
    tile.values.assign(begin, begin + positions);
    return tile;
}

} // namespace gatefold::report
