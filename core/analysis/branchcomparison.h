#pragma once

#include <torch/types.h>

#include <vector>

namespace gatefold::model {
struct BlockIntermediates;
class VisionTransformerImpl;
} // namespace gatefold::model

namespace gatefold::analysis {

// Branch feature similarity of one parallel block (joining paper Fig. 4):
// n × n matrices of E_tokens[cos(f_i, f_j)] between the branch outputs of
// the attention (O_b) and the FFN, from model::branchCosineMatrix.
struct BranchFeatureSimilarity {
    torch::Tensor attention;  // (n, n)
    torch::Tensor mlp;        // (n, n)
};

// Branch weight similarity of one parallel block (Figs. 5–6): n × n cosine
// similarity of each branch's flattened weights, per module — the bilinear
// forms W_qk,h = Wq_bh·Wk_bhᵀ and W_vo,h = Wv_bh·Wo_bh (all heads of a branch
// flattened together), fc1 and fc2 (model::branchWeights).
struct BranchWeightSimilarity {
    torch::Tensor qk;   // (n, n)
    torch::Tensor vo;   // (n, n)
    torch::Tensor fc1;  // (n, n)
    torch::Tensor fc2;  // (n, n)
};

// One entry per block from a forward pass with ForwardOptions::branches;
// empty when the blocks recorded no branch outputs (not a parallel model).
std::vector<BranchFeatureSimilarity> branchFeatureSimilarity(const std::vector<model::BlockIntermediates> &blocks);

// One entry per parallel block of `model`; empty for a single-branch (or folded) model.
std::vector<BranchWeightSimilarity> branchWeightSimilarity(const model::VisionTransformerImpl &model);

} // namespace gatefold::analysis
