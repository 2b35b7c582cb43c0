#include "downsample.h"

#include <algorithm>
#include <array>

namespace gatefold::widgets {
namespace {

// A bucket's first, lowest, highest and last point, in x order, each once.
void emitBucket(const std::vector<double> &xs, const std::vector<double> &ys, std::array<size_t, 4> keep,
                std::vector<double> *outX, std::vector<double> *outY)
{
    std::sort(keep.begin(), keep.end());
    for (size_t k = 0; k < keep.size(); ++k) {
        if (k > 0 && keep[k] == keep[k - 1])
            continue;
        outX->push_back(xs[keep[k]]);
        outY->push_back(ys[keep[k]]);
    }
}

// [begin, end): the points of xs (ascending) within [xMin, xMax], widened by one on each side so
// the line runs to the plot's edges.
std::pair<size_t, size_t> visibleRange(const std::vector<double> &xs, double xMin, double xMax)
{
    size_t begin = size_t(std::lower_bound(xs.begin(), xs.end(), xMin) - xs.begin());
    size_t end = size_t(std::upper_bound(xs.begin(), xs.end(), xMax) - xs.begin());
    if (begin > 0)
        --begin;
    if (end < xs.size())
        ++end;
    return {begin, end};
}

} // namespace

void downsampleMinMax(const std::vector<double> &xs, const std::vector<double> &ys, double xMin, double xMax,
                      int buckets, std::vector<double> *outX, std::vector<double> *outY)
{
    outX->clear();
    outY->clear();
    if (xs.empty())
        return;
    const auto [begin, end] = visibleRange(xs, xMin, xMax);
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
        emitBucket(xs, ys, {i, lo, hi, j - 1}, outX, outY);
        i = j;
    }
}

} // namespace gatefold::widgets

namespace gatefold::widgets {

void MinMaxPyramid::build(const std::vector<double> &ys)
{
    m_lo.clear();
    m_hi.clear();
    size_t n = ys.size();
    std::vector<unsigned> lo(n), hi(n);
    for (size_t i = 0; i < n; ++i)
        lo[i] = hi[i] = unsigned(i);
    while (n > 64) {  // below that, the points themselves are cheap enough
        const size_t m = n / 2;
        std::vector<unsigned> l(m), h(m);
        for (size_t b = 0; b < m; ++b) {
            const unsigned a = lo[2 * b], c = lo[2 * b + 1];
            l[b] = ys[c] < ys[a] ? c : a;
            const unsigned d = hi[2 * b], e = hi[2 * b + 1];
            h[b] = ys[e] > ys[d] ? e : d;
        }
        m_lo.push_back(l);
        m_hi.push_back(h);
        lo.swap(l);
        hi.swap(h);
        n = m;
    }
}

void MinMaxPyramid::sample(const std::vector<double> &xs, const std::vector<double> &ys, double xMin, double xMax,
                           int buckets, std::vector<double> *outX, std::vector<double> *outY) const
{
    outX->clear();
    outY->clear();
    if (xs.empty())
        return;
    const auto [begin, end] = visibleRange(xs, xMin, xMax);
    buckets = std::max(1, buckets);
    if (end - begin <= size_t(4 * buckets) || xMax <= xMin || m_lo.empty()) {
        downsampleMinMax(xs, ys, xMin, xMax, buckets, outX, outY);
        return;
    }
    const int levels = int(m_lo.size());
    // Extremes of points [a, b) from O(log n) blocks: unaligned ends at each level, then the level above.
    auto extremes = [&](size_t a, size_t b, size_t *l, size_t *h) {
        *l = *h = a;
        auto take = [&](int lvl, size_t pos) {
            const size_t size = lvl < 0 ? 1 : (size_t(2) << lvl);
            const size_t lo = lvl < 0 ? pos : m_lo[size_t(lvl)][pos / size];
            const size_t hi = lvl < 0 ? pos : m_hi[size_t(lvl)][pos / size];
            if (ys[lo] < ys[*l])
                *l = lo;
            if (ys[hi] > ys[*h])
                *h = hi;
        };
        int lvl = -1;
        while (a < b) {
            const size_t size = lvl < 0 ? 1 : (size_t(2) << lvl);
            const size_t up = size * 2;
            if (lvl + 1 >= levels || b - a < 2 * up) {
                for (size_t p = a; p < b; p += size)
                    take(lvl, p);
                break;
            }
            if (a % up) {
                take(lvl, a);
                a += size;
            }
            if (b % up) {
                b -= size;
                take(lvl, b);
            }
            ++lvl;
        }
    };
    const double width = (xMax - xMin) / buckets;
    size_t i = begin;
    while (i < end) {
        const long bucket = long((xs[i] - xMin) / width);
        const double boundary = xMin + double(bucket + 1) * width;
        size_t j = size_t(std::lower_bound(xs.begin() + long(i) + 1, xs.begin() + long(end), boundary) - xs.begin());
        size_t l = i, h = i;
        extremes(i, j, &l, &h);
        emitBucket(xs, ys, {i, l, h, j - 1}, outX, outY);
        i = j;
    }
}

} // namespace gatefold::widgets
