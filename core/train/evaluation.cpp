#include "evaluation.h"

#include "analysis/branchcomparison.h"
#include "model/branchsimilarity.h"

#include <torch/torch.h>

#include <algorithm>
#include <cmath>

namespace gatefold::train {
namespace {

std::vector<double> flat(const torch::Tensor &matrix)
{
    const auto m = matrix.detach().to(torch::kCPU, torch::kFloat64).contiguous();
    return std::vector<double>(m.data_ptr<double>(), m.data_ptr<double>() + m.numel());
}

// Each parallel block's feature similarity from `blocks` (in block order) and weight similarity.
std::vector<BranchEval> branchEvals(const model::VisionTransformerImpl &net,
                                    const std::vector<model::BlockIntermediates> &blocks)
{
    std::vector<BranchEval> out;
    const auto weights = analysis::branchWeightSimilarity(net);
    size_t parallel = 0;
    for (size_t b = 0; b < blocks.size(); ++b) {
        const auto &rec = blocks[b];
        if (!rec.attnBranches.defined() || !rec.mlpBranches.defined())
            continue;
        BranchEval e;
        e.block = int(b);
        e.n = int(rec.attnBranches.size(0));
        e.attention = flat(model::branchCosineMatrix(rec.attnBranches));
        e.mlp = flat(model::branchCosineMatrix(rec.mlpBranches));
        if (parallel < weights.size()) {
            const auto &w = weights[parallel];
            e.qk = flat(w.qk);
            e.vo = flat(w.vo);
            e.fc1 = flat(w.fc1);
            e.fc2 = flat(w.fc2);
        }
        ++parallel;
        out.push_back(std::move(e));
    }
    return out;
}

// The split's sums and counts from every rank's shard (float64 holds counts exactly up to 2^53).
void sumOverRanks(const EvalShard &shard, double *lossSum, std::int64_t *correct1, std::int64_t *correct5,
                  std::int64_t *images)
{
    auto totals = torch::tensor({*lossSum, double(*correct1), double(*correct5), double(*images)}, torch::kFloat64);
    shard.sum(totals);
    *lossSum = totals[0].item<double>();
    *correct1 = std::int64_t(std::llround(totals[1].item<double>()));
    *correct5 = std::int64_t(std::llround(totals[2].item<double>()));
    *images = std::int64_t(std::llround(totals[3].item<double>()));
}

} // namespace

EvalResult evaluate(model::VisionTransformer &model, const data::Dataset &data, data::Split split, int batchSize,
                    const torch::Device &device, const data::Normalization &norm,
                    const std::atomic<bool> *stop, bool codebookStats, bool branchStats, const EvalShard &shard)
{
    const bool wasTraining = model->is_training();
    model->eval();
    torch::NoGradGuard noGrad;
    EvalResult result;
    const std::int64_t all = data.size(split);
    const std::int64_t first = all * shard.rank / shard.size;
    const std::int64_t n = all * (shard.rank + 1) / shard.size;
    const std::int64_t k = std::min<std::int64_t>(5, data.numClasses());
    double lossSum = 0.0;
    std::int64_t correct1 = 0;
    std::int64_t correct5 = 0;
    std::vector<std::int64_t> indices;
    // One accumulator per gated block, filled from the pass that computes the logits.
    std::vector<std::pair<int, analysis::CodebookAccumulator>> codebooks;
    if (codebookStats)
        for (int b = 0; b < model->numBlocks(); ++b)
            if (model->gateOfBlock(b))
                codebooks.emplace_back(b, analysis::CodebookAccumulator(model->config().gate.codebookSize));
    model::ForwardOptions recordAssignments;
    recordAssignments.assignments = true;
    for (std::int64_t begin = first; begin < n; begin += batchSize) {
        if (stop && stop->load()) {
            result.interrupted = true;
            break;
        }
        indices.clear();
        for (std::int64_t i = begin; i < std::min(n, begin + batchSize); ++i)
            indices.push_back(i);
        auto [images, labels] = data.batch(split, indices);
        images = data::normalize(images.to(device), norm);
        labels = labels.to(device);
        torch::Tensor logits;
        // Branch outputs on the first batch only: the similarity of a batch is what the figures show.
        const bool branchesNow = branchStats && begin == 0 && shard.rank == 0;
        if (codebooks.empty() && !branchesNow) {
            logits = model->forward(images).to(torch::kFloat64);
        } else {
            model::ForwardOptions options = recordAssignments;
            options.assignments = !codebooks.empty();
            options.branches = branchesNow;
            const auto out = model->forwardWithIntermediates(images, options);
            for (auto &[block, accumulator] : codebooks) {
                const auto &rec = out.blocks[size_t(block)];
                accumulator.add(rec.codeIndices, rec.codeWeights, rec.gateNorm);
            }
            if (branchesNow)
                result.branches = branchEvals(*model, out.blocks);
            logits = out.logits.to(torch::kFloat64);
        }
        lossSum += torch::cross_entropy_loss(logits, labels, {}, at::Reduction::Sum).item<double>();
        const auto topk = std::get<1>(logits.topk(k, 1));
        const auto hits = topk.eq(labels.unsqueeze(1));
        correct1 += hits.select(1, 0).sum().item<std::int64_t>();
        correct5 += hits.any(1).sum().item<std::int64_t>();
        result.images += std::int64_t(indices.size());
    }
    if (shard.sum) {
        sumOverRanks(shard, &lossSum, &correct1, &correct5, &result.images);
        for (auto &[block, accumulator] : codebooks)
            accumulator.sumAcross(shard.sum);
    }
    if (result.images > 0) {
        result.loss = lossSum / double(result.images);
        result.top1 = double(correct1) / double(result.images);
        result.top5 = double(correct5) / double(result.images);
        for (const auto &[block, accumulator] : codebooks)
            result.codebook.push_back({block, accumulator.stats()});
    }
    model->train(wasTraining);
    return result;
}

} // namespace gatefold::train
