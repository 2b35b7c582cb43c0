#pragma once

#include "attention.h"
#include "mlp.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/normalization.h>

namespace gatefold::model {

// Pre-norm ViT block: x ← x + DropPath(Attn(LN1 x)); x ← x + DropPath(Mlp(LN2 x)).
// Block `index` of `config`: in a deploy form it is a folded parallel block
// (attention widths from the config) whose norms may have no affine left.
class BlockImpl : public torch::nn::Module
{
public:
    BlockImpl(const ViTConfig &config, int index, double dropPath, Mlp mlp);

    torch::Tensor forward(const torch::Tensor &x, GateState &state, const ForwardOptions &options,
                          BlockIntermediates *record);

    torch::nn::LayerNorm norm1{nullptr};
    Attention attn{nullptr};
    torch::nn::LayerNorm norm2{nullptr};
    Mlp mlp{nullptr};

private:
    double m_dropPath;
};
TORCH_MODULE(Block);

// timm's ViT LayerNorm: eps 1e-6, γ = 1, β = 0; without `affine` only the
// normalisation n(x) is left (its γ and β were absorbed downstream).
torch::nn::LayerNorm makeLayerNorm(int dim, bool affine = true);

} // namespace gatefold::model
