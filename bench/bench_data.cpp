// Data loading speed: images/s of decode + augment through the BatchLoader
// for 32×32 CIFAR binary files and a 224×224 JPEG folder (and small PNGs with
// and without the decoded-image cache), at 0 (in the step), 1 and 2 workers;
// then the fraction of each training step spent waiting for data while the
// ViT of the CDE benchmark (cifar-vit, batch 128) trains on the CIFAR files
// with the DeiT-style recipe. Target: waiting < 5 % at 32×32.
// The files are written by the bench into a temporary folder.
//
//   bench_data [--quick] [--workers 0,1,2] [--train-steps 30]

#include "data/batchloader.h"
#include "data/datasets.h"
#include "config/presets.h"
#include "runtime/allocatortuning.h"
#include "runtime/threadenvironment.h"
#include "train/trainer.h"

#include <QCoreApplication>
#include <QDir>
#include <QTemporaryDir>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <numeric>
#include <random>

using namespace gatefold;
using Clock = std::chrono::steady_clock;

namespace {

// A natural-looking picture: smooth colour blobs, edges and a little noise,
// so JPEG/PNG sizes and decode times are like photographs'.
cv::Mat picture(std::mt19937 &rng, int width, int height)
{
    cv::Mat image(height, width, CV_8UC3);
    std::uniform_int_distribution<int> colour(0, 255);
    image.setTo(cv::Scalar(colour(rng), colour(rng), colour(rng)));
    std::uniform_int_distribution<int> xs(0, width - 1), ys(0, height - 1), rs(4, std::max(5, width / 4));
    for (int k = 0; k < 12; ++k)
        cv::circle(image, {xs(rng), ys(rng)}, rs(rng), cv::Scalar(colour(rng), colour(rng), colour(rng)), cv::FILLED,
                   cv::LINE_AA);
    cv::GaussianBlur(image, image, cv::Size(0, 0), std::max(0.6, width / 150.0));
    cv::Mat noise(height, width, CV_8UC3);
    cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(6));
    cv::add(image, noise, image, cv::noArray(), CV_8UC3);
    return image;
}

void writeCifar(const QString &dir, int perBatch, int test)
{
    std::mt19937 rng(1);
    auto write = [&](const QString &path, int n) {
        std::ofstream out(path.toStdString(), std::ios::binary);
        for (int i = 0; i < n; ++i) {
            const cv::Mat image = picture(rng, 32, 32);
            out.put(char(i % 10));
            for (int c = 0; c < 3; ++c)
                for (int y = 0; y < 32; ++y)
                    for (int x = 0; x < 32; ++x)
                        out.put(char(image.at<cv::Vec3b>(y, x)[2 - c]));
        }
    };
    for (int b = 1; b <= 5; ++b)
        write(dir + QStringLiteral("/data_batch_%1.bin").arg(b), perBatch);
    write(dir + "/test_batch.bin", test);
}

// train/<class>/*.ext: `perClass` images per class, ImageNet-like sizes when `large`, else 32×32.
void writeFolder(const QString &root, int classes, int perClass, bool large, const char *ext)
{
    std::mt19937 rng(2);
    std::uniform_int_distribution<int> w(400, 500), h(300, 400);
    for (int c = 0; c < classes; ++c) {
        const QString d = QStringLiteral("%1/train/c%2").arg(root).arg(c, 2, 10, QChar('0'));
        QDir().mkpath(d);
        for (int i = 0; i < perClass; ++i) {
            const cv::Mat image = large ? picture(rng, w(rng), h(rng)) : picture(rng, 32, 32);
            cv::imwrite(QStringLiteral("%1/%2.%3").arg(d).arg(i).arg(ext).toStdString(), image,
                        {cv::IMWRITE_JPEG_QUALITY, 90});
        }
    }
}

data::AugmentConfig deitRecipe(bool mixing)
{
    data::AugmentConfig a;
    a.randomResizedCrop = true;
    a.hflip = 0.5;
    a.randAugmentOps = 2;
    a.randAugmentMagnitude = 9;
    a.randomErasing = 0.25;
    if (mixing) {
        a.mixup = 0.8;
        a.cutmix = 1.0;
    }
    return a;
}

// Images/s of trainBatch() through a BatchLoader: `steps` batches of `batch` in a seeded order.
double loaderRate(const data::Dataset &set, int batch, int steps, int workers, double seconds)
{
    const std::int64_t n = set.size(data::Split::Train);
    std::vector<std::int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), std::int64_t(0));
    std::shuffle(order.begin(), order.end(), std::mt19937_64(3));
    auto produce = [&](std::int64_t step) {
        std::vector<std::int64_t> idx(static_cast<size_t>(batch));
        std::vector<std::uint64_t> seeds(static_cast<size_t>(batch));
        for (int i = 0; i < batch; ++i) {
            idx[size_t(i)] = order[size_t((step * batch + i) % n)];
            seeds[size_t(i)] = std::uint64_t(step * 1000003 + i);
        }
        return set.trainBatch(idx, seeds);
    };
    // At least `steps` batches and at least `seconds` of them, after two to warm up.
    const int warm = 2;
    data::BatchLoader loader(produce, 0, 1 << 30, workers, std::max(2, 2 * workers));
    for (int s = 0; s < warm; ++s)
        loader.take(s);
    const auto start = Clock::now();
    std::int64_t s = warm;
    double elapsed = 0;
    for (; s < warm + steps || elapsed < seconds; ++s) {
        loader.take(s);
        elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    }
    return double(s - warm) * batch / elapsed;
}

