// What `gatefold-cli analyze` costs end to end (issue #7): inspectRun() with
// every view that applies — reading the run and its checkpoint, opening the
// data set and measuring its normalisation, taking the images, predictions,
// attention, rollout, distance, codebook, branches, weights, CKA against
// itself — and writeReport() (JSON, CSV, PNG), on runs trained here into a
// temporary store:
//
//   demo        the demo preset (32 px / 4, d 96, 4 blocks) after 1 epoch on 2,000 images
//   demo-cde    the same with a CDE gate in every block (K 64, soft top-4)
//   demo-fold2  the same as 2 blocks × 2 branches
//   vit-ti      (--vit-ti) ViT-Ti/16 at 224 px, 12 blocks, one step on 32 images
//
// Stage times come from inspectRun's progress callback (each stage runs
// until the next one starts); rounds after the first reuse nothing but the
// OS file cache.
//
//   bench_inspect [--rounds 3] [--images 8] [--cka-images 256] [--threads 0] [--vit-ti]

#include "median.h"
#include "inspect/inspectrun.h"
#include "inspect/reportwriter.h"
#include "runtime/allocatortuning.h"
#include "runtime/threadenvironment.h"
#include "store/runstore.h"
#include "config/runconfigjson.h"
#include "train/runexecution.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

using namespace gatefold;

namespace {

train::RunConfig configured(train::RunConfig config, const std::vector<std::string> &settings)
{
    for (const auto &kv : settings) {
        std::string why;
        if (!config::applyAssignment(config, kv, &why)) {
            std::fprintf(stderr, "%s: %s\n", kv.c_str(), why.c_str());
            std::exit(1);
        }
    }
    return config;
}

qint64 trainRun(store::RunStore &store, const std::string &name, const train::RunConfig &config)
{
    store::NewRun run;
    run.name = QString::fromStdString(name);
    run.configJson = train::runConfigToJson(config);
    const auto id = store.createRun(run);
    QElapsedTimer timer;
    timer.start();
    const auto result = train::executeRun(store, *id, {});
    if (result.end != train::TrainEnd::Finished) {
        std::fprintf(stderr, "training %s failed: %s\n", name.c_str(), qPrintable(result.message));
        std::exit(1);
    }
    std::printf("trained %-10s in %.1f s\n", name.c_str(), double(timer.elapsed()) / 1000.0);
    return *id;
}

// A progress message without its particulars: "loading /…/best.pt" -> "load checkpoint".
std::string stageName(const QString &message)
{
    const std::pair<const char *, const char *> names[] = {
        {"opening", "open data set"},        {"measuring", "measure normalisation"},
        {"loading", "load checkpoint"},      {"reading", "read images"},
        {"predictions", "predictions"},      {"attention maps", "attention maps"},
        {"attention rollout", "rollout"},    {"mean attention", "mean distance"},
        {"codebook", "codebook"},            {"branch feature", "branch features"},
        {"branch weight", "branch weights"}, {"CKA", "CKA"}};
    for (const auto &[prefix, name] : names)
        if (message.startsWith(QLatin1String(prefix)))
            return name;
    return message.toStdString();
}

} // namespace

int main(int argc, char **argv)
{
    runtime::ensureThreadEnvironment(argv);
    runtime::tuneMemoryAllocator();
    QCoreApplication app(argc, argv);
    int rounds = 3, images = 8, ckaImages = 256, threads = 0;
    bool vitTi = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--rounds" && i + 1 < argc)
            rounds = std::max(1, std::atoi(argv[++i]));
        else if (a == "--images" && i + 1 < argc)
            images = std::max(1, std::atoi(argv[++i]));
        else if (a == "--cka-images" && i + 1 < argc)
            ckaImages = std::max(4, std::atoi(argv[++i]));
        else if (a == "--threads" && i + 1 < argc)
            threads = std::max(0, std::atoi(argv[++i]));
        else if (a == "--vit-ti")
            vitTi = true;
        else {
            std::fprintf(stderr, "usage: bench_inspect [--rounds N] [--images N] [--cka-images N] [--threads N] "
                                 "[--vit-ti]\n");
            return 2;
        }
    }
    const int usedThreads = runtime::applyThreadCount(threads);
    QTemporaryDir dir;
    QString error;
    auto store = store::RunStore::open(dir.filePath(QStringLiteral("bench.sqlite")), &error);
    if (!store) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    const std::vector<std::string> small{"train.epochs=1", "data.train_size=2000", "data.val_size=512"};
    std::vector<std::pair<std::string, train::RunConfig>> runs{
        {"demo", configured(train::demoRun(), small)},
        {"demo-cde", configured(configured(train::demoRun(), small),
                                {"gate.kind=cde", "gate.codebook_size=64", "gate.top_k=4"})},
        {"demo-fold2", configured(configured(train::demoRun(), small),
                                  {"join.branches=2", "depth=2", "join.warmup_steps=16", "join.adjust_steps=8"})},
    };
    if (vitTi)
        runs.push_back({"vit-ti", configured(train::demoRun(),
                                             {"img_size=224", "patch_size=16", "embed_dim=192", "depth=12",
                                              "num_heads=3", "mlp_ratio=4", "global_pool=token", "train.epochs=1",
                                              "train.batch_size=32", "data.train_size=32", "data.val_size=256",
                                              "train.eval_batch_size=64"})});
    std::printf("bench_inspect: %d round(s), %d images, CKA on %d, %d thread(s)\n", rounds, images, ckaImages,
                usedThreads);
    for (const auto &[name, config] : runs) {
        const qint64 id = trainRun(*store, name, config);
        inspect::InspectRequest request;
        request.runId = id;
        request.images = images;
        request.ckaImages = ckaImages;
        std::map<std::string, std::vector<double>> stages;
        std::vector<std::string> order;
        std::vector<double> totals, writes;
        for (int round = 0; round < rounds; ++round) {
            QElapsedTimer timer;
            timer.start();
            std::string stage = "start";
            double since = 0;
            auto progress = [&](const QString &next) {
                const double now = double(timer.nsecsElapsed()) * 1e-9;
                if (stage != "start") {
                    stages[stage].push_back(now - since);
                    if (round == 0)
                        order.push_back(stage);
                }
                stage = stageName(next);
                since = now;
            };
            const auto report = inspect::inspectRun(*store, request, &error, progress);
            if (!report) {
                std::fprintf(stderr, "%s: %s\n", name.c_str(), qPrintable(error));
                return 1;
            }
            const double total = double(timer.nsecsElapsed()) * 1e-9;
            stages[stage].push_back(total - since);
            if (round == 0)
                order.push_back(stage);
            totals.push_back(total);
            QElapsedTimer writeTimer;
            writeTimer.start();
            QStringList written;
            if (!inspect::writeReport(*report, dir.filePath(QString::fromStdString(name)), &error, &written)) {
                std::fprintf(stderr, "%s: %s\n", name.c_str(), qPrintable(error));
                return 1;
            }
            writes.push_back(double(writeTimer.nsecsElapsed()) * 1e-9);
            if (round == 0)
                std::printf("%s: %d layers, %d heads, %d branch(es), %zu views skipped, %lld files\n", name.c_str(),
                            report->layers, report->heads, report->branches, report->skipped.size(),
                            static_cast<long long>(written.size()));
        }
        for (const auto &stage : order)
            std::printf("  %-28s %8.3f s\n", stage.c_str(), median(stages[stage]));
        std::printf("  %-28s %8.3f s   (median of %d)\n", "inspectRun, all views", median(totals), rounds);
        std::printf("  %-28s %8.3f s\n", "writeReport", median(writes));
    }
    return 0;
}
