#pragma once

#include "branchlinear.h"
#include "codebookgate.h"
#include "forwardoutput.h"
#include "config/vitconfig.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/dropout.h>

namespace gatefold::model {

struct ParallelMlpOutput {
    torch::Tensor out;       // (B, N, d)
    torch::Tensor branches;  // (n, B, N, d) GELU(u_b)·W2_b, when asked for
};

// n FFN branches on one LN2 output, joined at the GELU input (paper Eq. 9):
//   h_b = z·W1_bᵀ + b1_b,  u_b = (1−λ)·h_b + λ·Σ_b' h_b',  out = Σ_b GELU(u_b)·W2_bᵀ + b2,
// with the same optional gates as MlpImpl (a CDE gate reading z, or DeepEmbed)
// on the output (width) or on every branch's hidden (expand) — both fold
// exactly, as at λ = 1 the branches' hiddens are equal.
// Parameters: fc1.weight (n, d_ff, d), fc1.bias (n, d_ff), fc2.weight (n, d, d_ff),
// fc2.bias (d), and `gate` / `deep_embed` named as in MlpImpl.
class ParallelMlpImpl : public torch::nn::Module
{
public:
    ParallelMlpImpl(const ViTConfig &config, CodebookGate gate, bool deepEmbed);

    ParallelMlpOutput forward(const torch::Tensor &z, double lambda, GateState &state, bool wantBranches,
                              const ForwardOptions &options, BlockIntermediates *record);

    BranchLinear fc1{nullptr};
    BranchLinear fc2{nullptr};
    torch::nn::Dropout drop{nullptr};
    CodebookGate gate{nullptr};
    torch::Tensor deep_embed;

private:
    // y ([n,] B, N, d_g) ⊙ the gate; g (B, N, d_g) is broadcast over branches.
    torch::Tensor gated(const torch::Tensor &y, const std::optional<GateResult> &cde) const;

    GateTarget m_target;
};
TORCH_MODULE(ParallelMlp);

} // namespace gatefold::model
