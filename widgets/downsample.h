#pragma once

#include <vector>

namespace gatefold::widgets {

// The points of a curve (xs ascending) to draw between xMin and xMax on a
// plot `buckets` pixels wide: per bucket its first, lowest, highest and last
// point in x order, so every spike and dip survives at any zoom; plus the
// nearest point outside each end so the line runs to the edge. Fewer than
// 4·buckets points: all of them in range.
void downsampleMinMax(const std::vector<double> &xs, const std::vector<double> &ys, double xMin, double xMax,
                      int buckets, std::vector<double> *outX, std::vector<double> *outY);

} // namespace gatefold::widgets
