#pragma once

#include "parallelattention.h"
#include "parallelmlp.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/normalization.h>

#include <vector>

namespace gatefold::model {

// One block of n parallel branches (core/model/README.md, joining "Model"):
// x ← x + DropPath(ParallelAttn(LN1 x)); x ← x + DropPath(ParallelMlp(LN2 x)),
// one LayerNorm before each split. Joining strength λ is set at run time.
class ParallelBlockImpl : public torch::nn::Module
{
public:
    ParallelBlockImpl(const ViTConfig &config, double dropPath, ParallelMlp mlp);

    // When `diversity` is given, the block appends its two L_div terms
    // (attention and FFN) to it.
    torch::Tensor forward(const torch::Tensor &x, GateState &state, const ForwardOptions &options,
                          BlockIntermediates *record, std::vector<torch::Tensor> *diversity);

    void setJoinStrength(double lambda) { m_lambda = lambda; }
    double joinStrength() const { return m_lambda; }

    torch::nn::LayerNorm norm1{nullptr};
    ParallelAttention attn{nullptr};
    torch::nn::LayerNorm norm2{nullptr};
    ParallelMlp mlp{nullptr};

private:
    double m_dropPath;
    double m_lambda;
};
TORCH_MODULE(ParallelBlock);

} // namespace gatefold::model
