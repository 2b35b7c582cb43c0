#pragma once

#include <torch/types.h>

namespace gatefold::model {

// Branch outputs f (n, …, d): the cosine of each token's d-vectors between
// branches. Zero vectors count as cosine 0.

// mean over pairs i<j of E_tokens[cos²(f_i, f_j)], a scalar with its graph
// (core/model/README.md, joining "Diversity regulariser"). 0 for n = 1.
torch::Tensor branchDiversity(const torch::Tensor &f);

// (n, n) matrix of E_tokens[cos(f_i, f_j)] (paper Fig. 4): 1 on the diagonal
// where no token is a zero vector (zero vectors count as cosine 0).
torch::Tensor branchCosineMatrix(const torch::Tensor &f);

// (n, n) cosine similarity of the flattened branch weights w (n, …) (Figs. 5–6).
torch::Tensor weightCosineMatrix(const torch::Tensor &w);

} // namespace gatefold::model
