#include "joinkernels.h"

#include "kernelclones.h"

#include <algorithm>
#include <cmath>

namespace gatefold::model::kernels {
namespace {

constexpr int kMaxBranches = 16;  // the validator's limit

template<typename T>
inline void joinChunkImpl(const T *x, int64_t xStride, T *out, int64_t outStride, int64_t n, int64_t len, T a, T l,
                          T *s)
{
    const T *x0 = x;
#pragma omp simd
    for (int64_t j = 0; j < len; ++j)
        s[j] = x0[j];
    for (int64_t b = 1; b < n; ++b) {
        const T *xb = x + b * xStride;
#pragma omp simd
        for (int64_t j = 0; j < len; ++j)
            s[j] += xb[j];
    }
    for (int64_t b = 0; b < n; ++b) {
        const T *xb = x + b * xStride;
        T *ob = out + b * outStride;
        // (1−λ)·x_b + λ·Σ, in this order: at λ = 1 every branch gets the sum exactly.
#pragma omp simd
        for (int64_t j = 0; j < len; ++j)
            ob[j] = xb[j] * a + s[j] * l;
    }
}

template<typename T>
inline T dot(const T *u, const T *v, int64_t d)
{
    T acc = 0;
#pragma omp simd reduction(+ : acc)
    for (int64_t c = 0; c < d; ++c)
        acc += u[c] * v[c];
    return acc;
}

// Norms r_b (clamped) and cosines of token t; returns Σ_{i<j} cos².
template<typename T>
inline double tokenCosines(const T *f, int64_t n, int64_t m, int64_t d, int64_t t, T *r, T (*cosines)[kMaxBranches])
{
    for (int64_t b = 0; b < n; ++b) {
        const T *fb = f + (b * m + t) * d;
        r[b] = std::max(std::sqrt(dot(fb, fb, d)), T(1e-12));
    }
    double sum = 0;
    for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = i + 1; j < n; ++j) {
            const T c = dot(f + (i * m + t) * d, f + (j * m + t) * d, d) / (r[i] * r[j]);
            cosines[i][j] = cosines[j][i] = c;
            sum += double(c) * double(c);
        }
    }
    return sum;
}

template<typename T>
inline double diversityImpl(const T *f, int64_t n, int64_t m, int64_t d, int64_t begin, int64_t end)
{
    T r[kMaxBranches];
    T cosines[kMaxBranches][kMaxBranches];
    double total = 0;
    for (int64_t t = begin; t < end; ++t)
        total += tokenCosines(f, n, m, d, t, r, cosines);
    return total;
}

template<typename T>
inline void diversityBackwardImpl(const T *f, T *gf, T scale, int64_t n, int64_t m, int64_t d, int64_t begin,
                                  int64_t end)
{
    T r[kMaxBranches];
    T cosines[kMaxBranches][kMaxBranches];
    for (int64_t t = begin; t < end; ++t) {
        tokenCosines(f, n, m, d, t, r, cosines);
        for (int64_t i = 0; i < n; ++i) {
            const T *fi = f + (i * m + t) * d;
            T *gi = gf + (i * m + t) * d;
            // Σ_j 2c_ij/(r_i r_j)·f_j − (Σ_j 2c_ij²/r_i²)·f_i
            T self = 0;
            for (int64_t j = 0; j < n; ++j)
                if (j != i)
                    self += 2 * cosines[i][j] * cosines[i][j];
            const T selfCoef = -scale * self / (r[i] * r[i]);
#pragma omp simd
            for (int64_t c = 0; c < d; ++c)
                gi[c] = selfCoef * fi[c];
            for (int64_t j = 0; j < n; ++j) {
                if (j == i)
                    continue;
                const T coef = scale * 2 * cosines[i][j] / (r[i] * r[j]);
                const T *fj = f + (j * m + t) * d;
#pragma omp simd
                for (int64_t c = 0; c < d; ++c)
                    gi[c] += coef * fj[c];
            }
        }
    }
}

} // namespace


#define GF_JOIN_KERNELS(T)                                                                                        \
    GF_CLONES void joinChunk(const T *x, int64_t xStride, T *out, int64_t outStride, int64_t n, int64_t len, T a, \
                             T l, T *scratch)                                                                     \
    {                                                                                                             \
        joinChunkImpl(x, xStride, out, outStride, n, len, a, l, scratch);                                         \
    }                                                                                                             \
    GF_CLONES double diversityRows(const T *f, int64_t n, int64_t m, int64_t d, int64_t begin, int64_t end)      \
    {                                                                                                             \
        return diversityImpl(f, n, m, d, begin, end);                                                             \
    }                                                                                                             \
    GF_CLONES void diversityBackwardRows(const T *f, T *gf, T scale, int64_t n, int64_t m, int64_t d,            \
                                         int64_t begin, int64_t end)                                              \
    {                                                                                                             \
        diversityBackwardImpl(f, gf, scale, n, m, d, begin, end);                                                 \
    }

GF_JOIN_KERNELS(float)
GF_JOIN_KERNELS(double)

} // namespace gatefold::model::kernels
