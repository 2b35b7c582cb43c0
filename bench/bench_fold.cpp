// Folds: what folding buys at inference and what the parallel form costs in
// training, measured side by side in one run (core/model/README.md, progressive joining).
//
// 1. Batch-1 latency, 224×224 / patch 16, width 192, 1 thread: the plain
//    12-layer ViT-Ti against the unfolded parallel models and their folds
//    (wide n = 2 → 6 layers, n = 3 → 4 layers; plain-variant folds), as
//    ratios to the 12-layer model, interleaved round by round.
// 2. Training images/s at 32×32 / patch 4, batch 128 (all threads): the n = 2,
//    6-block parallel model (diversity on, λ mid-warm-up and joined) against
//    the plain 12-layer ViT of the same parameters and FLOPs.
//
//   bench_fold [--rounds 9] [--train-rounds 3] [--batch 128] [--skip-latency] [--skip-train]

#include "median.h"
#include "model/fold.h"
#include "config/presets.h"
#include "model/visiontransformer.h"
#include "runtime/allocatortuning.h"
#include "runtime/threadenvironment.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

using namespace gatefold;
using model::JoinVariant;
using model::VisionTransformer;
using model::ViTConfig;

namespace {

using Clock = std::chrono::steady_clock;

struct Entry {
    std::string name;
    VisionTransformer net{nullptr};
    double target = 0;  // maximum (latency) or minimum (throughput) ratio; 0 = none
    std::vector<double> times;   // per round
    std::vector<double> ratios;  // per round, to the reference (entry 0)
};

VisionTransformer parallelModel(const ViTConfig &config, double lambda)
{
    VisionTransformer net(config);
    net->setJoinStrength(lambda);
    return net;
}

VisionTransformer foldedModel(ViTConfig config, bool absorbNorms = false)
{
    config.join.strength = 1.0;
    VisionTransformer trained(config);
    model::FoldOptions options;
    options.absorbNorms = absorbNorms;
    auto folded = model::foldModel(trained, options);
    if (!folded)
        throw std::runtime_error("fold refused");
    return *folded;
}

void report(const char *title, const char *unit, std::vector<Entry> &entries, bool lowerIsBetter, bool *allMet)
{
    std::printf("\n%s\n%-36s %10s %8s %17s %8s %s\n", title, "model", unit, "ratio", "range (rounds)", "target",
                "");
    for (auto &e : entries) {
        const double r = median(e.ratios);
        const auto [lo, hi] = std::minmax_element(e.ratios.begin(), e.ratios.end());
        std::string verdict;
        if (e.target > 0) {
            const bool met = lowerIsBetter ? r <= e.target : r >= e.target;
            verdict = met ? "met" : "MISSED";
            *allMet = *allMet && met;
        }
        char target[16] = "";
        if (e.target > 0)
            std::snprintf(target, sizeof target, "%s%.2f", lowerIsBetter ? "<=" : ">=", e.target);
        std::printf("%-36s %10.2f %8.3f %8.3f..%-7.3f %8s %s\n", e.name.c_str(), median(e.times), r, *lo, *hi,
                    target, verdict.c_str());
    }
}

void latency(int rounds, bool *allMet)
{
    runtime::applyThreadCount(1);
    torch::manual_seed(0);
    using namespace model::presets;
    std::vector<Entry> entries;
    entries.push_back({"plain 12 layers", VisionTransformer(vitTiny16()), 0, {}, {}});
    entries.push_back({"parallel 6x2 unfolded, lambda 0.5", parallelModel(vitTiny16Fold2(), 0.5), 0, {}, {}});
    entries.push_back({"parallel 6x2 unfolded, lambda 1", parallelModel(vitTiny16Fold2(), 1.0), 0, {}, {}});
    entries.push_back({"wide fold n=2 (6 layers)", foldedModel(vitTiny16Fold2()), 0.75, {}, {}});
    entries.push_back({"wide fold n=3 (4 layers)", foldedModel(vitTiny16Fold3()), 0, {}, {}});
    entries.push_back({"plain-variant fold n=2 (6 layers)",
                       foldedModel(withBranches(vitTiny16(), 6, 2, JoinVariant::Projections)), 0.52, {}, {}});
    entries.push_back({"plain-variant fold n=3 (4 layers)",
                       foldedModel(withBranches(vitTiny16(), 4, 3, JoinVariant::Projections)), 0.37, {}, {}});
    entries.push_back({"wide fold n=2, LN absorbed", foldedModel(vitTiny16Fold2(), true), 0, {}, {}});
    entries.push_back({"plain-variant fold n=2, LN absorbed",
                       foldedModel(withBranches(vitTiny16(), 6, 2, JoinVariant::Projections), true), 0, {}, {}});
    auto image = torch::randn({1, 3, 224, 224});
    torch::InferenceMode inference;
    for (auto &e : entries) {
        e.net->eval();
        for (int i = 0; i < 3; ++i)
            e.net->forward(image);
    }
    const int repeats = 7;
    for (int r = 0; r < rounds; ++r) {
        for (auto &e : entries) {
            std::vector<double> ms;
            for (int i = 0; i < repeats; ++i) {
                const auto start = Clock::now();
                e.net->forward(image);
                ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
            }
            e.times.push_back(median(ms));
        }
        for (auto &e : entries)
            e.ratios.push_back(e.times.back() / entries[0].times.back());
    }
    char title[160];
    std::snprintf(title, sizeof title,
                  "Batch-1 latency, 224x224 / patch 16, width 192, 1 thread (median of %d forwards, %d rounds)",
                  repeats, rounds);
    report(title, "ms", entries, true, allMet);
}

void training(int rounds, int batch, bool *allMet)
{
    runtime::applyThreadCount(0);
    torch::manual_seed(0);
    using namespace model::presets;
    std::vector<Entry> entries;
    entries.push_back({"plain 12 layers", VisionTransformer(cifarVitDeep()), 0, {}, {}});
    entries.push_back({"parallel 6x2, lambda 0.5, diversity", parallelModel(cifarFold2(), 0.5), 0.95, {}, {}});
    entries.push_back({"parallel 6x2, lambda 1, diversity", parallelModel(cifarFold2(), 1.0), 0.95, {}, {}});
    ViTConfig noDiv = cifarFold2();
    noDiv.join.diversity = 0.0;
    entries.push_back({"parallel 6x2, lambda 0.5, no diversity", parallelModel(noDiv, 0.5), 0, {}, {}});
    std::vector<torch::optim::AdamW> optimisers;
    for (auto &e : entries) {
        e.net->train();
        optimisers.emplace_back(e.net->parameters(), torch::optim::AdamWOptions(1e-4).weight_decay(0.05));
    }
    auto images = torch::randn({batch, 3, 32, 32});
    auto labels = torch::randint(10, {batch}, torch::kLong);
    auto step = [&](size_t i) {
        auto &net = entries[i].net;
        const auto start = Clock::now();
        optimisers[i].zero_grad();
        auto out = net->forwardForTraining(images);
        auto loss = torch::cross_entropy_loss(out.logits, labels);
        if (auto aux = net->auxiliaryLoss(out); aux.defined())
            loss = loss + aux;
        loss.backward();
        optimisers[i].step();
        return std::chrono::duration<double>(Clock::now() - start).count();
    };
    for (size_t i = 0; i < entries.size(); ++i)
        step(i);  // warm-up
    const int steps = 2;
    for (int r = 0; r < rounds; ++r) {
        for (size_t i = 0; i < entries.size(); ++i) {
            double seconds = 0;
            for (int s = 0; s < steps; ++s)
                seconds += step(i);
            entries[i].times.push_back(batch * steps / seconds);
        }
        for (auto &e : entries)
            e.ratios.push_back(e.times.back() / entries[0].times.back());
    }
    char title[200];
    std::snprintf(title, sizeof title,
                  "Training images/s, 32x32 / patch 4, width 192, batch %d, AdamW, %d threads (%d steps x %d rounds)",
                  batch, torch::get_num_threads(), steps, rounds);
    report(title, "img/s", entries, false, allMet);
}

} // namespace

int main(int argc, char **argv)
{
    runtime::ensureThreadEnvironment(argv);
    runtime::tuneMemoryAllocator();
    int rounds = 9, trainRounds = 3, batch = 128;
    bool doLatency = true, doTraining = true;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--rounds" && i + 1 < argc)
            rounds = std::max(1, std::atoi(argv[++i]));
        else if (a == "--train-rounds" && i + 1 < argc)
            trainRounds = std::max(1, std::atoi(argv[++i]));
        else if (a == "--batch" && i + 1 < argc)
            batch = std::max(1, std::atoi(argv[++i]));
        else if (a == "--skip-latency")
            doLatency = false;
        else if (a == "--skip-train")
            doTraining = false;
        else {
            std::cerr << "usage: bench_fold [--rounds N] [--train-rounds N] [--batch N] [--skip-latency] "
                         "[--skip-train]\n";
            return 2;
        }
    }
    bool allMet = true;
    if (doLatency)
        latency(rounds, &allMet);
    if (doTraining)
        training(trainRounds, batch, &allMet);
    std::printf("\n%s\n", allMet ? "all targets met" : "some targets MISSED");
    return allMet ? 0 : 1;
}
