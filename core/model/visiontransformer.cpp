#include "visiontransformer.h"

#include "configvalidator.h"
#include "initializers.h"
#include "linearinit.h"
#include "maccounter.h"

#include <torch/torch.h>

namespace gatefold::model {

CdeSharedImpl::CdeSharedImpl(const ViTConfig &config, bool withCodebook, bool withEmbed)
{
    if (withCodebook)
        codebook = register_parameter("codebook", makeCodebook(config));
    if (withEmbed)
        embed = register_parameter("embed", makeGateEmbed(config));
}

VisionTransformerImpl::VisionTransformerImpl(const ViTConfig &config)
    : m_config(config)
{
    const int d = config.embedDim;
    patch_embed = register_module("patch_embed",
                                  PatchEmbed(config.imageSize, config.patchSize, config.inChannels, d));
    if (config.pooling == Pooling::ClassToken)
        cls_token = register_parameter("cls_token", torch::randn({1, 1, d}) * 1e-6);
    pos_embed = register_parameter("pos_embed", torch::empty({1, config.numTokens(), d}));
    truncNormal_(pos_embed, 0.02);
    pos_drop = register_module("pos_drop", torch::nn::Dropout(config.dropRate));

    const GateConfig &gc = config.gate;
    const bool cdeOn = gc.kind == GateKind::Cde && config.numGatedBlocks() > 0;
    const bool sharedC = cdeOn && (gc.codebookSharing == Sharing::Shared || gc.scope == AssignScope::Once);
    const bool sharedE = cdeOn && gc.embedSharing == Sharing::Shared;
    if (sharedC || sharedE)
        cde = register_module("cde", CdeShared(config, sharedC, sharedE));

    blocks = register_module("blocks", torch::nn::ModuleList());
    for (int i = 0; i < config.depth; ++i) {
        const bool gated = config.isGated(i);
        CodebookGate gate{nullptr};
        if (gated && gc.kind == GateKind::Cde)
            gate = CodebookGate(config, sharedC ? cde->codebook : torch::Tensor(),
                                sharedE ? cde->embed : torch::Tensor());
        const double rate = config.depth > 1 ? config.dropPathRate * i / (config.depth - 1) : 0.0;
        Block block(config, rate, Mlp(config, gate, gated && gc.kind == GateKind::DeepEmbed));
        blocks->push_back(block);
        m_blocks.push_back(block);
    }

    if (config.pooling == Pooling::ClassToken)
        norm = register_module("norm", makeLayerNorm(d));
    else
        fc_norm = register_module("fc_norm", makeLayerNorm(d));
    head_drop = register_module("head_drop", torch::nn::Dropout(config.dropRate));
    head = register_module("head", makeLinear(d, config.numClasses, true));
}

torch::Tensor VisionTransformerImpl::forwardFeatures(const torch::Tensor &images, const ForwardOptions &options,
                                                     std::vector<BlockIntermediates> *record)
{
    auto x = patch_embed(images);  // (B, P, d)
    if (cls_token.defined())
        x = torch::cat({cls_token.expand({x.size(0), 1, x.size(2)}), x}, 1);  // (B, N, d)
    x = pos_drop(x + pos_embed);
    GateState state;
    if (record)
        record->assign(m_blocks.size(), {});
    for (size_t i = 0; i < m_blocks.size(); ++i)
        x = m_blocks[i]->forward(x, state, options, record ? &(*record)[i] : nullptr);
    return norm ? norm(x) : x;
}

torch::Tensor VisionTransformerImpl::forwardHead(const torch::Tensor &features)
{
    auto pooled = cls_token.defined() ? features.select(1, 0)  // (B, d)
                                      : fc_norm(features.mean(1));
    return applyLinear("head", head, head_drop(pooled));
}

torch::Tensor VisionTransformerImpl::forward(const torch::Tensor &images)
{
    return forwardHead(forwardFeatures(images));
}

VitOutput VisionTransformerImpl::forwardWithIntermediates(const torch::Tensor &images,
                                                          const ForwardOptions &options)
{
    VitOutput out;
    out.logits = forwardHead(forwardFeatures(images, options, &out.blocks));
    return out;
}

std::vector<CodebookGate> VisionTransformerImpl::gates() const
{
    std::vector<CodebookGate> out;
    for (const auto &block : m_blocks)
        if (block->mlp->gate)
            out.push_back(block->mlp->gate);
    return out;
}

std::vector<CodebookUse> VisionTransformerImpl::codebookUses() const
{
    std::vector<CodebookUse> uses;
    for (size_t i = 0; i < m_blocks.size(); ++i) {
        const auto &gate = m_blocks[i]->mlp->gate;
        if (!gate)
            continue;
        if (m_config.gate.scope == AssignScope::Once && !uses.empty())
            continue;  // later blocks reuse the first block's assignment
        auto it = std::find_if(uses.begin(), uses.end(), [&](const CodebookUse &u) {
            return u.codebook.is_same(gate->codebook());
        });
        if (it == uses.end())
            uses.push_back({gate->codebook(), {int(i)}});
        else
            it->blocks.push_back(int(i));
    }
    return uses;
}

void VisionTransformerImpl::setGateStrength(double lambda)
{
    m_config.gate.strength = lambda;
    for (auto &gate : gates())
        gate->setStrength(lambda);
}

void VisionTransformerImpl::setTemperature(double tau)
{
    m_config.gate.temperature = tau;
    for (auto &gate : gates())
        gate->setTemperature(tau);
}

double VisionTransformerImpl::gateStrength() const
{
    return m_config.gate.strength;
}

double VisionTransformerImpl::temperature() const
{
    return m_config.gate.temperature;
}

std::optional<VisionTransformer> buildModel(const ViTConfig &config, std::string *error)
{
    const auto problems = validateConfig(config);
    if (!problems.empty()) {
        if (error)
            *error = formatProblems(problems);
        return std::nullopt;
    }
    return VisionTransformer(config);
}

} // namespace gatefold::model
