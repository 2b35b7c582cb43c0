// Analysis views (issue #7): the time to compute each view's data for a
// 12-layer ViT-Ti (224×224, patch 16, d 192, 3 heads) on 32 images on the CPU.
//
// A view is computed by core/analysis's ModelInspector in two parts: the
// forward pass that records what the view reads (attention probabilities,
// code assignments, branch outputs, block outputs; shared by every view that
// reads the same thing), and the view's own computation from it. Each is
// timed, and "cold" is one call on a fresh inspector (forward + view) — what
// a user waits for when opening the first view of a checkpoint.
// Models: plain ViT-Ti (attention views, CKA with itself), CDE ViT-Ti
// (soft top-4 of K = 256, every block gated; codebook view), parallel ViT-Ti
// of 12 layers as 12/n blocks × n branches, n = 2, 3, 4, λ = 0.5 (branch
// feature and weight similarity).
// Targets (issue #7): every view ≤ 2 s cold; attention maps and rollout
// ≤ 0.5 s from the recorded pass.
// Last, what the codebook measures cost in training: a validation batch of
// the cifar-cde preset (32×32, 6 layers, K = 256, soft top-4, batch 256) as
// core/train's evaluate() runs it, plain forward against the forward that
// records the assignments plus the per-block accumulation, interleaved.
//
//   bench_analysis [--images 32] [--rounds 3] [--threads 0] [--eval-rounds 9]

#include "median.h"
#include "analysis/codebookstats.h"
#include "analysis/modelinspector.h"
#include "config/presets.h"
#include "model/visiontransformer.h"
#include "runtime/allocatortuning.h"
#include "runtime/threadenvironment.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

using namespace gatefold;
using analysis::ModelInspector;
using model::VisionTransformer;
using model::ViTConfig;

