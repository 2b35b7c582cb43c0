#pragma once

#include "attentionrollout.h"
#include "branchcomparison.h"
#include "codebookstats.h"
#include "tokengrid.h"

#include "model/forwardoutput.h"
#include "model/visiontransformer.h"

#include <optional>
#include <string>
#include <vector>

namespace gatefold::analysis {

// Class-token (or mean-query) attention maps of every block, queryAttentionMap.
struct AttentionMaps {
    torch::Tensor layers;    // (L, B, H, gh, gw); a parallel block's is the mean over its branches
    torch::Tensor branches;  // (L, B, n, H, gh, gw) each branch's; undefined for single-branch models
};

// One CDE-gated block's assignments on the inspected images.
struct LayerCodebook {
    int block = 0;
    CodebookStats stats;    // over every token of every image, class token included
    torch::Tensor codeMap;  // (B, gh, gw) int64, patchCodeMap
    torch::Tensor codeIndices;  // (B, N, k), for topImagesForCode
    torch::Tensor codeWeights;  // (B, N, k)
};

// What stands for a block's output in CKA: the residual stream after the
// block reduced to one d-vector per image. PatchMean (the default) averages
// the patch tokens, leaving the class token out, so that models with and
// without a class token compare alike; ClassToken takes the class token
// (a model without one falls back to PatchMean).
enum class BlockFeature { PatchMean, ClassToken };

// (B, d) per block from a forward pass with ForwardOptions::blockOutputs.
std::vector<torch::Tensor> blockFeatures(const std::vector<model::BlockIntermediates> &blocks,
                                         const TokenGrid &grid, BlockFeature feature = BlockFeature::PatchMean);

// The data of each "see inside" view (issue #7) for one model on one batch
// of images, one call per view, for the GUI and the CLI. Forward passes run
// in eval mode without gradients (the model's mode is restored), each
// keeping only what the views asked for so far; views that need the same
// intermediates share one pass. Results are on the CPU. A view that fails
// returns nullopt with the reason in `error`. Not thread-safe: one inspector
// per thread.
class ModelInspector
{
public:
    // `images` (B, C, H, W) normalised as the model was trained; moved to
    // the model's device.
    ModelInspector(model::VisionTransformer model, torch::Tensor images);

    const TokenGrid &grid() const { return m_grid; }
    std::int64_t numImages() const { return m_images.size(0); }

    std::optional<AttentionMaps> attentionMaps(std::string *error = nullptr);
    std::optional<RolloutResult> rollout(const RolloutOptions &options = {}, std::string *error = nullptr);
    // (L, H) mean attention distance in pixels per block and head.
    std::optional<torch::Tensor> meanAttentionDistance(std::string *error = nullptr);
    // One entry per CDE-gated block (empty for an ungated model).
    std::optional<std::vector<LayerCodebook>> codebook(double deadFraction = kDefaultDeadFraction,
                                                       std::string *error = nullptr);
    // One entry per parallel block (empty for a single-branch model).
    std::optional<std::vector<BranchFeatureSimilarity>> branchFeatureSimilarity(std::string *error = nullptr);
    std::optional<std::vector<BranchWeightSimilarity>> branchWeightSimilarity(std::string *error = nullptr);
    // (B, d) per block, see BlockFeature.
    std::optional<std::vector<torch::Tensor>> blockFeatures(BlockFeature feature = BlockFeature::PatchMean,
                                                            std::string *error = nullptr);

    // Drops the kept forward pass (e.g. after the model's weights changed).
    void clear();

private:
    const model::VitOutput &forward(const model::ForwardOptions &wanted);

    model::VisionTransformer m_model;
    torch::Tensor m_images;
    TokenGrid m_grid;
    std::optional<model::VitOutput> m_output;
    model::ForwardOptions m_kept;
};

// Layer-by-layer linear CKA (MinibatchCka, unbiased HSIC) between the blocks
// of `a` and `b` over `batches` of images (each (B ≥ 4, C, H, W), normalised
// for both models): (L_a, L_b) on the CPU. `a` and `b` may be the same model
// (one forward pass per batch then).
std::optional<torch::Tensor> blockCka(model::VisionTransformer a, model::VisionTransformer b,
                                      const std::vector<torch::Tensor> &batches,
                                      BlockFeature feature = BlockFeature::PatchMean, std::string *error = nullptr);

} // namespace gatefold::analysis
