#pragma once

#include "rotaryembedding.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/linear.h>

namespace gatefold::model {

// Multi-head self-attention written out, softmax(q kᵀ / √d_qk) v, so that it
// can hand back its probabilities and runs the same on LibTorch 1.13 and 2.x.
// H heads; q and k are qkDim wide in all, v is vDim wide (timm's block: both
// d). A folded parallel block is wider: see core/model/README.md, joining "Folding at λ = 1".
class AttentionImpl : public torch::nn::Module
{
public:
    AttentionImpl(int dim, int numHeads, bool qkvBias, double attnDrop, double projDrop)
        : AttentionImpl(dim, numHeads, dim, dim, qkvBias, attnDrop, projDrop)
    {
    }
    AttentionImpl(int dim, int numHeads, int qkDim, int vDim, bool qkvBias, double attnDrop, double projDrop);

    // x (B, N, d) -> (B, N, d); when `probs` is given it receives (B, H, N, N), with its graph.
    torch::Tensor forward(const torch::Tensor &x, torch::Tensor *probs = nullptr);

    int64_t numHeads() const { return m_numHeads; }
    int64_t qkDim() const { return m_qkDim; }
    int64_t vDim() const { return m_vDim; }
    // 2-D RoPE on q and k before the scores (off by default); its chunk is the original head width,
    // so a folded wide head rotates each branch's head inside it as that branch did.
    void setRotary(const RotaryEmbedding &rotary) { m_rotary = rotary; }
    const RotaryEmbedding &rotary() const { return m_rotary; }

    torch::nn::Linear qkv{nullptr};   // d -> [q (qkDim) | k (qkDim) | v (vDim)]
    torch::nn::Linear proj{nullptr};  // vDim -> d
    torch::nn::Dropout attn_drop{nullptr};
    torch::nn::Dropout proj_drop{nullptr};

private:
    int64_t m_numHeads;
    int64_t m_qkDim;
    int64_t m_vDim;
    double m_scale;
    RotaryEmbedding m_rotary;
};
TORCH_MODULE(Attention);

} // namespace gatefold::model
