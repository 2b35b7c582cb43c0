#pragma once

#include "block.h"
#include "forwardoutput.h"
#include "parallelblock.h"
#include "patchembed.h"
#include "config/vitconfig.h"

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

// Train: the form that trains (n parallel branches per block when
// join.branches > 1). Deploy: folded, one branch per block (join.deployed).
enum class ModelMode { Train, Deploy };

struct FoldOptions {
    bool absorbNorms = false;  // move LayerNorm affines forward into q/k/v, fc1 and the head
    bool force = false;        // fold although λ < 1 (the outputs then change; measure it)
};

// What fold() did: `error` is set (and nothing changed) on a refusal.
struct FoldOutcome {
    bool ok = false;
    bool changed = false;
    std::string error;
};

// ViT with timm's parameter names (patch_embed.proj, cls_token, pos_embed,
// blocks.i.{norm1,attn.qkv,attn.proj,norm2,mlp.fc1,mlp.fc2}, norm | fc_norm,
// head) and the CDE / DeepEmbed gates (core/model/README.md, CDE) in its MLPs.
// Build it through buildModel(), which validates the config first.
class VisionTransformerImpl : public torch::nn::Module
{
public:
    explicit VisionTransformerImpl(const ViTConfig &config);

    torch::Tensor forward(const torch::Tensor &images);  // (B, C, H, W) -> (B, classes)
    VitOutput forwardWithIntermediates(const torch::Tensor &images, const ForwardOptions &options);
    // Tokens after the last block and final norm, (B, N, d).
    // With options.diversity, the parallel blocks' L_div terms go to `diversity`.
    torch::Tensor forwardFeatures(const torch::Tensor &images, const ForwardOptions &options = {},
                                  std::vector<BlockIntermediates> *record = nullptr,
                                  std::vector<torch::Tensor> *diversity = nullptr);
    torch::Tensor forwardHead(const torch::Tensor &features);  // (B, N, d) -> (B, classes)

    // The forward pass a trainer uses: in training mode on a parallel model with
    // α > 0 it also returns the diversity term L_div (VitOutput::diversity); `keep`
    // asks for more (distillation: the attention maps with their graph).
    VitOutput forwardForTraining(const torch::Tensor &images, const ForwardOptions &keep = {});
    // α·L_div for the loss, or an undefined tensor when there is none.
    torch::Tensor auxiliaryLoss(const VitOutput &output) const;

    // Joining strength λ of every parallel block, scheduled by the trainer.
    void setJoinStrength(double lambda);
    double joinStrength() const { return m_config.join.strength; }

    ModelMode mode() const { return m_config.join.deployed ? ModelMode::Deploy : ModelMode::Train; }
    // Train → Deploy in place (core/model/README.md, joining "Folding at λ = 1"): each
    // block of n branches becomes one branch (wide or plain, by the variant);
    // with options.absorbNorms the LayerNorm affines move forward. Refuses while
    // λ < 1 unless forced. Idempotent: folding a deploy model changes nothing
    // (except absorbing norms it still has, when asked).
    FoldOutcome fold(const FoldOptions &options = {});

    // Run-time gate controls, scheduled by the trainer (λ ramp, τ annealing).
    void setGateStrength(double lambda);
    void setTemperature(double tau);
    double gateStrength() const;
    double temperature() const;

    const ViTConfig &config() const { return m_config; }
    std::vector<CodebookGate> gates() const;  // one per CDE-gated block, in depth order
    std::vector<CodebookUse> codebookUses() const;
    int numBlocks() const { return int(m_blocks.size() + m_parallelBlocks.size()); }
    const std::vector<Block> &blockList() const { return m_blocks; }  // single-branch blocks
    const std::vector<ParallelBlock> &parallelBlockList() const { return m_parallelBlocks; }
    // The CDE gate of block i (null if ungated), whichever form the block has.
    CodebookGate gateOfBlock(int i) const;

    PatchEmbed patch_embed{nullptr};
    torch::Tensor cls_token;  // (1, 1, d), only with class-token pooling
    torch::Tensor pos_embed;  // (1, N, d); undefined under pos.kind = rope2d (core/model/rotaryembedding.h)
    torch::nn::Dropout pos_drop{nullptr};
    torch::nn::ModuleList blocks{nullptr};
    torch::nn::LayerNorm norm{nullptr};     // class-token pooling
    torch::nn::LayerNorm fc_norm{nullptr};  // average pooling (timm's use_fc_norm)
    torch::nn::Dropout head_drop{nullptr};
    torch::nn::Linear head{nullptr};
    CdeShared cde{nullptr};

    // Takes over the blocks, final norm, head and shared gate parameters of
    // `deployed` (built by foldModel() from this model) and its config.
    void adoptDeployForm(VisionTransformerImpl &deployed);

private:
    ViTConfig m_config;
    std::vector<Block> m_blocks;
    std::vector<ParallelBlock> m_parallelBlocks;
};
TORCH_MODULE(VisionTransformer);

// Validates `config`; returns the model, or nullopt with every problem in `error`.
std::optional<VisionTransformer> buildModel(const ViTConfig &config, std::string *error = nullptr);

} // namespace gatefold::model
