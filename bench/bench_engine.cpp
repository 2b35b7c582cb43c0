// Training images/s through the whole engine (Trainer: built-in data drawn
// per step, normalisation, schedules, clipping, metrics into a real store,
// an evaluation and the last/best checkpoints at the epoch's end) against the
// bare model step on one pre-drawn batch (forward, label-smoothed loss,
// backward, AdamW), alternating round by round; prints the median ratio.
// Target: engine overhead <= 5 %.
//
//   bench_engine [--rounds 5] [--steps 100] [--preset demo] [--workers N]

#include "data/builtinshapes.h"
#include "data/normalization.h"
#include "runtime/allocatortuning.h"
#include "runtime/threadenvironment.h"
#include "store/runstore.h"
#include "config/runconfigjson.h"
#include "train/runexecution.h"
#include "config/runpresets.h"
#include "train/runrecorder.h"
#include "train/trainer.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

using namespace gatefold;
using Clock = std::chrono::steady_clock;

namespace {

double bareRound(const train::RunConfig &config, int steps)
{
    torch::manual_seed(0);
    auto model = model::VisionTransformer(config.model);
    model->train();
    data::BuiltinShapes set(config.model.imageSize, 1024, 64, 0);
    std::vector<std::int64_t> idx(size_t(config.train.batchSize));
    for (size_t i = 0; i < idx.size(); ++i)
        idx[i] = std::int64_t(i);
    auto [images, labels] = set.batch(data::Split::Train, idx);
    images = data::normalize(images, data::measureNormalization(set));
    torch::optim::AdamW opt(model->parameters(), torch::optim::AdamWOptions(config.train.optim.lr).weight_decay(0.05));
    const auto start = Clock::now();
    for (int s = 0; s < steps; ++s) {
        opt.zero_grad();
        auto loss = torch::cross_entropy_loss(model->forward(images), labels, {}, at::Reduction::Mean, -100,
                                              config.train.optim.labelSmoothing);
        loss.backward();
        opt.step();
        (void)loss.item<double>();
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return double(steps) * config.train.batchSize / seconds;
}

double engineRound(train::RunConfig config, int steps, const QString &dir, int round)
{
    config.train.data.trainSize = std::int64_t(steps) * config.train.batchSize;  // one epoch of `steps`
    config.train.data.valSize = 64;
    config.train.epochs = 1;
    QString error;
    auto store = store::RunStore::open(dir + "/bench.sqlite", &error);
    store::NewRun run;
    run.name = QStringLiteral("bench %1").arg(round);
    run.configJson = train::runConfigToJson(config);
    const qint64 id = *store->createRun(run);
    store->setStatus(id, store::RunStatus::Running);
    train::RunRecorder recorder(*store, id);
    train::TrainerOptions options;
    options.runDir = train::runDirectory(*store, id);
    options.events = &recorder;
    train::Trainer trainer(config, options);
    if (!trainer.prepare(&error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        std::exit(1);
    }
    const auto start = Clock::now();
    const auto outcome = trainer.run();
    recorder.flush();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (outcome.end != train::TrainEnd::Finished) {
        std::fprintf(stderr, "engine run failed: %s\n", qPrintable(outcome.message));
        std::exit(1);
    }
    return double(steps) * config.train.batchSize / seconds;
}

} // namespace

int main(int argc, char **argv)
{
    runtime::ensureThreadEnvironment(argv);
    runtime::tuneMemoryAllocator();
    QCoreApplication app(argc, argv);
    int rounds = 5, steps = 100, workers = -1;
    std::string preset = "demo";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--steps") && i + 1 < argc)
            steps = std::max(10, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--preset") && i + 1 < argc)
            preset = argv[++i];
        else if (!std::strcmp(argv[i], "--workers") && i + 1 < argc)
            workers = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr, "usage: bench_engine [--rounds N] [--steps N] [--preset NAME] [--workers N]\n");
            return 2;
        }
    }
    auto config = train::runPresetByName(preset);
    if (!config) {
        std::fprintf(stderr, "unknown preset %s\n", preset.c_str());
        return 2;
    }
    if (workers >= 0)
        config->train.data.workers = workers;
    const int threads = runtime::applyThreadCount(0);
    QTemporaryDir dir;
    std::printf("engine vs bare step: preset %s, batch %d, %d steps per round, %d threads, %d data worker(s)\n",
                preset.c_str(), config->train.batchSize, steps, threads, config->train.data.workers);
    std::printf("%6s %12s %12s %8s\n", "round", "bare img/s", "engine img/s", "ratio");
    std::vector<double> ratios;
    bareRound(*config, 10);  // warm-up
    for (int r = 0; r < rounds; ++r) {
        const double bare = bareRound(*config, steps);
        const double engine = engineRound(*config, steps, dir.path(), r);
        ratios.push_back(engine / bare);
        std::printf("%6d %12.0f %12.0f %8.3f\n", r + 1, bare, engine, engine / bare);
    }
    std::sort(ratios.begin(), ratios.end());
    const double median = ratios[ratios.size() / 2];
    std::printf("median engine/bare %.3f (range %.3f-%.3f): overhead %.1f%% (target <= 5%%) %s\n", median,
                ratios.front(), ratios.back(), 100.0 * (1.0 - median), median >= 0.95 ? "MET" : "NOT MET");
    return 0;
}
