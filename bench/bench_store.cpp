// Metric inserts per second into the run store in batches of several sizes,
// and reads of one series back: by default a temporary SQLite file (WAL); with
// --store, that store (e.g. a postgresql:// URL of an empty database).
//
//   bench_store [--points 200000] [--store FILE|URL]

#include "store/runstore.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace gatefold::store;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int total = 200000;
    QTemporaryDir dir;
    QString where = dir.filePath("bench.sqlite");
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--points") && i + 1 < argc)
            total = std::max(1000, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--store") && i + 1 < argc)
            where = QString::fromLocal8Bit(argv[++i]);
        else {
            std::fprintf(stderr, "usage: bench_store [--points N] [--store FILE|URL]\n");
            return 2;
        }
    }
    QString error;
    auto store = RunStore::open(where, &error);
    if (!store) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    using Clock = std::chrono::steady_clock;
    std::printf("metric inserts into %s, %d points per batch size\n",
                store->isPostgres() ? "a PostgreSQL store" : "a WAL SQLite store", total);
    std::printf("%10s %14s %12s\n", "batch", "inserts/s", "target");
    bool met = true;
    for (int batchSize : {1, 100, 1000, 10000}) {
        NewRun spec;
        spec.name = QStringLiteral("bench batch %1").arg(batchSize);
        spec.configJson = "{}";
        const auto created = store->createRun(spec);
        if (!created) {
            std::fprintf(stderr, "%s\n", qPrintable(store->lastError()));
            return 1;
        }
        const qint64 run = *created;
        const int points = batchSize == 1 ? total / 20 : total;  // one transaction per point is slow by design
        std::vector<MetricPoint> batch;
        const auto start = Clock::now();
        for (int i = 0; i < points; ++i) {
            batch.push_back({i % 2 ? QStringLiteral("train/loss") : QStringLiteral("train/lr"), i / 2, i / 1000.0,
                             1.7e9 + i, 1.0 / (i + 1)});
            if (int(batch.size()) == batchSize) {
                if (!store->addMetrics(run, batch)) {
                    std::fprintf(stderr, "%s\n", qPrintable(store->lastError()));
                    return 1;
                }
                batch.clear();
            }
        }
        store->addMetrics(run, batch);
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        const double rate = points / seconds;
        const bool targeted = batchSize == 1000 && !store->isPostgres();  // the target is for the local file
        if (targeted)
            met = met && rate >= 100000;
        std::printf("%10d %14.0f %12s\n", batchSize, rate,
                    targeted ? (rate >= 100000 ? ">=100k met" : ">=100k MISSED") : "");
        if (batchSize == 10000) {
            const auto t0 = Clock::now();
            const auto series = store->metrics(run, QStringLiteral("train/loss"));
            const double readS = std::chrono::duration<double>(Clock::now() - t0).count();
            std::printf("read back one series of %zu points: %.1f ms (%.0f points/s)\n", series.size(),
                        readS * 1e3, series.size() / readS);
        }
    }
    return met ? 0 : 1;
}
