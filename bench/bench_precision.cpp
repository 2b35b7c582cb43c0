// compute.precision (issue 19): a training step in float32 against LibTorch's
// CPU autocast to bfloat16, and what the loss does after a short run.
//
// 1. Step time: zero_grad, forward (under train::AutocastScope), float32
//    cross-entropy, backward and AdamW, on random images; the models take
//    turns round by round so that drift hits both alike; median ms and the
//    median of the per-round ratios bf16 / fp32.
// 2. Loss: the demo run (demoRun(), the built-in set) for --epochs epochs
//    through the real Trainer, fp32 then bf16 (same seed): train/loss at its
//    last step, val/top1, and the run's images/s.
//
//   bench_precision [--batch 128] [--rounds 10] [--threads 2] [--epochs 1] [--no-run]

#include "median.h"
#include "config/presets.h"
#include "config/runpresets.h"
#include "model/visiontransformer.h"
#include "runtime/allocatortuning.h"
#include "runtime/threadenvironment.h"
#include "train/autocastscope.h"
#include "train/precision.h"
#include "train/trainer.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using namespace gatefold;

namespace {

struct Model {
    const char *name;
    model::ViTConfig config;
};

double stepMs(model::VisionTransformer &net, torch::optim::AdamW &opt, train::Precision precision,
              const torch::Tensor &images, const torch::Tensor &labels)
{
    const auto start = std::chrono::steady_clock::now();
    opt.zero_grad();
    torch::Tensor loss;
    {
        train::AutocastScope scope(precision, torch::kCPU);
        loss = torch::cross_entropy_loss(net->forward(images).to(torch::kFloat32), labels);
    }
    loss.backward();
    opt.step();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void stepTimes(int batch, int rounds)
{
    using namespace model::presets;
    const std::vector<Model> models = {{"demo d96x4", train::demoRun().model}, {"cifar-vit d192x6", cifarVit()},
                                       {"cifar-cde d192x6", cifarCde()}, {"deepembed d192x6", cifarDeepEmbed()}};
    std::printf("%-18s %12s %12s %14s %16s\n", "model", "fp32 ms", "bf16 ms", "bf16 / fp32", "rounds' range");
    for (auto m : models) {
        if (m.config.gate.kind == model::GateKind::Cde)
            m.config.gate.embedInit = model::EmbedInit::Normal;  // a live gate, not an identity
        torch::manual_seed(0);
        auto net = model::VisionTransformer(m.config);
        net->train();
        torch::optim::AdamW opt(net->parameters(), torch::optim::AdamWOptions(1e-4));
        const auto images = torch::randn({batch, 3, m.config.imageSize, m.config.imageSize});
        const auto labels = torch::randint(m.config.numClasses, {batch}, torch::kLong);
        for (int w = 0; w < 2; ++w)
            for (auto p : {train::Precision::Fp32, train::Precision::Bf16})
                stepMs(net, opt, p, images, labels);
        std::vector<double> fp32, bf16, ratios;
        for (int r = 0; r < rounds; ++r) {
            fp32.push_back(stepMs(net, opt, train::Precision::Fp32, images, labels));
            bf16.push_back(stepMs(net, opt, train::Precision::Bf16, images, labels));
            ratios.push_back(bf16.back() / fp32.back());
        }
        std::sort(ratios.begin(), ratios.end());
        std::printf("%-18s %12.1f %12.1f %13.3fx   %6.3f-%.3fx\n", m.name, median(fp32), median(bf16), median(ratios),
                    ratios.front(), ratios.back());
    }
}

class Last : public train::TrainEvents
{
public:
    void metrics(const std::vector<store::MetricPoint> &points) override
    {
        for (const auto &p : points)
            last[p.key.toStdString()] = p.value;
    }
    std::map<std::string, double> last;
};

void demoRuns(int epochs, int threads)
{
    std::printf("\ndemo run (built-in set, 20000 images, batch 64), %d epoch(s), train.seed 0\n", epochs);
    std::printf("%-10s %14s %12s %12s %10s\n", "precision", "train/loss", "val/loss", "val/top1", "images/s");
    for (auto precision : {train::Precision::Fp32, train::Precision::Bf16}) {
        train::RunConfig config = train::demoRun();
        config.train.epochs = epochs;
        config.train.threads = threads;
        config.train.logEvery = 1000000;  // one train/* window: the whole run (its last step too)
        config.train.precision = precision;
        Last events;
        train::TrainerOptions options;
        options.events = &events;
        train::Trainer trainer(config, options);
        QString error;
        if (!trainer.prepare(&error)) {
            std::printf("%-10s refused: %s\n", precision == train::Precision::Fp32 ? "fp32" : "bf16",
                        qPrintable(error));
            continue;
        }
        trainer.run();
        std::printf("%-10s %14.4f %12.4f %12.4f %10.1f\n", precision == train::Precision::Fp32 ? "fp32" : "bf16",
                    events.last["train/loss"], events.last["val/loss"], events.last["val/top1"],
                    events.last["train/images_per_s"]);
    }
}

} // namespace

int main(int argc, char **argv)
{
    runtime::ensureThreadEnvironment(argv);
    runtime::tuneMemoryAllocator();
    int batch = 128, rounds = 10, threads = 2, epochs = 1;
    bool run = true;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--batch" && i + 1 < argc)
            batch = std::atoi(argv[++i]);
        else if (a == "--rounds" && i + 1 < argc)
            rounds = std::atoi(argv[++i]);
        else if (a == "--threads" && i + 1 < argc)
            threads = std::atoi(argv[++i]);
        else if (a == "--epochs" && i + 1 < argc)
            epochs = std::atoi(argv[++i]);
        else if (a == "--no-run")
            run = false;
        else {
            std::cerr << "usage: bench_precision [--batch N] [--rounds N] [--threads N] [--epochs N] [--no-run]\n";
            return 2;
        }
    }
    train::RunConfig bf16;
    bf16.train.precision = train::Precision::Bf16;
    bf16.train.device = train::DeviceChoice::Cpu;
    const auto cpu = train::thisCpu();
    std::printf("CPU: avx512bw %d, avx512vl %d, avx512dq %d, avx512_bf16 %d; bf16 here: %s\n", cpu.avx512bw,
                cpu.avx512vl, cpu.avx512dq, cpu.avx512bf16,
                train::precisionRefusalHere(bf16).isEmpty() ? "supported"
                                                            : qPrintable(train::precisionRefusalHere(bf16)));
    runtime::applyThreadCount(threads);
    std::printf("training step (forward, backward, AdamW), batch %d, %d thread(s), median of %d interleaved "
                "rounds\n",
                batch, threads, rounds);
    stepTimes(batch, rounds);
    if (run)
        demoRuns(epochs, threads);
    return 0;
}
