#include "kmeansinit.h"

#include <torch/torch.h>

namespace gatefold::model {

namespace F = torch::nn::functional;

torch::Tensor sphericalKMeans(const torch::Tensor &points, int64_t clusters, int iterations, int *reseeded)
{
    auto x = F::normalize(points, F::NormalizeFuncOptions().dim(-1));  // (M, d)
    const int64_t m = x.size(0);
    // Farthest-first seeding: a random first centre, then each time the point
    // least similar to every centre so far. Random distinct seeds often put two
    // centres in one cluster, and Lloyd's iterations never separate them.
    std::vector<int64_t> seeds = {torch::randint(m, {1}, torch::kLong).item<int64_t>()};
    auto bestSimilarity = torch::matmul(x, x[seeds[0]]);  // (M,)
    while (int64_t(seeds.size()) < clusters) {
        const int64_t next = bestSimilarity.argmin().item<int64_t>();
        seeds.push_back(next);
        bestSimilarity = torch::maximum(bestSimilarity, torch::matmul(x, x[next]));
    }
    auto seedIndex = torch::tensor(seeds, torch::kLong).to(x.device());
    auto centres = x.index_select(0, seedIndex).clone();  // (K, d)
    int moved = 0;
    for (int it = 0; it < iterations; ++it) {
        auto similarity = torch::matmul(x, centres.t());  // (M, K)
        auto [best, assign] = similarity.max(1);          // (M,), (M,)
        auto sums = torch::zeros_like(centres).index_add_(0, assign, x);
        auto counts = torch::bincount(assign, {}, clusters);
        auto empty = (counts == 0).nonzero().flatten();
        if (empty.numel() > 0) {
            // Move each empty centre onto one of the worst-served tokens.
            auto worst = std::get<1>(best.topk(std::min<int64_t>(empty.numel(), m), 0, /*largest=*/false));
            sums.index_copy_(0, empty, x.index_select(0, worst));
            moved += int(empty.numel());
        }
        centres = F::normalize(sums, F::NormalizeFuncOptions().dim(-1));
    }
    if (reseeded)
        *reseeded = moved;
    return centres;
}

bool initCodebooksKMeans(VisionTransformer &model, const std::vector<torch::Tensor> &batches, int iterations,
                         KMeansReport *report, std::string *error)
{
    const auto uses = model->codebookUses();
    if (uses.empty()) {
        if (error)
            *error = "the model has no CDE codebook to initialise (gate.kind is not cde)";
        return false;
    }
    if (batches.empty()) {
        if (error)
            *error = "k-means initialisation needs at least one batch of images";
        return false;
    }
    torch::NoGradGuard noGrad;
    const bool wasTraining = model->is_training();
    model->eval();
    ForwardOptions options;
    options.mlpInputs = true;
    std::vector<std::vector<torch::Tensor>> perBlock(model->config().depth);
    for (const auto &images : batches) {
        auto out = model->forwardWithIntermediates(images, options);
        for (size_t i = 0; i < out.blocks.size(); ++i)
            perBlock[i].push_back(out.blocks[i].mlpInput.reshape({-1, model->config().embedDim}));
    }
    model->train(wasTraining);

    KMeansReport r;
    r.iterations = iterations;
    const int64_t codes = model->config().gate.codebookSize;
    for (const auto &use : uses) {
        std::vector<torch::Tensor> parts;
        for (int b : use.blocks)
            parts.insert(parts.end(), perBlock[b].begin(), perBlock[b].end());
        auto points = torch::cat(parts, 0);  // (M, d)
        if (points.size(0) < codes) {
            if (error)
                *error = "k-means needs at least K = " + std::to_string(codes) + " tokens, the batches give "
                    + std::to_string(points.size(0)) + "; pass more images";
            return false;
        }
        int moved = 0;
        auto centres = sphericalKMeans(points.to(torch::kFloat64), codes, iterations, &moved);
        use.codebook.copy_(centres.to(use.codebook.dtype()));
        r.codebooks += 1;
        r.tokens = points.size(0);
        r.reseeded += moved;
    }
    if (report)
        *report = r;
    return true;
}

} // namespace gatefold::model
