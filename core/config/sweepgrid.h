#pragma once

#include "trainconfig.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <map>
#include <optional>
#include <vector>

namespace gatefold::train {

// One run of a sweep: its config and what distinguishes it ("optim.lr=0.001 seed=1").
struct SweepPoint {
    RunConfig config;
    QString label;
};

struct SweepPlan {
    QString name;
    std::vector<SweepPoint> points;
    QString method = QStringLiteral("grid");  // "grid" or "random"
    int runs = 0;                             // random: the settings sampled; grid: the grid's points (before seeds)
    quint64 searchSeed = 0;                   // random: the seed of the sampler (0 unless given)
};

// What `sweep --method grid|random --runs N --search-seed S` say; each, when given, replaces the
// grid file's "method", "runs" and "search_seed".
struct SearchOverrides {
    std::optional<QString> method;
    std::optional<int> runs;
    std::optional<quint64> searchSeed;
};

// A grid file: {"name": "…", "base": {settings}, "grid": {"key": values, …}, "seeds": [0, 1, …],
// "method": "grid"|"random", "runs": N, "search_seed": S}, over `base` (the preset/--config/--set
// config, then the file's "base"). A grid key's values are a list [v, …] or exactly one of
// {"choice": [v, …]}, {"uniform": [a, b]}, {"log_uniform": [a, b]} (0 < a < b) and
// {"int_uniform": [a, b]} (whole numbers, both ends included).
// Grid (the default): the cartesian product of the lists and choices × seeds; a uniform,
// log_uniform or int_uniform is refused (they need "method": "random"). Random: "runs" settings,
// each axis sampled on its own (a list as a choice) by a generator seeded with "search_seed" —
// the same file and seed give the same runs on any machine — each setting × seeds.
// `seedsOverride` (non-empty) replaces the file's seeds, `search` its method, runs and search seed.
// A grid over train.seed gives each run its seed (no "seed=" in the names); seeds listed beside it
// as well are refused, since one would silently override the other. Read strictly (core/json):
// every problem names its line; a value listed twice, a seed listed twice and more than 10000 runs
// are refused too. Every point is validated; false with every problem in `errors`.
bool planSweep(const QByteArray &gridJson, const RunConfig &base, const std::vector<qint64> &seedsOverride,
               const SearchOverrides &search, SweepPlan *plan, QStringList *errors);
bool planSweep(const QByteArray &gridJson, const RunConfig &base, const std::vector<qint64> &seedsOverride,
               SweepPlan *plan, QStringList *errors);

// What each grid key of a grid file holds: key → "list", "choice", "uniform", "log_uniform" or
// "int_uniform" (a key whose value is none of these is left out); empty for a file it cannot read.
std::map<QString, QString> sweepDistributions(const QByteArray &gridJson);

} // namespace gatefold::train
