#include "sparsekernels.h"

#include "kernelclones.h"

#include <algorithm>
#include <cmath>

namespace gatefold::model::kernels {
namespace {

#define GF_INLINE inline __attribute__((always_inline))

// A dot product with independent partial sums, so the compiler may keep them
// in vector lanes (a single accumulator is a serial chain it must not reorder).
template<typename T>
GF_INLINE T dot(const T *a, const T *b, int64_t d)
{
    constexpr int lanes = 16;
    T acc[lanes] = {};
    int64_t c = 0;
    for (; c + lanes <= d; c += lanes)
        for (int u = 0; u < lanes; ++u)
            acc[u] += a[c + u] * b[c + u];
    T sum = 0;
    for (int u = 0; u < lanes; ++u)
        sum += acc[u];
    for (; c < d; ++c)
        sum += a[c] * b[c];
    return sum;
}

template<typename T>
GF_INLINE void mixRow(T *out, const T *w, const int64_t *idx, const T *table, int64_t k, int64_t d)
{
    const T *first = table + idx[0] * d;
    for (int64_t c = 0; c < d; ++c)
        out[c] = w[0] * first[c];
    for (int64_t j = 1; j < k; ++j) {
        const T wv = w[j];
        const T *row = table + idx[j] * d;
        for (int64_t c = 0; c < d; ++c)
            out[c] += wv * row[c];
    }
}

template<typename T>
GF_INLINE void gatherMixImpl(const T *w, const int64_t *idx, const T *table, T *out, int64_t begin, int64_t end,
                             int64_t k, int64_t d)
{
    for (int64_t t = begin; t < end; ++t)
        mixRow(out + t * d, w + t * k, idx + t * k, table, k, d);
}

template<typename T>
GF_INLINE void rowDotsImpl(const T *src, const int64_t *idx, const T *table, T *out, int64_t begin, int64_t end,
                           int64_t k, int64_t d)
{
    for (int64_t t = begin; t < end; ++t)
        for (int64_t j = 0; j < k; ++j)
            out[t * k + j] = dot(src + t * d, table + idx[t * k + j] * d, d);
}

template<typename T>
GF_INLINE void scatterMixImpl(const T *w, const int64_t *idx, const T *src, T *out, int64_t m, int64_t k, int64_t d,
                              int64_t c0, int64_t c1)
{
    for (int64_t t = 0; t < m; ++t) {
        const T *x = src + t * d;
        for (int64_t j = 0; j < k; ++j) {
            const T wv = w[t * k + j];
            T *dst = out + idx[t * k + j] * d;
            for (int64_t c = c0; c < c1; ++c)
                dst[c] += wv * x[c];
        }
    }
}

template<typename T>
GF_INLINE void topKImpl(const T *s, int64_t n, int64_t k, T *values, int64_t *indices, int64_t begin, int64_t end)
{
    for (int64_t t = begin; t < end; ++t) {
        const T *row = s + t * n;
        T *v = values + t * k;
        int64_t *ix = indices + t * k;
        int64_t filled = 0;
        constexpr int64_t chunk = 16;
        for (int64_t i = 0; i < n; ++i) {
            if (filled == k && i % chunk == 0 && i + chunk <= n) {
                bool any = false;  // skip a chunk none of whose values can enter
                for (int64_t u = 0; u < chunk; ++u)
                    any |= row[i + u] > v[k - 1];
                if (!any) {
                    i += chunk - 1;
                    continue;
                }
            }
            const T x = row[i];
            if (filled == k && !(x > v[k - 1]))
                continue;  // the common case: not among the k best so far
            int64_t pos = filled < k ? filled++ : k - 1;
            while (pos > 0 && x > v[pos - 1]) {  // strict: earlier index wins a tie
                v[pos] = v[pos - 1];
                ix[pos] = ix[pos - 1];
                --pos;
            }
            v[pos] = x;
            ix[pos] = i;
        }
    }
}

template<typename T>
GF_INLINE void gatedScaleImpl(const T *y, const T *w, const int64_t *idx, const T *embed, T lambda, T *out, T *g,
                              int64_t begin, int64_t end, int64_t k, int64_t d)
{
    for (int64_t t = begin; t < end; ++t) {
        mixRow(g, w + t * k, idx + t * k, embed, k, d);
        const T *yr = y + t * d;
        T *o = out + t * d;
        for (int64_t c = 0; c < d; ++c)
            o[c] = yr[c] * (T(1) + lambda * g[c]);  // Eq. 3
    }
}

template<typename T>
GF_INLINE void gatedScaleBackwardImpl(const T *y, const T *w, const int64_t *idx, const T *embed, T lambda,
                                      const T *grad, T *gradY, T *gradW, T *gradE, T *scratch, int64_t begin,
                                      int64_t end, int64_t k, int64_t d)
{
    T *g = scratch, *gg = scratch + d;
    for (int64_t t = begin; t < end; ++t) {
        mixRow(g, w + t * k, idx + t * k, embed, k, d);
        const T *yr = y + t * d, *go = grad + t * d;
        T *gy = gradY + t * d;
        for (int64_t c = 0; c < d; ++c) {
            gy[c] = go[c] * (T(1) + lambda * g[c]);
            gg[c] = lambda * go[c] * yr[c];  // ∂L/∂g
        }
        for (int64_t j = 0; j < k; ++j) {
            const int64_t code = idx[t * k + j];
            gradW[t * k + j] = dot(gg, embed + code * d, d);
            const T wv = w[t * k + j];
            T *ge = gradE + code * d;
            for (int64_t c = 0; c < d; ++c)
                ge[c] += wv * gg[c];
        }
    }
}

template<typename T>
GF_INLINE void normalizeImpl(const T *x, T *out, T *norms, T eps, int64_t begin, int64_t end, int64_t d)
{
    for (int64_t t = begin; t < end; ++t) {
        const T *xr = x + t * d;
        const T norm = std::sqrt(dot(xr, xr, d));
        const T inv = T(1) / std::max(norm, eps);
        norms[t] = norm;
        for (int64_t c = 0; c < d; ++c)
            out[t * d + c] = xr[c] * inv;
    }
}

template<typename T>
GF_INLINE void normalizeBackwardImpl(const T *grad, const T *out, const T *norms, T eps, T *gradX, int64_t begin,
                                     int64_t end, int64_t d)
{
    for (int64_t t = begin; t < end; ++t) {
        const T *g = grad + t * d, *o = out + t * d;
        T *gx = gradX + t * d;
        if (norms[t] < eps) {
            for (int64_t c = 0; c < d; ++c)
                gx[c] = g[c] / eps;
            continue;
        }
        const T proj = dot(g, o, d);
        const T inv = T(1) / norms[t];
        for (int64_t c = 0; c < d; ++c)
            gx[c] = (g[c] - o[c] * proj) * inv;
    }
}

} // namespace


#define GF_FOR_TYPES(X) X(float) X(double)

#define GF_GATHER(T)                                                                                              \
    GF_CLONES void gatherMixRows(const T *w, const int64_t *idx, const T *table, T *out, int64_t begin,          \
                                 int64_t end, int64_t k, int64_t d)                                               \
    {                                                                                                             \
        gatherMixImpl(w, idx, table, out, begin, end, k, d);                                                      \
    }
#define GF_DOTS(T)                                                                                                \
    GF_CLONES void rowDotsRows(const T *src, const int64_t *idx, const T *table, T *out, int64_t begin,          \
                               int64_t end, int64_t k, int64_t d)                                                 \
    {                                                                                                             \
        rowDotsImpl(src, idx, table, out, begin, end, k, d);                                                      \
    }
#define GF_SCATTER(T)                                                                                             \
    GF_CLONES void scatterMixCols(const T *w, const int64_t *idx, const T *src, T *out, int64_t m, int64_t k,    \
                                  int64_t d, int64_t c0, int64_t c1)                                              \
    {                                                                                                             \
        scatterMixImpl(w, idx, src, out, m, k, d, c0, c1);                                                        \
    }
#define GF_TOPK(T)                                                                                                \
    GF_CLONES void topKRows(const T *s, int64_t n, int64_t k, T *values, int64_t *indices, int64_t begin,        \
                            int64_t end)                                                                          \
    {                                                                                                             \
        topKImpl(s, n, k, values, indices, begin, end);                                                           \
    }
#define GF_SCALE(T)                                                                                               \
    GF_CLONES void gatedScaleRows(const T *y, const T *w, const int64_t *idx, const T *embed, T lambda, T *out,  \
                                  T *scratch, int64_t begin, int64_t end, int64_t k, int64_t d)                   \
    {                                                                                                             \
        gatedScaleImpl(y, w, idx, embed, lambda, out, scratch, begin, end, k, d);                                 \
    }
#define GF_SCALE_BACK(T)                                                                                          \
    GF_CLONES void gatedScaleBackwardRows(const T *y, const T *w, const int64_t *idx, const T *embed, T lambda,  \
                                          const T *grad, T *gradY, T *gradW, T *gradE, T *scratch, int64_t begin,\
                                          int64_t end, int64_t k, int64_t d)                                      \
    {                                                                                                             \
        gatedScaleBackwardImpl(y, w, idx, embed, lambda, grad, gradY, gradW, gradE, scratch, begin, end, k, d);   \
    }

#define GF_NORM(T)                                                                                                \
    GF_CLONES void normalizeRows(const T *x, T *out, T *norms, T eps, int64_t begin, int64_t end, int64_t d)     \
    {                                                                                                             \
        normalizeImpl(x, out, norms, eps, begin, end, d);                                                         \
    }
#define GF_NORM_BACK(T)                                                                                           \
    GF_CLONES void normalizeBackwardRows(const T *grad, const T *out, const T *norms, T eps, T *gradX,           \
                                         int64_t begin, int64_t end, int64_t d)                                   \
    {                                                                                                             \
        normalizeBackwardImpl(grad, out, norms, eps, gradX, begin, end, d);                                       \
    }

GF_FOR_TYPES(GF_NORM)
GF_FOR_TYPES(GF_NORM_BACK)
GF_FOR_TYPES(GF_GATHER)
GF_FOR_TYPES(GF_DOTS)
GF_FOR_TYPES(GF_SCATTER)
GF_FOR_TYPES(GF_TOPK)
GF_FOR_TYPES(GF_SCALE)
GF_FOR_TYPES(GF_SCALE_BACK)

} // namespace gatefold::model::kernels
