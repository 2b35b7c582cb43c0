#include "branchcomparison.h"

#include "model/branchsimilarity.h"
#include "model/branchweights.h"
#include "model/forwardoutput.h"
#include "model/visiontransformer.h"

#include <torch/torch.h>

namespace gatefold::analysis {

std::vector<BranchFeatureSimilarity> branchFeatureSimilarity(const std::vector<model::BlockIntermediates> &blocks)
{
    torch::NoGradGuard noGrad;
    std::vector<BranchFeatureSimilarity> out;
    for (const auto &block : blocks) {
        if (!block.attnBranches.defined() || !block.mlpBranches.defined())
            continue;
        out.push_back({model::branchCosineMatrix(block.attnBranches), model::branchCosineMatrix(block.mlpBranches)});
    }
    return out;
}

std::vector<BranchWeightSimilarity> branchWeightSimilarity(const model::VisionTransformerImpl &net)
{
    torch::NoGradGuard noGrad;
    std::vector<BranchWeightSimilarity> out;
    for (const auto &block : net.parallelBlockList()) {
        const auto w = model::branchWeights(*block);
        // weightCosineMatrix flattens everything after the branch axis: (n, H, d, d) -> (n, H·d·d).
        out.push_back({model::weightCosineMatrix(w.qk), model::weightCosineMatrix(w.vo),
                       model::weightCosineMatrix(w.fc1), model::weightCosineMatrix(w.fc2)});
    }
    return out;
}

} // namespace gatefold::analysis
