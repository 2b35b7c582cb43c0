#pragma once

#include <torch/types.h>

namespace gatefold::model {

// (1−λ)·t_b + λ·Σ_b' t_b' over the branch dimension `dim` (paper Eq. 5/9), in
// this form so that at λ = 1 every branch gets the bit-identical sum. At λ = 0
// it returns t; at λ = 1 the sum alone with `dim` kept at size 1, which
// broadcasts against the other operands in place of n equal copies.
torch::Tensor joinBranches(const torch::Tensor &t, int64_t dim, double lambda);

// The variance rectification of joined logits, sqrt(1 + (n−1)λ²).
double joinedLogitNorm(int branches, double lambda);

} // namespace gatefold::model
