#pragma once

#include <cstdint>

// Row-range loops behind sparseMix, topKProducts and gatedScale. Each works on
// rows [begin, end) (or columns [c0, c1) for scatters) so callers can split
// the work over threads; on x86-64 each is also compiled for AVX2 + FMA and
// chosen at load time. Matrices are dense, row-major; idx rows hold k codes.
namespace gatefold::model::kernels {

// Rows per parallel task for rows of `width` multiply-adds: enough work
// (~32k) to amortise handing a range to a thread.
inline int64_t grainRows(int64_t width)
{
    return width >= 32768 ? 1 : 32768 / (width > 0 ? width : 1);
}

// out[t] = Σ_j w[t,j] · table[idx[t,j]]
void gatherMixRows(const float *w, const int64_t *idx, const float *table, float *out, int64_t begin, int64_t end,
                   int64_t k, int64_t d);
void gatherMixRows(const double *w, const int64_t *idx, const double *table, double *out, int64_t begin,
                   int64_t end, int64_t k, int64_t d);

// out[t,j] = ⟨src[t], table[idx[t,j]]⟩
void rowDotsRows(const float *src, const int64_t *idx, const float *table, float *out, int64_t begin, int64_t end,
                 int64_t k, int64_t d);
void rowDotsRows(const double *src, const int64_t *idx, const double *table, double *out, int64_t begin,
                 int64_t end, int64_t k, int64_t d);

// out[idx[t,j], c] += w[t,j] · src[t, c] for all t < m, j < k, c in [c0, c1)
void scatterMixCols(const float *w, const int64_t *idx, const float *src, float *out, int64_t m, int64_t k,
                    int64_t d, int64_t c0, int64_t c1);
void scatterMixCols(const double *w, const int64_t *idx, const double *src, double *out, int64_t m, int64_t k,
                    int64_t d, int64_t c0, int64_t c1);

// The k largest of each row of s (rows of length n), in descending order;
// ties keep the lower index first. For small k (a few to a few dozen).
void topKRows(const float *s, int64_t n, int64_t k, float *values, int64_t *indices, int64_t begin, int64_t end);
void topKRows(const double *s, int64_t n, int64_t k, double *values, int64_t *indices, int64_t begin, int64_t end);

// out[t] = y[t] ⊙ (1 + λ g[t]), g[t] = Σ_j w[t,j] · E[idx[t,j]]; `scratch` holds d values.
void gatedScaleRows(const float *y, const float *w, const int64_t *idx, const float *embed, float lambda, float *out,
                    float *scratch, int64_t begin, int64_t end, int64_t k, int64_t d);
void gatedScaleRows(const double *y, const double *w, const int64_t *idx, const double *embed, double lambda,
                    double *out, double *scratch, int64_t begin, int64_t end, int64_t k, int64_t d);

// ∂L/∂y = ∂L/∂ỹ ⊙ (1 + λ g), ∂L/∂w[t,j] = ⟨γ[t], E[idx[t,j]]⟩ and
// gradE[idx[t,j]] += w[t,j] · γ[t] with γ = λ ∂L/∂ỹ ⊙ y (= ∂L/∂g);
// gradE (K, d) is the caller's accumulator for these rows (one per thread);
// `scratch` holds 2·d values.
void gatedScaleBackwardRows(const float *y, const float *w, const int64_t *idx, const float *embed, float lambda,
                            const float *grad, float *gradY, float *gradW, float *gradE, float *scratch,
                            int64_t begin, int64_t end, int64_t k, int64_t d);
void gatedScaleBackwardRows(const double *y, const double *w, const int64_t *idx, const double *embed,
                            double lambda, const double *grad, double *gradY, double *gradW, double *gradE,
                            double *scratch, int64_t begin, int64_t end, int64_t k, int64_t d);

// out[t] = x[t] / max(‖x[t]‖, eps); norms[t] = ‖x[t]‖.
void normalizeRows(const float *x, float *out, float *norms, float eps, int64_t begin, int64_t end, int64_t d);
void normalizeRows(const double *x, double *out, double *norms, double eps, int64_t begin, int64_t end, int64_t d);

// ∂L/∂x[t] = (∂L/∂out[t] − out[t]·⟨∂L/∂out[t], out[t]⟩) / ‖x[t]‖, or ∂L/∂out[t] / eps
// where the norm was clamped.
void normalizeBackwardRows(const float *grad, const float *out, const float *norms, float eps, float *gradX,
                           int64_t begin, int64_t end, int64_t d);
void normalizeBackwardRows(const double *grad, const double *out, const double *norms, double eps, double *gradX,
                           int64_t begin, int64_t end, int64_t d);

} // namespace gatefold::model::kernels
