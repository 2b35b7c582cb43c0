#include "visiontransformer.h"

#include "config/configvalidator.h"
#include "fold.h"
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
    // Under 2-D RoPE nothing is tied to the image size but a DeepEmbed table (one row per token).
    const bool anySize = config.rotaryPositions() && config.gate.kind != GateKind::DeepEmbed;
    patch_embed = register_module("patch_embed",
                                  PatchEmbed(config.imageSize, config.patchSize, config.inChannels, d, anySize));
    if (config.pooling == Pooling::ClassToken)
        cls_token = register_parameter("cls_token", torch::randn({1, 1, d}) * 1e-6);
    if (config.learnedPositions()) {  // under rope2d the blocks' attention rotates q and k instead
        pos_embed = register_parameter("pos_embed", torch::empty({1, config.numTokens(), d}));
        truncNormal_(pos_embed, 0.02);
    }
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
        const bool deepEmbed = gated && gc.kind == GateKind::DeepEmbed;
        if (config.isParallel()) {
            ParallelBlock block(config, rate, ParallelMlp(config, gate, deepEmbed));
            blocks->push_back(block);
            m_parallelBlocks.push_back(block);
        } else {
            Block block(config, i, rate, Mlp(config, gate, deepEmbed));
            blocks->push_back(block);
            m_blocks.push_back(block);
        }
    }

    const bool finalAffine = !config.absorbsNorm1();  // absorbed into the head
    if (config.pooling == Pooling::ClassToken)
        norm = register_module("norm", makeLayerNorm(d, finalAffine));
    else
        fc_norm = register_module("fc_norm", makeLayerNorm(d, finalAffine));
    head_drop = register_module("head_drop", torch::nn::Dropout(config.dropRate));
    head = register_module("head", makeLinear(d, config.numClasses, true));
    if (config.weightInit == WeightInit::Jax)
        jaxInit_(*this);
}

torch::Tensor VisionTransformerImpl::forwardFeatures(const torch::Tensor &images, const ForwardOptions &options,
                                                     std::vector<BlockIntermediates> *record,
                                                     std::vector<torch::Tensor> *diversity)
{
    auto x = patch_embed(images);  // (B, P, d)
    if (cls_token.defined())
        x = torch::cat({cls_token.expand({x.size(0), 1, x.size(2)}), x}, 1);  // (B, N, d)
    x = pos_drop(pos_embed.defined() ? x + pos_embed : x);
    GateState state;
    if (record)
        record->assign(size_t(numBlocks()), {});
    for (size_t i = 0; i < m_blocks.size(); ++i)
        x = m_blocks[i]->forward(x, state, options, record ? &(*record)[i] : nullptr);
    for (size_t i = 0; i < m_parallelBlocks.size(); ++i)
        x = m_parallelBlocks[i]->forward(x, state, options, record ? &(*record)[i] : nullptr,
                                         options.diversity ? diversity : nullptr);
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
    std::vector<torch::Tensor> terms;
    out.logits = forwardHead(forwardFeatures(images, options, &out.blocks, &terms));
    if (options.diversity && !terms.empty())
        out.diversity = torch::stack(terms).mean();
    return out;
}

VitOutput VisionTransformerImpl::forwardForTraining(const torch::Tensor &images, const ForwardOptions &keep)
{
    ForwardOptions options = keep;
    options.diversity = is_training() && !m_parallelBlocks.empty() && m_config.join.diversity > 0.0;
    if (!options.diversity && !options.attention)
        return VitOutput{forward(images), {}, {}};
    return forwardWithIntermediates(images, options);
}

torch::Tensor VisionTransformerImpl::auxiliaryLoss(const VitOutput &output) const
{
    if (!output.diversity.defined())
        return {};
    return output.diversity * m_config.join.diversity;
}

void VisionTransformerImpl::setJoinStrength(double lambda)
{
    m_config.join.strength = lambda;
    for (auto &block : m_parallelBlocks)
        block->setJoinStrength(lambda);
}

CodebookGate VisionTransformerImpl::gateOfBlock(int i) const
{
    if (i < 0 || i >= numBlocks())
        return CodebookGate{nullptr};
    return m_parallelBlocks.empty() ? m_blocks[size_t(i)]->mlp->gate : m_parallelBlocks[size_t(i)]->mlp->gate;
}

FoldOutcome VisionTransformerImpl::fold(const FoldOptions &options)
{
    FoldOutcome outcome;
    const bool absorbPending = options.absorbNorms && !m_config.join.absorbNorms;
    if (mode() == ModelMode::Deploy && !absorbPending) {
        outcome.ok = true;
        return outcome;
    }
    // foldModel needs a handle; this object is always owned by one.
    auto self = std::dynamic_pointer_cast<VisionTransformerImpl>(shared_from_this());
    auto deployed = foldModel(VisionTransformer(self), options, &outcome.error);
    if (!deployed)
        return outcome;
    adoptDeployForm(**deployed);
    outcome.ok = outcome.changed = true;
    return outcome;
}

void VisionTransformerImpl::adoptDeployForm(VisionTransformerImpl &deployed)
{
    deployed.train(is_training());
    blocks = replace_module("blocks", deployed.blocks);
    m_blocks = deployed.m_blocks;
    m_parallelBlocks.clear();
    if (norm)
        norm = replace_module("norm", deployed.norm);
    if (fc_norm)
        fc_norm = replace_module("fc_norm", deployed.fc_norm);
    head = replace_module("head", deployed.head);
    if (cde)  // the adopted gates hold handles to the deployed model's shared tensors
        cde = replace_module("cde", deployed.cde);
    m_config = deployed.m_config;
}

std::vector<CodebookGate> VisionTransformerImpl::gates() const
{
    std::vector<CodebookGate> out;
    for (int i = 0; i < numBlocks(); ++i)
        if (auto gate = gateOfBlock(i))
            out.push_back(gate);
    return out;
}

std::vector<CodebookUse> VisionTransformerImpl::codebookUses() const
{
    std::vector<CodebookUse> uses;
    for (int i = 0; i < numBlocks(); ++i) {
        const auto gate = gateOfBlock(i);
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
