// The batch loader: the same batches in the same order whatever the number of
// workers, never more than `depth` batches ahead, a producer's error at the
// step it belongs to, and a clean stop with work in flight.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "data/batchloader.h"
#include "data/builtinshapes.h"

#include <ATen/Parallel.h>
#include <torch/torch.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#endif

using namespace gatefold::data;

class TstLoader : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sameBatchesForAnyWorkerCount();
    void boundedLookAhead();
    void errorsArriveAtTheirStep();
    void stopsWithWorkInFlight();
    void waitingIsCounted();
    void workersRunOneThreadEach();
};

void TstLoader::sameBatchesForAnyWorkerCount()
{
    BuiltinShapes set(16, 400, 10, 1);
    auto produce = [&](std::int64_t step) {
        std::vector<std::int64_t> idx;
        for (int i = 0; i < 8; ++i)
            idx.push_back((step * 37 + i * 11) % 400);
        return set.batch(Split::Train, idx);
    };
    std::vector<torch::Tensor> reference;
    {
        BatchLoader inline0(produce, 3, 23, 0, 2);
        for (std::int64_t s = 3; s < 23; ++s)
            reference.push_back(inline0.take(s).first);
    }
    for (int workers : {1, 3}) {
        BatchLoader loader(produce, 3, 23, workers, 4);
        for (std::int64_t s = 3; s < 23; ++s)
            QVERIFY(torch::equal(loader.take(s).first, reference[size_t(s - 3)]));
    }
}

void TstLoader::boundedLookAhead()
{
    std::atomic<std::int64_t> highest{-1};
    BatchLoader loader(
        [&](std::int64_t step) {
            std::int64_t h = highest.load();
            while (step > h && !highest.compare_exchange_weak(h, step)) {
            }
            return BatchLoader::Batch{torch::full({1}, double(step)), torch::zeros({1})};
        },
        0, 100, 3, 3);
    for (std::int64_t s = 0; s < 10; ++s) {
        QCOMPARE(loader.take(s).first.item<double>(), double(s));
        std::this_thread::sleep_for(std::chrono::milliseconds(5));  // let the workers run ahead as far as they may
        QVERIFY2(highest.load() <= s + 3, qPrintable(QStringLiteral("step %1, made %2").arg(s).arg(highest.load())));
    }
}

void TstLoader::errorsArriveAtTheirStep()
{
    BatchLoader loader(
        [](std::int64_t step) {
            if (step == 4)
                throw std::runtime_error("image 4 is broken");
            return BatchLoader::Batch{torch::full({1}, double(step)), torch::zeros({1})};
        },
        0, 10, 2, 4);
    for (std::int64_t s = 0; s < 4; ++s)
        QCOMPARE(loader.take(s).first.item<double>(), double(s));
    try {
        loader.take(4);
        QFAIL("the producer's error was lost");
    } catch (const std::runtime_error &e) {
        QCOMPARE(QString(e.what()), QStringLiteral("image 4 is broken"));
    }
    QCOMPARE(loader.take(5).first.item<double>(), 5.0);
}

void TstLoader::stopsWithWorkInFlight()
{
    std::atomic<int> made{0};
    QElapsedTimer timer;
    timer.start();
    {
        BatchLoader loader(
            [&](std::int64_t step) {
                std::this_thread::sleep_for(std::chrono::milliseconds(30));
                ++made;
                return BatchLoader::Batch{torch::full({1}, double(step)), torch::zeros({1})};
            },
            0, 1000, 2, 2);
        QCOMPARE(loader.take(0).first.item<double>(), 0.0);
    }  // destroyed with batches being made: joins, no crash, no hang
    QVERIFY(made.load() < 10);
    QVERIFY(timer.elapsed() < 2000);
}

void TstLoader::waitingIsCounted()
{
    using namespace std::chrono_literals;
    auto slow = [](std::int64_t step) {
        std::this_thread::sleep_for(20ms);
        return BatchLoader::Batch{torch::full({1}, double(step)), torch::zeros({1})};
    };
    // In the step: every batch is waited for whole (sleep_for waits at least its time).
    BatchLoader inline0(slow, 0, 3, 0, 2);
    for (int s = 0; s < 3; ++s)
        inline0.take(s);
    QVERIFY2(inline0.waitedSeconds() >= 0.060, qPrintable(QString::number(inline0.waitedSeconds())));
    // With a worker, the first batch is waited for: made after the loader started.
    BatchLoader ahead(slow, 0, 1, 1, 2);
    ahead.take(0);
    QVERIFY(ahead.waitedSeconds() > 0.0);
}

void TstLoader::workersRunOneThreadEach()
{
    // The model keeps the process's threads; a worker's torch ops and parallel loops run on its own thread.
    at::set_num_threads(2);
    std::atomic<int> most{0};
    BatchLoader loader(
        [&](std::int64_t step) {
            int n = at::get_num_threads();  // what an at::parallel_for here would use
            int m = most.load();
            while (n > m && !most.compare_exchange_weak(m, n)) {
            }
            return BatchLoader::Batch{torch::full({64, 64}, double(step)).sum(), torch::zeros({1})};
        },
        0, 6, 2, 2);
    for (int s = 0; s < 6; ++s)
        loader.take(s);
    QCOMPARE(most.load(), 1);
    QCOMPARE(at::get_num_threads(), 2);  // the calling thread keeps its team
}

GATEFOLD_TEST_MAIN(TstLoader)
#include "tst_loader.moc"
