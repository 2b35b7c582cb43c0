#pragma once

#include "gridproblems.h"
#include "sweepgrid.h"

#include <QJsonObject>
#include <QString>
#include <QtGlobal>

namespace gatefold::train {

// How a sweep searches: the grid file's "method", "runs" and "search_seed" under `sweep`'s
// --method, --runs and --search-seed.
struct SweepSearch {
    QString method = QStringLiteral("grid");
    int runs = 0;          // random only
    quint64 searchSeed = 0;
    bool methodKnown = true;  // false: the file's "method" is neither (said); grid is assumed, nothing more refused
    bool random() const { return method == QLatin1String("random"); }
};

// The most runs a sweep takes: more are a mistake (and would fill memory).
constexpr int kMaxSweepRuns = 10000;

// Reads them, each problem with its line: a method other than grid or random, runs outside
// 1..10000, a search seed that is not a whole number >= 0, random without runs, and runs or a
// search seed for a grid (they would do nothing; with --method grid the file's are left aside).
SweepSearch readSweepSearch(const QJsonObject &root, const SearchOverrides &overrides, GridProblems &problems);

} // namespace gatefold::train
