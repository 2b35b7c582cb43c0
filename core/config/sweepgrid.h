#pragma once

#include "trainconfig.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

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
};

// A grid file: {"name": "…", "base": {settings}, "grid": {"key": [values…], …},
// "seeds": [0, 1, …]} — the cartesian product of the grid's lists × seeds,
// over `base` (the preset/--config/--set config, then the file's "base").
// `seedsOverride` (non-empty) replaces the file's seeds. A grid over
// train.seed gives each run its seed (no "seed=" in the names); seeds listed
// beside it as well are refused, since one would silently override the other.
// Read strictly (core/json): every problem names its line; a value listed
// twice, a seed listed twice and more than 10000 runs are refused too. Every
// point is validated; false with every problem in `errors`.
bool planSweep(const QByteArray &gridJson, const RunConfig &base, const std::vector<qint64> &seedsOverride,
               SweepPlan *plan, QStringList *errors);

} // namespace gatefold::train