namespace {

using Clock = std::chrono::steady_clock;

double seconds(const std::function<void()> &f)
{
    const auto start = Clock::now();
    f();
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Throws when a view fails, so that a broken view cannot time as fast.
template<typename T>
const T &ok(const std::optional<T> &result, const std::string &error, const char *what)
{
    if (!result)
        throw std::runtime_error(std::string(what) + ": " + error);
    return *result;
}

struct View {
    std::string name;
    std::string model;
    VisionTransformer net{nullptr};
    model::ForwardOptions pass;  // what the view's forward records (nothing: no forward)
    std::function<void(ModelInspector &)> compute;
    double viewTarget = 0;  // s, from the recorded pass; 0 = none
    double coldTarget = 2.0;
    std::vector<double> forwardTimes, viewTimes, coldTimes;
};

bool needsForward(const model::ForwardOptions &o)
{
    return o.attention || o.assignments || o.branches || o.blockOutputs;
}

VisionTransformer makeModel(const ViTConfig &config)
{
    VisionTransformer net(config);
    net->eval();
    return net;
}

void run(View &v, const torch::Tensor &images)
{
    // Forward alone, as the inspector runs it.
    if (needsForward(v.pass)) {
        v.forwardTimes.push_back(seconds([&] {
            torch::NoGradGuard noGrad;
            v.net->forwardWithIntermediates(images, v.pass);
        }));
    } else {
        v.forwardTimes.push_back(0.0);
    }
    // Cold: a fresh inspector, forward and view in one call.
    v.coldTimes.push_back(seconds([&] {
        ModelInspector inspector(v.net, images);
        v.compute(inspector);
    }));
    // The view from a recorded pass: prime an inspector, then time the call again.
    ModelInspector warm(v.net, images);
    v.compute(warm);
    v.viewTimes.push_back(seconds([&] { v.compute(warm); }));
}

// Evaluation with and without the codebook measures; returns the median overhead ratio.
double evalOverhead(int rounds)
{
    auto config = model::presets::cifarCde();
    config.gate.embedInit = model::EmbedInit::Normal;
    auto net = makeModel(config);
    const auto images = torch::randn({256, 3, 32, 32});
    model::ForwardOptions record;
    record.assignments = true;
    torch::NoGradGuard noGrad;
    const auto plainPass = [&] { net->forward(images); };
    const auto statsPass = [&] {
        std::vector<analysis::CodebookAccumulator> acc(size_t(net->numBlocks()),
                                                       analysis::CodebookAccumulator(config.gate.codebookSize));
        const auto out = net->forwardWithIntermediates(images, record);
        for (size_t b = 0; b < out.blocks.size(); ++b)
            acc[b].add(out.blocks[b].codeIndices, out.blocks[b].codeWeights, out.blocks[b].gateNorm);
        for (const auto &a : acc)
            a.stats();
    };
    plainPass();
    statsPass();
    std::vector<double> plainTimes, statsTimes, ratios;
    for (int r = 0; r < rounds; ++r) {
        plainTimes.push_back(seconds(plainPass));
        statsTimes.push_back(seconds(statsPass));
        ratios.push_back(statsTimes.back() / plainTimes.back());
    }
    const double ratio = median(ratios);
    const auto [lo, hi] = std::minmax_element(ratios.begin(), ratios.end());
    std::printf("\nCodebook measures in evaluation, cifar-cde (32x32, 6 layers, K 256, top-4), batch 256, "
                "median of %d interleaved rounds\n",
                rounds);
    std::printf("forward %.1f ms, forward + assignments + measures %.1f ms: x%.3f (rounds %.3f..%.3f)\n",
                1e3 * median(plainTimes), 1e3 * median(statsTimes), ratio, *lo, *hi);
    return ratio;
}

} // namespace

int main(int argc, char **argv)
{
    runtime::ensureThreadEnvironment(argv);
    runtime::tuneMemoryAllocator();
    int imagesCount = 32, rounds = 3, threads = 0, evalRounds = 9;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--images" && i + 1 < argc)
            imagesCount = std::max(4, std::atoi(argv[++i]));
        else if (a == "--rounds" && i + 1 < argc)
            rounds = std::max(1, std::atoi(argv[++i]));
        else if (a == "--threads" && i + 1 < argc)
            threads = std::max(0, std::atoi(argv[++i]));
        else if (a == "--eval-rounds" && i + 1 < argc)
            evalRounds = std::max(1, std::atoi(argv[++i]));
        else {
            std::cerr << "usage: bench_analysis [--images N] [--rounds N] [--threads N (0 = all)] [--eval-rounds N]\n";
            return 2;
        }
    }
    const int usedThreads = runtime::applyThreadCount(threads);
    torch::manual_seed(0);
    using namespace model::presets;

    auto plain = makeModel(vitTiny16());
    ViTConfig cdeConfig = vitTiny16();
    cdeConfig.gate.kind = model::GateKind::Cde;
    cdeConfig.gate.codebookSize = 256;
    cdeConfig.gate.topK = 4;
    cdeConfig.gate.embedInit = model::EmbedInit::Normal;
    const auto cde = makeModel(cdeConfig);

    model::ForwardOptions attention, assignments, branches, outputs, none;
    attention.attention = true;
    assignments.assignments = true;
    branches.branches = true;
    outputs.blockOutputs = true;

