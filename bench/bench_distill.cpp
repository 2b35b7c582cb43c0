// Training-step time of the joining paper's D- student with its teacher against the same student
// without one, interleaved round by round (drift hits both alike): the demo-size pipeline of the
// paper presets (join-distill-teacher12 → join-distill-d6-r), a 12-layer teacher (d 96, 3 heads,
// 32 px / 4: 64 tokens) and a 6-block × 2-branch student at λ = 0.5, attention-distilled (β = 1).
// A step is forward, loss and backward; "with" also runs the frozen teacher's forward without
// autograd and the attention MSE over the 6 mapped layers.
//
//   bench_distill [--batch 64] [--rounds 15] [--threads 2]

#include "median.h"
#include "config/paperpresets.h"
#include "config/runpresets.h"
#include "model/visiontransformer.h"
#include "runtime/allocatortuning.h"
#include "runtime/threadenvironment.h"
#include "train/distillation.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

using namespace gatefold;

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// One step of the student, with the distiller's terms when `distiller` is given; the teacher's share in `teacherMs`.
double stepMs(model::VisionTransformer &student, train::Distiller *distiller, const torch::Tensor &images,
              const torch::Tensor &labels, double *teacherMs)
{
    const auto start = Clock::now();
    student->zero_grad();
    const auto out = student->forwardForTraining(images, distiller ? distiller->studentOptions() : model::ForwardOptions{});
    auto loss = torch::cross_entropy_loss(out.logits, labels);
    if (distiller) {
        const auto terms = distiller->losses(out, images);
        loss = loss + terms.weighted;
        *teacherMs = terms.teacherSeconds * 1000.0;
    }
    loss.backward();
    return msSince(start);
}

} // namespace

int main(int argc, char **argv)
{
    runtime::ensureThreadEnvironment(argv);
    runtime::tuneMemoryAllocator();
    int batch = 64, rounds = 15, threads = 2;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--batch" && i + 1 < argc)
            batch = std::atoi(argv[++i]);
        else if (a == "--rounds" && i + 1 < argc)
            rounds = std::atoi(argv[++i]);
        else if (a == "--threads" && i + 1 < argc)
            threads = std::atoi(argv[++i]);
        else {
            std::cerr << "usage: bench_distill [--batch N] [--rounds N] [--threads N]\n";
            return 2;
        }
    }
    runtime::applyThreadCount(threads);
    const auto teacherRun = train::runPresetByName("join-distill-teacher12");
    const auto studentRun = train::runPresetByName("join-distill-d6-r");
    if (!teacherRun || !studentRun) {
        std::cerr << "the presets join-distill-teacher12 and join-distill-d6-r are missing\n";
        return 1;
    }
    torch::manual_seed(0);
    model::VisionTransformer teacher(teacherRun->model);
    model::VisionTransformer student(studentRun->model);
    student->train();
    student->setJoinStrength(0.5);
    train::Distiller distiller(studentRun->train.distill, teacher, studentRun->model.depth);
    const auto images = torch::randn({batch, 3, 32, 32});
    const auto labels = torch::randint(10, {batch}, torch::kLong);
    double teacherMs = 0;
    for (int w = 0; w < 2; ++w) {
        stepMs(student, nullptr, images, labels, &teacherMs);
        stepMs(student, &distiller, images, labels, &teacherMs);
    }
    std::vector<double> plain, taught, teacherShare, ratios;
    for (int r = 0; r < rounds; ++r) {
        plain.push_back(stepMs(student, nullptr, images, labels, &teacherMs));
        taught.push_back(stepMs(student, &distiller, images, labels, &teacherMs));
        teacherShare.push_back(teacherMs);
        ratios.push_back(taught.back() / plain.back());
    }
    std::sort(ratios.begin(), ratios.end());
    std::printf("D-ViT-6-R (6 x 2, d 96, 3 heads, 64 tokens) from a 12-layer teacher, batch %d, %d thread(s), "
                "forward+loss+backward, median of %d interleaved rounds\n",
                batch, threads, rounds);
    std::printf("%-22s %10s %10s\n", "step", "ms/step", "images/s");
    std::printf("%-22s %10.1f %10.1f\n", "without teacher", median(plain), batch * 1000.0 / median(plain));
    std::printf("%-22s %10.1f %10.1f\n", "with teacher (beta 1)", median(taught), batch * 1000.0 / median(taught));
    std::printf("teacher forward (no autograd): %.1f ms a step\n", median(teacherShare));
    std::printf("step time with / without teacher: %.3fx (rounds' range %.3f-%.3fx)\n", median(ratios),
                ratios.front(), ratios.back());
    return 0;
}
