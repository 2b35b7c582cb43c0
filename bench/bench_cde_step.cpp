// Forward+backward images/s of plain ViT vs every CDE variant, at 1 and 2
// threads, interleaved round by round so that drift hits all variants alike,
// and the same plain model in PyTorch's Python API as a peer (peer_vit.py, a
// child process stepping in the same rounds).
//
//   bench_cde_step [--batch 128] [--rounds 15] [--threads 1,2] [--no-peer]

#include "median.h"
#include "config/presets.h"
#include "model/visiontransformer.h"
#include "runtime/allocatortuning.h"
#include "runtime/threadenvironment.h"

#include "peerprocess.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace gatefold;

namespace {

struct Variant {
    const char *name;
    model::ViTConfig config;
    double target;  // maximum step-time ratio to plain; 0 = none
};

std::vector<Variant> variants()
{
    using namespace model::presets;
    return {
        {"plain", cifarVit(), 0},
        {"cde-width", cifarCde(), 1.10},
        {"cde-expand", cifarCdeExpand(), 1.15},
        {"cde-vq", cifarCdeVq(), 0},
        {"cde-once", cifarCdeOnce(), 0},
        {"deepembed", cifarDeepEmbed(), 0},
    };
}

double stepMs(model::VisionTransformer &net, const torch::Tensor &images, const torch::Tensor &labels)
{
    const auto start = std::chrono::steady_clock::now();
    net->zero_grad();
    torch::cross_entropy_loss(net->forward(images), labels).backward();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char **argv)
{
    runtime::ensureThreadEnvironment(argv);
    runtime::tuneMemoryAllocator();
    int batch = 128, rounds = 15;
    std::vector<int> threadCounts = {1, 2};
    bool peer = true;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--batch" && i + 1 < argc)
            batch = std::atoi(argv[++i]);
        else if (a == "--rounds" && i + 1 < argc)
            rounds = std::atoi(argv[++i]);
        else if (a == "--threads" && i + 1 < argc) {
            threadCounts.clear();
            std::stringstream in(argv[++i]);
            for (std::string t; std::getline(in, t, ',');)
                threadCounts.push_back(std::atoi(t.c_str()));
        } else if (a == "--no-peer")
            peer = false;
        else {
            std::cerr << "usage: bench_cde_step [--batch N] [--rounds N] [--threads 1,2] [--no-peer]\n";
            return 2;
        }
    }
    std::printf("ViT 32x32 patch 4, d 192, depth 6, batch %d, forward+backward, median of %d interleaved rounds\n",
                batch, rounds);
    bool allMet = true;
    for (int threads : threadCounts) {
        runtime::applyThreadCount(threads);
        torch::manual_seed(0);
        auto vs = variants();
        std::vector<model::VisionTransformer> nets;
        for (auto &v : vs) {
            if (v.config.gate.kind == model::GateKind::Cde)
                v.config.gate.embedInit = model::EmbedInit::Normal;  // a live gate, not an identity
            nets.push_back(model::VisionTransformer(v.config));
            nets.back()->train();
        }
        auto images = torch::randn({batch, 3, 32, 32});
        auto labels = torch::randint(10, {batch}, torch::kLong);
        for (auto &net : nets)
            for (int w = 0; w < 2; ++w)
                stepMs(net, images, labels);
        // Two peers: PyTorch as users run it (the target), and with our malloc tuning.
        std::vector<std::unique_ptr<PeerProcess>> peers;
        if (peer)
            for (bool ourMalloc : {false, true})
                peers.push_back(std::make_unique<PeerProcess>(threads, batch, ourMalloc));  // warm themselves up
        std::vector<std::vector<double>> times(vs.size());
        std::vector<std::vector<double>> peerTimes(peers.size());
        for (int r = 0; r < rounds; ++r) {
            for (size_t i = 0; i < vs.size(); ++i)
                times[i].push_back(stepMs(nets[i], images, labels));
            for (size_t p = 0; p < peers.size(); ++p)
                if (peers[p]->ok())
                    peerTimes[p].push_back(peers[p]->stepMs());
        }
        // Each round steps every variant once, so a per-round ratio compares
        // steps taken seconds apart; its median resists the machine's drift
        // better than a ratio of medians. The spread shows how far to trust it.
        std::printf("\n%d thread(s)\n%-12s %10s %10s %14s %16s\n", threads, "variant", "ms/step", "images/s",
                    "time vs plain", "rounds' range");
        for (size_t i = 0; i < vs.size(); ++i) {
            std::vector<double> ratios;
            for (int r = 0; r < rounds; ++r)
                ratios.push_back(times[i][r] / times[0][r]);
            std::sort(ratios.begin(), ratios.end());
            const double ms = median(times[i]);
            const double ratio = median(ratios);
            std::string verdict;
            if (vs[i].target > 0) {
                const bool met = ratio <= vs[i].target;
                allMet = allMet && met;
                char buf[64];
                std::snprintf(buf, sizeof buf, "  (target <= %.2fx: %s)", vs[i].target, met ? "met" : "MISSED");
                verdict = buf;
            }
            std::printf("%-12s %10.1f %10.1f %13.3fx   %6.3f-%.3fx%s\n", vs[i].name, ms, batch * 1000.0 / ms, ratio,
                        ratios.front(), ratios.back(), verdict.c_str());
        }
        for (size_t p = 0; p < peers.size(); ++p) {
            const char *label = p == 0 ? "default malloc, the target" : "with our malloc tuning, for reference";
            if (!peers[p]->ok() || peerTimes[p].size() != size_t(rounds)) {
                std::printf("plain vs PyTorch Python peer (%s): not run (needs /usr/bin/python3 with torch)\n", label);
                continue;
            }
            std::vector<double> ratios;
            for (int r = 0; r < rounds; ++r)
                ratios.push_back(peerTimes[p][r] / times[0][r]);
            std::sort(ratios.begin(), ratios.end());
            const double ratio = median(ratios);  // > 1: Gatefold is faster
            const double peerMs = median(peerTimes[p]);
            std::string verdict;
            if (p == 0) {
                allMet = allMet && ratio >= 1.0;
                verdict = ratio >= 1.0 ? "; target >= 1: met" : "; target >= 1: MISSED";
            }
            std::printf("plain vs PyTorch Python peer (%s; %s): %.1f ms/step; Gatefold speed / peer = %.3fx "
                        "(rounds %.3f-%.3fx%s)\n",
                        label, peers[p]->banner().c_str() + 6, peerMs, ratio, ratios.front(), ratios.back(),
                        verdict.c_str());
        }
    }
    std::printf("\n%s\n", allMet ? "all targets met" : "some targets MISSED");
    return 0;
}
