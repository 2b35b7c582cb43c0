#include "evaluation.h"

#include <torch/torch.h>

#include <algorithm>

namespace gatefold::train {

EvalResult evaluate(model::VisionTransformer &model, const data::Dataset &data, data::Split split, int batchSize,
                    const torch::Device &device, const data::Normalization &norm,
                    const std::atomic<bool> *stop, bool codebookStats)
{
    const bool wasTraining = model->is_training();
    model->eval();
    torch::NoGradGuard noGrad;
    EvalResult result;
    const std::int64_t n = data.size(split);
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
    for (std::int64_t begin = 0; begin < n; begin += batchSize) {
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
        if (codebooks.empty()) {
            logits = model->forward(images).to(torch::kFloat64);
        } else {
            const auto out = model->forwardWithIntermediates(images, recordAssignments);
            for (auto &[block, accumulator] : codebooks) {
                const auto &rec = out.blocks[size_t(block)];
                accumulator.add(rec.codeIndices, rec.codeWeights, rec.gateNorm);
            }
            logits = out.logits.to(torch::kFloat64);
        }
        lossSum += torch::cross_entropy_loss(logits, labels, {}, at::Reduction::Sum).item<double>();
        const auto topk = std::get<1>(logits.topk(k, 1));
        const auto hits = topk.eq(labels.unsqueeze(1));
        correct1 += hits.select(1, 0).sum().item<std::int64_t>();
        correct5 += hits.any(1).sum().item<std::int64_t>();
        result.images += std::int64_t(indices.size());
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
