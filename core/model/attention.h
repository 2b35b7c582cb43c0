#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/linear.h>

namespace gatefold::model {

// Multi-head self-attention written out, softmax(q kᵀ / √d_h) v, so that it
// can hand back its probabilities and runs the same on LibTorch 1.13 and 2.x.
class AttentionImpl : public torch::nn::Module
{
public:
    AttentionImpl(int dim, int numHeads, bool qkvBias, double attnDrop, double projDrop);

    // x (B, N, d) -> (B, N, d); when `probs` is given it receives (B, H, N, N).
    torch::Tensor forward(const torch::Tensor &x, torch::Tensor *probs = nullptr);

    torch::nn::Linear qkv{nullptr};
    torch::nn::Linear proj{nullptr};
    torch::nn::Dropout attn_drop{nullptr};
    torch::nn::Dropout proj_drop{nullptr};

private:
    int64_t m_numHeads;
    double m_scale;
};
TORCH_MODULE(Attention);

} // namespace gatefold::model
