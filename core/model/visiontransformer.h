#pragma once

#include "block.h"
#include "forwardoutput.h"
#include "patchembed.h"
#include "vitconfig.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/container/modulelist.h>
#include <torch/nn/modules/dropout.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/modules/normalization.h>

#include <optional>
#include <string>
#include <vector>

namespace gatefold::model {

// Gate parameters shared across depth: `cde.codebook` (K, d) and/or
// `cde.embed` (K, d_g). Registered once here; blocks hold handles.
class CdeSharedImpl : public torch::nn::Module
{
public:
    CdeSharedImpl(const ViTConfig &config, bool codebook, bool embed);
    torch::Tensor codebook;
    torch::Tensor embed;
};
TORCH_MODULE(CdeShared);

// A codebook and the gated blocks whose logits read it.
struct CodebookUse {
    torch::Tensor codebook;  // (K, d) parameter
    std::vector<int> blocks;
};

// ViT with timm's parameter names (patch_embed.proj, cls_token, pos_embed,
// blocks.i.{norm1,attn.qkv,attn.proj,norm2,mlp.fc1,mlp.fc2}, norm | fc_norm,
// head) and the CDE / DeepEmbed gates of papers/cde.md in its MLPs.
// Build it through buildModel(), which validates the config first.
class VisionTransformerImpl : public torch::nn::Module
{
public:
    explicit VisionTransformerImpl(const ViTConfig &config);

    torch::Tensor forward(const torch::Tensor &images);  // (B, C, H, W) -> (B, classes)
    VitOutput forwardWithIntermediates(const torch::Tensor &images, const ForwardOptions &options);
    // Tokens after the last block and final norm, (B, N, d).
    torch::Tensor forwardFeatures(const torch::Tensor &images, const ForwardOptions &options = {},
                                  std::vector<BlockIntermediates> *record = nullptr);
    torch::Tensor forwardHead(const torch::Tensor &features);  // (B, N, d) -> (B, classes)

    // Run-time gate controls, scheduled by the trainer (λ ramp, τ annealing).
    void setGateStrength(double lambda);
    void setTemperature(double tau);
    double gateStrength() const;
    double temperature() const;

    const ViTConfig &config() const { return m_config; }
    std::vector<CodebookGate> gates() const;  // one per CDE-gated block, in depth order
    std::vector<CodebookUse> codebookUses() const;
    const std::vector<Block> &blockList() const { return m_blocks; }

    PatchEmbed patch_embed{nullptr};
    torch::Tensor cls_token;  // (1, 1, d), only with class-token pooling
    torch::Tensor pos_embed;  // (1, N, d)
    torch::nn::Dropout pos_drop{nullptr};
    torch::nn::ModuleList blocks{nullptr};
    torch::nn::LayerNorm norm{nullptr};     // class-token pooling
    torch::nn::LayerNorm fc_norm{nullptr};  // average pooling (timm's use_fc_norm)
    torch::nn::Dropout head_drop{nullptr};
    torch::nn::Linear head{nullptr};
    CdeShared cde{nullptr};

private:
    ViTConfig m_config;
    std::vector<Block> m_blocks;
};
TORCH_MODULE(VisionTransformer);

// Validates `config`; returns the model, or nullopt with every problem in `error`.
std::optional<VisionTransformer> buildModel(const ViTConfig &config, std::string *error = nullptr);

} // namespace gatefold::model
