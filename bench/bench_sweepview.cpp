// The sweep view (issue 20) at scale, on a generated SQLite store: 1,000 runs
// of the demo config varying 5 settings (optim.lr on a log grid, weight decay,
// depth, gate.kind, the seed), two val/top1 points each. Times, median of
// --repeats (offscreen or Xvfb):
//  0. reading the selection from the store alone (SweepTable::read, no plots);
//  1. the first read of the selection (every run's config parsed, its settings judged);
//  2. a rebuild on another reduction (settings kept: the metric read again, both plots rebuilt);
//  3. one replot of the scatters and of the parallel coordinates;
//  4. the hover's hit test over every line.
//
//   bench_sweepview [--runs 1000] [--repeats 5] [--store FILE (reuse)] [--screenshot FILE.png (the view, to look at)]

#include "median.h"

#include "widgets/parallelcoordinates.h"
#include "widgets/qcp.h"
#include "widgets/sweepscatterplots.h"
#include "widgets/sweepview.h"

#include "config/flatconfig.h"
#include "config/runconfigjson.h"
#include "config/runpresets.h"
#include "store/runstore.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <cmath>
#include <cstdio>
#include <cstring>

using namespace gatefold;

namespace {

QList<qint64> generate(const QString &path, int runs)
{
    QString error;
    auto store = store::RunStore::open(path, &error);
    if (!store) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        std::exit(1);
    }
    QList<qint64> ids;
    for (const auto &run : store->runs())
        ids << run.id;
    if (!ids.isEmpty())
        return ids;
    const QJsonObject demo = config::flatConfig(train::runConfigToJson(train::demoRun()));
    const char *kinds[] = {"none", "cde"};
    for (int r = 0; r < runs; ++r) {
        QJsonObject c = demo;
        c.insert("optim.lr", 1e-5 * std::pow(10.0, (r % 8) * 3.0 / 7.0));
        c.insert("optim.weight_decay", 0.05 * ((r / 8) % 4));
        c.insert("depth", 4 + 2 * ((r / 32) % 3));
        c.insert("gate.kind", kinds[(r / 96) % 2]);
        c.insert("train.seed", (r / 192) % 5);
        store::NewRun run;
        run.name = QStringLiteral("sweep run %1").arg(r);
        run.configJson = QJsonDocument(c).toJson(QJsonDocument::Compact);
        const qint64 id = *store->createRun(run);
        const double top1 = 0.5 + 0.4 * std::sin(0.7 * r) * std::sin(0.7 * r);
        store->addMetrics(id, {{"val/top1", 100, 1, 0, top1 - 0.02}, {"val/top1", 200, 2, 0, top1}});
        ids << id;
    }
    return ids;
}

double msSince(const QElapsedTimer &t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    int runs = 1000, repeats = 5;
    QString path, screenshot;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--runs"))
            runs = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--repeats"))
            repeats = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--store"))
            path = QString::fromLocal8Bit(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--screenshot"))
            screenshot = QString::fromLocal8Bit(argv[i + 1]);
    }
    QTemporaryDir dir;
    if (path.isEmpty())
        path = dir.filePath("sweep.sqlite");
    const QList<qint64> ids = generate(path, runs);
    QString error;
    auto store = store::RunStore::open(path, &error);
    std::vector<double> read, readWarm, first, rebuild, replotScatter, replotLines, hit;
    for (int k = 0; k < repeats; ++k) {
        {
            std::map<qint64, config::ComparedRun> settings;
            QElapsedTimer r;
            r.start();
            const auto table = widgets::SweepTable::read(*store, ids, QStringLiteral("val/top1"),
                                                         widgets::SweepTable::Reduction::Last, &settings);
            read.push_back(msSince(r));
            r.restart();
            const auto again = widgets::SweepTable::read(*store, ids, QStringLiteral("val/top1"),
                                                         widgets::SweepTable::Reduction::Best, &settings);
            readWarm.push_back(msSince(r));
        }
        widgets::SweepView view(store.get());
        view.resize(1600, 500);
        view.show();
        QApplication::processEvents();
        QElapsedTimer t;
        t.start();
        view.setRuns(ids);  // shown: read at once
        first.push_back(msSince(t));
        t.restart();
        view.setReduction(k % 2 ? widgets::SweepTable::Reduction::Last : widgets::SweepTable::Reduction::Best);
        rebuild.push_back(msSince(t));
        t.restart();
        view.scatterPlots()->plot()->replot();
        replotScatter.push_back(msSince(t));
        t.restart();
        view.parallelCoordinates()->plot()->replot();
        replotLines.push_back(msSince(t));
        t.restart();
        view.parallelCoordinates()->runAt(QPointF(300, 200));
        hit.push_back(msSince(t));
        if (k == 0 && !screenshot.isEmpty()) {
            QApplication::processEvents();
            view.grab().save(screenshot);
        }
        if (k == 0)
            std::printf("%d runs, %lld varied settings (%s), %d lines\n", int(ids.size()),
                        qint64(view.table()->varied().size()), qPrintable(view.table()->varied().join(", ")),
                        view.parallelCoordinates()->lineCount());
    }
    std::printf("store read alone (SweepTable::read, cold):     %.1f ms (median of %d)\n", median(read), repeats);
    std::printf("store read alone, settings kept:               %.1f ms\n", median(readWarm));
    std::printf("first read (configs parsed, both plots built): %.1f ms\n", median(first));
    std::printf("rebuild on another reduction (settings kept):  %.1f ms\n", median(rebuild));
    std::printf("replot, scatters:                              %.1f ms\n", median(replotScatter));
    std::printf("replot, parallel coordinates:                  %.1f ms\n", median(replotLines));
    std::printf("hover hit test over every line:                %.2f ms\n", median(hit));
    return 0;
}
