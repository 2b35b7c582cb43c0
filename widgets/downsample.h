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

namespace gatefold::widgets {

// downsampleMinMax in time proportional to the buckets, not the points:
// the index of the lowest and highest value of every block of 2^k points is
// kept for k = 1, 2, …, so a zoomed-out view reads a few blocks per bucket.
// Same output rule (first, lowest, highest, last per bucket; real points only).
class MinMaxPyramid
{
public:
    void build(const std::vector<double> &ys);
    // xs/ys must be the series `build` saw (ys) and its x values.
    void sample(const std::vector<double> &xs, const std::vector<double> &ys, double xMin, double xMax, int buckets,
                std::vector<double> *outX, std::vector<double> *outY) const;

private:
    // m_lo[k][b], m_hi[k][b]: indices of the extremes of points [b·2^(k+1), (b+1)·2^(k+1)).
    std::vector<std::vector<unsigned>> m_lo;
    std::vector<std::vector<unsigned>> m_hi;
};

} // namespace gatefold::widgets
