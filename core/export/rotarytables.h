#pragma once

// The constant tables the exporters give a 2-D RoPE model (core/model/rotaryembedding.h), at the
// export's one image size: computed in double as the model computes them, rounded once.

#include "namedtensor.h"

#include <cstdint>
#include <vector>

namespace gatefold::exporting {

// Tokens a FlatVit's blocks see: the class token (when there is one) and the g × g patches.
std::int64_t flatTokens(const FlatVit &vit);

// cos (or sin) of the rotation angles for rows of `width` channels (one head, a wide head, or all
// heads side by side: any multiple of vit.rotary.chunk), row-major (tokens, width / 2) by channel
// pair; with `perChannel`, (tokens, width) with both channels of a pair holding its value.
std::vector<float> rotaryTable(const FlatVit &vit, int width, bool sine, bool perChannel);

} // namespace gatefold::exporting