class WaitLog : public train::TrainEvents
{
public:
    void metrics(const std::vector<store::MetricPoint> &points) override
    {
        for (const auto &p : points)
            series[p.key.toStdString()].push_back(p.value);
    }
    std::map<std::string, std::vector<double>> series;
};

double meanAfterFirst(const std::vector<double> &v)
{
    if (v.size() < 2)
        return v.empty() ? 0.0 : v[0];
    return std::accumulate(v.begin() + 1, v.end(), 0.0) / double(v.size() - 1);
}

} // namespace

int main(int argc, char **argv)
{
    runtime::ensureThreadEnvironment(argv);
    runtime::tuneMemoryAllocator();
    QCoreApplication app(argc, argv);
    bool quick = false;
    int trainSteps = 30;
    std::vector<int> workerCounts = {0, 1, 2};
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--quick"))
            quick = true;
        else if (!std::strcmp(argv[i], "--train-steps") && i + 1 < argc)
            trainSteps = std::max(4, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--workers") && i + 1 < argc) {
            workerCounts.clear();
            for (const QString &w : QString(argv[++i]).split(','))
                workerCounts.push_back(w.toInt());
        } else {
            std::fprintf(stderr, "usage: bench_data [--quick] [--workers 0,1,2] [--train-steps N]\n");
            return 2;
        }
    }
    const int threads = runtime::applyThreadCount(0);
    QTemporaryDir tmp;
    const QString cifar = tmp.filePath("cifar10"), jpegs = tmp.filePath("jpeg224"), pngs = tmp.filePath("png32");
    QDir().mkpath(cifar);
    std::printf("writing the bench's files ...\n");
    writeCifar(cifar, quick ? 400 : 2000, 1000);
    writeFolder(jpegs, 10, quick ? 10 : 40, true, "jpg");
    writeFolder(pngs, 10, quick ? 40 : 200, false, "png");

    std::printf("\nload + augment, images/s (%d torch threads; 0 workers = in the step on those threads; "
                "DeiT recipe: random resized crop, flip, RandAugment 2/9, erasing 0.25)\n", threads);
    std::printf("%-34s", "case");
    for (int w : workerCounts)
        std::printf(" %9s", (std::to_string(w) + " worker" + (w == 1 ? "" : "s")).c_str());
    std::printf("\n");
    struct Case {
        const char *label;
        data::DataConfig config;
        int size;
        bool augment;
        int batch;
        int steps;
    };
    auto dc = [](const char *name, const QString &path, std::int64_t cacheMb = 0) {
        data::DataConfig c;
        c.name = name;
        c.path = path.toStdString();
        c.cacheMb = cacheMb;
        return c;
    };
    const std::vector<Case> cases = {
        {"CIFAR-10 binary 32x32, augmented", dc("cifar10", cifar), 32, true, 128, quick ? 10 : 40},
        {"CIFAR-10 binary 32x32, eval only", dc("cifar10", cifar), 32, false, 128, quick ? 10 : 40},
        {"PNG folder 32x32, augmented", dc("folder", pngs), 32, true, 128, quick ? 6 : 20},
        {"PNG folder 32x32, cache 64 MiB", dc("folder", pngs, 64), 32, true, 128, quick ? 6 : 20},
        {"JPEG folder ~450x350 -> 224, augm.", dc("folder", jpegs), 224, true, 64, quick ? 3 : 8},
        {"JPEG folder ~450x350 -> 224, eval", dc("folder", jpegs), 224, false, 64, quick ? 3 : 8},
    };
    for (const auto &c : cases) {
        std::string error;
        auto set = data::openDataset(c.config, c.size, &error, c.augment ? deitRecipe(false) : data::AugmentConfig{});
        if (!set) {
            std::fprintf(stderr, "%s\n", error.c_str());
            return 1;
        }
        if (c.config.cacheMb > 0)
            loaderRate(*set, c.batch, int((set->size(data::Split::Train) + c.batch - 1) / c.batch), 2, 0);  // fill it
        std::printf("%-34s", c.label);
        for (int w : workerCounts)
            std::printf(" %9.0f", loaderRate(*set, c.batch, c.steps, w, quick ? 0.3 : 2.0));
        std::printf("\n");
        std::fflush(stdout);
    }

    std::printf("\ntraining cifar-vit (the CDE benchmark's ViT: d 192, depth 6, 32/4) on the CIFAR files, batch 128, "
                "DeiT recipe + mixup/cutmix, %d steps\n", trainSteps);
    std::printf("%8s %12s %14s %14s\n", "workers", "images/s", "data wait", "(first window)");
    for (int w : workerCounts) {
        train::RunConfig config;
        config.model = model::presets::cifarVit();
        config.train.data = dc("cifar10", cifar);
        config.train.data.workers = w;
        config.train.augment = deitRecipe(true);
        config.train.batchSize = 128;
        config.train.epochs = 1;
        config.train.logEvery = std::max(2, trainSteps / 5);
        WaitLog log;
        train::TrainerOptions options;
        options.runDir = tmp.filePath(QStringLiteral("run%1").arg(w));
        options.stopAtStep = trainSteps;
        options.events = &log;
        train::Trainer trainer(config, options);
        QString error;
        if (!trainer.prepare(&error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        trainer.run();
        const auto &wait = log.series["data/wait_fraction"];
        std::printf("%8d %12.1f %13.2f%% %13.2f%%\n", w, meanAfterFirst(log.series["train/images_per_s"]),
                    100.0 * meanAfterFirst(wait), wait.empty() ? 0.0 : 100.0 * wait.front());
        std::fflush(stdout);
    }
    return 0;
}
