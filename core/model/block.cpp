#include "block.h"

#include "droppath.h"

#include <torch/torch.h>

namespace gatefold::model {

torch::nn::LayerNorm makeLayerNorm(int dim)
{
    return torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim}).eps(1e-6));
}

BlockImpl::BlockImpl(const ViTConfig &config, double dropPath, Mlp mlpModule)
    : m_dropPath(dropPath)
{
    norm1 = register_module("norm1", makeLayerNorm(config.embedDim));
    attn = register_module("attn", Attention(config.embedDim, config.numHeads, config.qkvBias,
                                             config.attnDropRate, config.projDropRate));
    norm2 = register_module("norm2", makeLayerNorm(config.embedDim));
    mlp = register_module("mlp", mlpModule);
}

torch::Tensor BlockImpl::forward(const torch::Tensor &x, GateState &state, const ForwardOptions &options,
                                 BlockIntermediates *record)
{
    torch::Tensor probs;
    auto y = attn(norm1(x), record && options.attention ? &probs : nullptr);
    auto h = x + dropPath(y, m_dropPath, is_training());
    auto z = norm2(h);  // (B, N, d): the MLP's input, and what a CDE gate reads
    if (record) {
        record->attention = probs;
        if (options.mlpInputs)
            record->mlpInput = z.detach();
    }
    return h + dropPath(mlp(z, state, options, record), m_dropPath, is_training());
}

} // namespace gatefold::model