    std::string error;
    std::vector<View> views;
    views.push_back({"attention maps", "plain", plain, attention,
                     [&](ModelInspector &i) { ok(i.attentionMaps(&error), error, "maps"); }, 0.5, 2.0, {}, {}, {}});
    views.push_back({"rollout (mean, discard 0.9)", "plain", plain, attention,
                     [&](ModelInspector &i) {
                         ok(i.rollout({analysis::HeadFusion::Mean, 0.9}, &error), error, "rollout");
                     },
                     0.5, 2.0, {}, {}, {}});
    views.push_back({"rollout (max, no discard)", "plain", plain, attention,
                     [&](ModelInspector &i) { ok(i.rollout({analysis::HeadFusion::Max, 0.0}, &error), error, "rollout"); },
                     0.5, 2.0, {}, {}, {}});
    views.push_back({"mean attention distance", "plain", plain, attention,
                     [&](ModelInspector &i) { ok(i.meanAttentionDistance(&error), error, "distance"); }, 0, 2.0, {},
                     {}, {}});
    views.push_back({"codebook stats + code maps", "CDE K=256 top-4", cde, assignments,
                     [&](ModelInspector &i) { ok(i.codebook(analysis::kDefaultDeadFraction, &error), error, "codebook"); },
                     0, 2.0, {}, {}, {}});
    for (int n : {2, 3, 4}) {
        auto config = withBranches(vitTiny16(), 12 / n, n, model::JoinVariant::Logits);
        config.join.strength = 0.5;
        const auto net = makeModel(config);
        const std::string name = std::to_string(12 / n) + "x" + std::to_string(n) + " parallel";
        views.push_back({"branch feature similarity", name, net, branches,
                         [&](ModelInspector &i) { ok(i.branchFeatureSimilarity(&error), error, "features"); }, 0, 2.0,
                         {}, {}, {}});
        views.push_back({"branch weight similarity", name, net, none,
                         [&](ModelInspector &i) { ok(i.branchWeightSimilarity(&error), error, "weights"); }, 0, 2.0, {},
                         {}, {}});
    }
    const auto images = torch::randn({imagesCount, 3, 224, 224});
    for (auto &v : views)
        run(v, images);  // warm-up round, not counted
    for (auto &v : views) {
        v.forwardTimes.clear();
        v.viewTimes.clear();
        v.coldTimes.clear();
    }
    for (int r = 0; r < rounds; ++r)
        for (auto &v : views)
            run(v, images);

    // CKA runs its own forward pass per batch (blockCka, not an inspector):
    // cold is the whole call, "view" the part after the forward pass.
    View cka{"CKA with itself (12x12)", "plain", plain, outputs, nullptr, 0, 2.0, {}, {}, {}};
    const auto ckaCall = [&] {
        ok(analysis::blockCka(plain, plain, {images}, analysis::BlockFeature::PatchMean, &error), error, "cka");
    };
    ckaCall();  // warm-up
    for (int r = 0; r < rounds; ++r) {
        cka.forwardTimes.push_back(seconds([&] {
            torch::NoGradGuard noGrad;
            plain->forwardWithIntermediates(images, outputs);
        }));
        cka.coldTimes.push_back(seconds(ckaCall));
        cka.viewTimes.push_back(std::max(0.0, cka.coldTimes.back() - cka.forwardTimes.back()));
    }
    views.push_back(cka);

    std::printf("Analysis views, ViT-Ti 224x224 / patch 16, d 192, 12 layers, %d images, %d thread(s), "
                "median of %d rounds (s)\n",
                imagesCount, usedThreads, rounds);
    std::printf("%-30s %-18s %9s %9s %9s  %-22s\n", "view", "model", "forward", "view", "cold", "target");
    bool allMet = true;
    for (auto &v : views) {
        const double f = median(v.forwardTimes), w = median(v.viewTimes), c = median(v.coldTimes);
        std::string verdict;
        bool met = c <= v.coldTarget;
        verdict = "cold<=" + std::to_string(v.coldTarget).substr(0, 3);
        if (v.viewTarget > 0) {
            met = met && w <= v.viewTarget;
            verdict += ", view<=" + std::to_string(v.viewTarget).substr(0, 3);
        }
        verdict += met ? ": met" : ": MISSED";
        allMet = allMet && met;
        std::printf("%-30s %-18s %9.3f %9.3f %9.3f  %s\n", v.name.c_str(), v.model.c_str(), f, w, c,
                    verdict.c_str());
    }
    evalOverhead(evalRounds);
    std::printf("\n%s\n", allMet ? "all targets met" : "some targets MISSED");
    return allMet ? 0 : 1;
}
