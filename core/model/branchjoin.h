#pragma once

#include <torch/types.h>

namespace gatefold::model {

// (1−λ)·t_b + λ·Σ_b' t_b' over the branch dimension `dim` (paper Eq. 5/9), in
// this form so that at λ = 1 every branch gets the bit-identical sum. At λ = 0
// it returns t; at λ = 1 the sum alone with `dim` kept at size 1, which
// broadcasts against the other operands in place of n equal copies. On the
// CPU one fused pass forward and one backward (the join is its own transpose).
torch::Tensor joinBranches(const torch::Tensor &t, int64_t dim, double lambda);

// GELU(joinBranches(h, 0, λ)) for h (n, …) with the branch axis first (the
// FFN's joined hidden, paper Eq. 9). On the CPU fused: the joined input is
// never stored; the backward recomputes it chunk by chunk, so the pair costs
// the memory traffic of the GELU alone. GELU is the exact (erf) one.
torch::Tensor joinGelu(const torch::Tensor &h, double lambda);

// The variance rectification of joined logits, sqrt(1 + (n−1)λ²).
double joinedLogitNorm(int branches, double lambda);

} // namespace gatefold::model
