#pragma once

#include <cstdint>

// Loops behind the fused branch join and the diversity term (branchjoin.cpp,
// branchsimilarity.cpp). Dense, contiguous, row-major; on x86-64 each is also
// compiled for AVX2 + FMA and chosen at load time.
namespace gatefold::model::kernels {

// The join of n branches over `len` elements: branch b's values start at
// x + b·xStride (out + b·outStride); out_b = a·x_b + l·Σ_b' x_b' with
// a = 1 − λ, l = λ. `scratch` holds `len` values. out may not alias x.
void joinChunk(const float *x, int64_t xStride, float *out, int64_t outStride, int64_t n, int64_t len, float a,
               float l, float *scratch);
void joinChunk(const double *x, int64_t xStride, double *out, int64_t outStride, int64_t n, int64_t len, double a,
               double l, double *scratch);

// f (n, m, d): branch b's token t at f + (b·m + t)·d. Returns
// Σ_{t in [begin, end)} Σ_{i<j} cos²(f_i[t], f_j[t]), norms clamped at 1e-12.
double diversityRows(const float *f, int64_t n, int64_t m, int64_t d, int64_t begin, int64_t end);
double diversityRows(const double *f, int64_t n, int64_t m, int64_t d, int64_t begin, int64_t end);

// The gradient of `scale` × that sum for tokens [begin, end), written to gf
// (same layout as f): ∂/∂f_i = scale·Σ_{j≠i} 2cos_ij·(f_j/(r_i r_j) − cos_ij·f_i/r_i²).
void diversityBackwardRows(const float *f, float *gf, float scale, int64_t n, int64_t m, int64_t d, int64_t begin,
                           int64_t end);
void diversityBackwardRows(const double *f, double *gf, double scale, int64_t n, int64_t m, int64_t d,
                           int64_t begin, int64_t end);

} // namespace gatefold::model::kernels
