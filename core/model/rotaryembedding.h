#pragma once

#include "config/vitconfig.h"

#include <torch/types.h>

#include <cstdint>

namespace gatefold::model {

// 2-D rotary position embedding (core/model/README.md, "Rotary position embeddings"), as the CDE
// reference code's `AttentionWithRoPE(kind='2d')` computes it. A chunk of c channels (one head of
// width c = d_h; inside a folded wide head, each original head) is read as c/2 pairs
// (x[2j], x[2j+1]); pair j is rotated by the angle
//   col · θ^(−4j/c)          for j < c/4   (the first half of the chunk: the patch's column),
//   row · θ^(−4(j−c/4)/c)    for j ≥ c/4   (the second half: its row),
// i.e. (x0, x1) → (x0·cos − x1·sin, x1·cos + x0·sin). Patches are numbered row by row on a square
// g × g grid; the `prefixTokens` tokens before them (the class token) get angle 0 (unrotated).
// q·kᵀ of two rotated tokens then depends on their positions only through the offset between them.
class RotaryEmbedding
{
public:
    RotaryEmbedding() = default;  // off: apply() hands its input back
    RotaryEmbedding(int chunkWidth, double theta, int prefixTokens);
    // Off unless config.pos.kind is rope2d; the chunk is the original head width embed_dim / num_heads.
    static RotaryEmbedding of(const ViTConfig &config);

    bool enabled() const { return m_chunk > 0; }
    int chunkWidth() const { return m_chunk; }
    double theta() const { return m_theta; }
    int prefixTokens() const { return m_prefix; }

    // x (..., T, w), w a multiple of the chunk width, T = prefixTokens + g² tokens: every chunk of
    // every token rotated by that token's position. Differentiable; the angles are constants.
    torch::Tensor apply(const torch::Tensor &x) const;

    // The side g of the square patch grid of `tokens` tokens (throws when it is not square).
    std::int64_t gridSide(std::int64_t tokens) const;
    // Angles (prefixTokens + g², c/2), float64 on the CPU: row t, column j is pair j's angle for token t.
    torch::Tensor angles(std::int64_t grid) const;

private:
    int m_chunk = 0;
    double m_theta = 10000.0;
    int m_prefix = 0;
};

} // namespace gatefold::model
