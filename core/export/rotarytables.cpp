#include "rotarytables.h"

#include <cmath>

namespace gatefold::exporting {

std::int64_t flatTokens(const FlatVit &vit)
{
    const std::int64_t grid = vit.imageSize / vit.patchSize;
    return grid * grid + (vit.classToken ? 1 : 0);
}

std::vector<float> rotaryTable(const FlatVit &vit, int width, bool sine, bool perChannel)
{
    const int chunk = vit.rotary.chunk, quarter = chunk / 4, prefix = vit.classToken ? 1 : 0;
    const std::int64_t grid = vit.imageSize / vit.patchSize, tokens = flatTokens(vit);
    const int columns = perChannel ? width : width / 2;
    std::vector<float> out(size_t(tokens * columns));
    for (std::int64_t t = 0; t < tokens; ++t) {
        const std::int64_t patch = t - prefix;
        const double row = patch < 0 ? 0.0 : double(patch / grid), col = patch < 0 ? 0.0 : double(patch % grid);
        for (int pair = 0; pair < width / 2; ++pair) {
            const int j = pair % (chunk / 2);  // the pair's place in its chunk
            // θ^(−4j/c): column angles in the first half of a chunk, row angles in the second.
            const double inverse = std::pow(vit.rotary.theta, double(j % quarter) * (-4.0 / chunk));
            const double angle = (j < quarter ? col : row) * inverse;
            const float value = float(sine ? std::sin(angle) : std::cos(angle));
            if (perChannel) {
                out[size_t(t * columns + 2 * pair)] = value;
                out[size_t(t * columns + 2 * pair + 1)] = value;
            } else {
                out[size_t(t * columns + pair)] = value;
            }
        }
    }
    return out;
}

} // namespace gatefold::exporting
