#include "modelinspector.h"

#include "attentiondistance.h"
#include "attentionmaps.h"
#include "codemaps.h"
#include "linearcka.h"

#include <torch/torch.h>

#include <exception>

namespace gatefold::analysis {
namespace {

// Runs `view`; an exception becomes nullopt and its message.
template<typename View>
auto guarded(View view, std::string *error) -> std::optional<decltype(view())>
{
    try {
        return view();
    } catch (const c10::Error &e) {
        if (error)
            *error = e.what_without_backtrace();
    } catch (const std::exception &e) {
        if (error)
            *error = e.what();
    }
    return std::nullopt;
}

torch::Device deviceOf(const model::VisionTransformer &net)
{
    const auto params = net->parameters();
    return params.empty() ? torch::Device(torch::kCPU) : params.front().device();
}

// A forward pass in eval mode without gradients, the model's mode restored.
model::VitOutput inspectForward(model::VisionTransformer &net, const torch::Tensor &images,
                                const model::ForwardOptions &options)
{
    const bool wasTraining = net->is_training();
    net->eval();
    torch::NoGradGuard noGrad;
    try {
        auto out = net->forwardWithIntermediates(images.to(deviceOf(net)), options);
        net->train(wasTraining);
        return out;
    } catch (...) {
        net->train(wasTraining);
        throw;
    }
}

std::vector<torch::Tensor> attentionOf(const model::VitOutput &out)
{
    std::vector<torch::Tensor> layers;
    for (const auto &block : out.blocks) {
        TORCH_CHECK(block.attention.defined(), "the model recorded no attention probabilities");
        layers.push_back(block.attention);
    }
    TORCH_CHECK(!layers.empty(), "the model has no blocks");
    return layers;
}

model::ForwardOptions mergedOptions(model::ForwardOptions a, const model::ForwardOptions &b)
{
    a.attention = a.attention || b.attention;
    a.assignments = a.assignments || b.assignments;
    a.mlpInputs = a.mlpInputs || b.mlpInputs;
    a.branches = a.branches || b.branches;
    a.blockOutputs = a.blockOutputs || b.blockOutputs;
    return a;
}

bool covers(const model::ForwardOptions &kept, const model::ForwardOptions &wanted)
{
    return (kept.attention || !wanted.attention) && (kept.assignments || !wanted.assignments)
        && (kept.mlpInputs || !wanted.mlpInputs) && (kept.branches || !wanted.branches)
        && (kept.blockOutputs || !wanted.blockOutputs);
}

} // namespace

std::vector<torch::Tensor> blockFeatures(const std::vector<model::BlockIntermediates> &blocks,
                                         const TokenGrid &grid, BlockFeature feature)
{
    std::vector<torch::Tensor> out;
    for (const auto &block : blocks) {
        TORCH_CHECK(block.output.defined(), "the model recorded no block outputs");
        const auto &x = block.output;  // (B, N, d)
        if (feature == BlockFeature::ClassToken && grid.hasClassToken())
            out.push_back(x.select(1, 0));  // (B, d)
        else
            out.push_back(x.narrow(1, grid.prefixTokens, grid.numPatches()).mean(1));  // (B, d)
    }
    return out;
}

ModelInspector::ModelInspector(model::VisionTransformer net, torch::Tensor images)
    : m_model(std::move(net))
    , m_images(images.to(deviceOf(m_model)))
    , m_grid(TokenGrid::of(m_model->config()))
{
}

void ModelInspector::clear()
{
    m_output.reset();
    m_kept = {};
}

const model::VitOutput &ModelInspector::forward(const model::ForwardOptions &wanted)
{
    if (!m_output || !covers(m_kept, wanted)) {
        const auto options = mergedOptions(m_output ? m_kept : model::ForwardOptions{}, wanted);
        m_output = inspectForward(m_model, m_images, options);
        m_kept = options;
    }
    return *m_output;
}

std::optional<AttentionMaps> ModelInspector::attentionMaps(std::string *error)
{
    return guarded([&] {
        model::ForwardOptions options;
        options.attention = true;
        const auto &out = forward(options);
        AttentionMaps maps;
        std::vector<torch::Tensor> layers, branches;
        for (const auto &attention : attentionOf(out))
            layers.push_back(queryAttentionMap(attention, m_grid));  // (B, H, gh, gw)
        for (const auto &block : out.blocks)
            if (block.branchAttention.defined())
                branches.push_back(queryAttentionMap(block.branchAttention, m_grid));  // (B, n, H, gh, gw)
        maps.layers = torch::stack(layers).cpu();
        if (!branches.empty())
            maps.branches = torch::stack(branches).cpu();
        return maps;
    }, error);
}

std::optional<RolloutResult> ModelInspector::rollout(const RolloutOptions &rolloutOptions, std::string *error)
{
    return guarded([&] {
        model::ForwardOptions options;
        options.attention = true;
        auto result = attentionRollout(attentionOf(forward(options)), m_grid, rolloutOptions);
        result.matrix = result.matrix.cpu();
        result.map = result.map.cpu();
        return result;
    }, error);
}

std::optional<torch::Tensor> ModelInspector::meanAttentionDistance(std::string *error)
{
    return guarded([&] {
        model::ForwardOptions options;
        options.attention = true;
        std::vector<torch::Tensor> layers;
        for (const auto &attention : attentionOf(forward(options)))
            layers.push_back(analysis::meanAttentionDistance(attention, m_grid));  // (H,)
        return torch::stack(layers).cpu();  // (L, H)
    }, error);
}

std::optional<std::vector<LayerCodebook>> ModelInspector::codebook(double deadFraction, std::string *error)
{
    return guarded([&] {
        std::vector<LayerCodebook> layers;
        if (m_model->gates().empty())
            return layers;
        model::ForwardOptions options;
        options.assignments = true;
        const auto &out = forward(options);
        const int64_t codes = m_model->config().gate.codebookSize;
        for (size_t i = 0; i < out.blocks.size(); ++i) {
            const auto &block = out.blocks[i];
            if (!block.codeIndices.defined())
                continue;
            LayerCodebook layer;
            layer.block = int(i);
            layer.stats = codebookStats(block.codeIndices, block.codeWeights, codes, block.gateNorm, deadFraction);
            layer.codeMap = patchCodeMap(block.codeIndices, block.codeWeights, m_grid).cpu();
            layer.codeIndices = block.codeIndices.cpu();
            layer.codeWeights = block.codeWeights.cpu();
            layers.push_back(std::move(layer));
        }
        return layers;
    }, error);
}

std::optional<std::vector<BranchFeatureSimilarity>> ModelInspector::branchFeatureSimilarity(std::string *error)
{
    return guarded([&] {
        std::vector<BranchFeatureSimilarity> blocks;
        if (m_model->parallelBlockList().empty())
            return blocks;
        model::ForwardOptions options;
        options.branches = true;
        blocks = analysis::branchFeatureSimilarity(forward(options).blocks);
        for (auto &b : blocks) {
            b.attention = b.attention.cpu();
            b.mlp = b.mlp.cpu();
        }
        return blocks;
    }, error);
}

std::optional<std::vector<BranchWeightSimilarity>> ModelInspector::branchWeightSimilarity(std::string *error)
{
    return guarded([&] {
        auto blocks = analysis::branchWeightSimilarity(*m_model);
        for (auto &b : blocks) {
            b.qk = b.qk.cpu();
            b.vo = b.vo.cpu();
            b.fc1 = b.fc1.cpu();
            b.fc2 = b.fc2.cpu();
        }
        return blocks;
    }, error);
}

std::optional<std::vector<torch::Tensor>> ModelInspector::blockFeatures(BlockFeature feature, std::string *error)
{
    return guarded([&] {
        model::ForwardOptions options;
        options.blockOutputs = true;
        auto features = analysis::blockFeatures(forward(options).blocks, m_grid, feature);
        for (auto &f : features)
            f = f.cpu();
        return features;
    }, error);
}

std::optional<torch::Tensor> blockCka(model::VisionTransformer a, model::VisionTransformer b,
                                      const std::vector<torch::Tensor> &batches, BlockFeature feature,
                                      std::string *error)
{
    return guarded([&] {
        TORCH_CHECK(!batches.empty(), "CKA needs at least one batch of images");
        const bool self = a.ptr() == b.ptr();
        MinibatchCka cka(a->numBlocks(), b->numBlocks());
        model::ForwardOptions options;
        options.blockOutputs = true;
        const auto gridA = TokenGrid::of(a->config()), gridB = TokenGrid::of(b->config());
        for (const auto &images : batches) {
            const auto featuresA = analysis::blockFeatures(inspectForward(a, images, options).blocks, gridA, feature);
            if (self) {
                cka.add(featuresA, featuresA);
                continue;
            }
            const auto featuresB = analysis::blockFeatures(inspectForward(b, images, options).blocks, gridB, feature);
            cka.add(featuresA, featuresB);
        }
        return cka.matrix();
    }, error);
}

} // namespace gatefold::analysis
