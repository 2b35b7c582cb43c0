#include "block.h"

#include "droppath.h"

#include <torch/torch.h>

namespace gatefold::model {

torch::nn::LayerNorm makeLayerNorm(int dim, bool affine)
{
    return torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim}).eps(1e-6).elementwise_affine(affine));
}

BlockImpl::BlockImpl(const ViTConfig &config, int index, double dropPath, Mlp mlpModule)
    : m_dropPath(dropPath)
{
    // Absorbing β into q/k/v needs a bias there even where training had none.
    const bool qkvBias = config.qkvBias || config.absorbsNorm1();
    norm1 = register_module("norm1", makeLayerNorm(config.embedDim, !config.absorbsNorm1()));
    attn = register_module("attn", Attention(config.embedDim, config.numHeads, config.attnQkDim(),
                                             config.attnVDim(), qkvBias, config.attnDropRate,
                                             config.projDropRate));
    attn->setRotary(RotaryEmbedding::of(config));
    norm2 = register_module("norm2", makeLayerNorm(config.embedDim, !config.absorbsNorm2(index)));
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
        record->attention = options.attentionGraph || !probs.defined() ? probs : probs.detach();
        if (options.mlpInputs)
            record->mlpInput = z.detach();
    }
    auto out = h + dropPath(mlp(z, state, options, record), m_dropPath, is_training());
    if (record && options.blockOutputs)
        record->output = out.detach();
    return out;
}

} // namespace gatefold::model
