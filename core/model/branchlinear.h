#pragma once

#include <torch/nn/module.h>

namespace gatefold::model {

// The linear maps of n parallel branches as one tensor: `weight` (n, out, in)
// (branch b's timm-shaped weight is weight[b]) and a bias that is per branch
// (n, out), shared by the branches' sum (out), or absent.
class BranchLinearImpl : public torch::nn::Module
{
public:
    enum class Bias { None, PerBranch, Shared };
    // `component` names the cost-table row its MACs are counted under.
    BranchLinearImpl(int64_t branches, int64_t in, int64_t out, Bias bias, const char *component);

    // Shared input x (…, in) -> (…, n·out), branch-major: one GEMM for all branches.
    torch::Tensor wide(const torch::Tensor &x) const;
    // Per-branch inputs (n, M, in) -> (n, M, out) as one batched matmul; no bias.
    torch::Tensor branchwise(const torch::Tensor &x) const;
    // Branch-major concatenated inputs (…, n·in) -> Σ_b x_b·W_bᵀ + bias (…, out):
    // one GEMM over the stacked weights.
    torch::Tensor summed(const torch::Tensor &x) const;
    // The sum of the branch weights (out, in), for inputs equal in every branch.
    torch::Tensor summedWeight() const { return weight.sum(0); }

    int64_t branches() const { return weight.size(0); }
    int64_t inFeatures() const { return weight.size(2); }
    int64_t outFeatures() const { return weight.size(1); }

    torch::Tensor weight;
    torch::Tensor bias;

private:
    const char *m_component;
};
TORCH_MODULE(BranchLinear);

} // namespace gatefold::model
