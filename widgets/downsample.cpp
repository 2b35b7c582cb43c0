#include "downsample.h"

#include <algorithm>
#include <array>

namespace gatefold::widgets {

void downsampleMinMax(const std::vector<double> &xs, const std::vector<double> &ys, double xMin, double xMax,
                      int buckets, std::vector<double> *outX, std::vector<double> *outY)
{
    outX->clear();
    outY->clear();
    if (xs.empty())
        return;
    // [begin, end): the points in range, widened by one on each side.
    size_t begin = size_t(std::lower_bound(xs.begin(), xs.end(), xMin) - xs.begin());
    size_t end = size_t(std::upper_bound(xs.begin(), xs.end(), xMax) - xs.begin());
    if (begin > 0)
        --begin;
    if (end < xs.size())
        ++end;
    buckets = std::max(1, buckets);
    if (end - begin <= size_t(4 * buckets) || xMax <= xMin) {
        outX->assign(xs.begin() + long(begin), xs.begin() + long(end));
        outY->assign(ys.begin() + long(begin), ys.begin() + long(end));
        return;
    }
    outX->reserve(size_t(4 * buckets + 2));
    outY->reserve(size_t(4 * buckets + 2));
    const double width = (xMax - xMin) / buckets;
    size_t i = begin;
    while (i < end) {
        const auto bucket = long((xs[i] - xMin) / width);
        // The bucket's points: i .. j−1.
        size_t j = i, lo = i, hi = i;
        while (j < end && long((xs[j] - xMin) / width) == bucket) {
            if (ys[j] < ys[lo])
                lo = j;
            if (ys[j] > ys[hi])
                hi = j;
            ++j;
        }
        std::array<size_t, 4> keep = {i, lo, hi, j - 1};
        std::sort(keep.begin(), keep.end());
        for (size_t k = 0; k < keep.size(); ++k) {
            if (k > 0 && keep[k] == keep[k - 1])
                continue;
            outX->push_back(xs[keep[k]]);
            outY->push_back(ys[keep[k]]);
        }
        i = j;
    }
}

} // namespace gatefold::widgets
