#pragma once

#include "sweepdistribution.h"
#include "sweepgrid.h"

#include <QStringList>
#include <QtGlobal>

#include <vector>

namespace gatefold::train {

// The runs of a sweep from its axes (sweepdistribution.h), each setting × `seeds` (empty: the
// setting's own train.seed, for a grid over it), each point validated ("[label] key: what" in
// `errors`), appended to plan->points.

// The Cartesian product of the axes' values, the first axis slowest (no ranged axis).
void expandGrid(const std::vector<Axis> &axes, const RunConfig &common, const std::vector<qint64> &seeds,
                SweepPlan *plan, QStringList *errors);
// `runs` settings, each axis drawn on its own in axis order (sweepsampler.h) from one generator
// seeded with `searchSeed`.
void sampleRandom(const std::vector<Axis> &axes, const RunConfig &common, const std::vector<qint64> &seeds, int runs,
                  quint64 searchSeed, SweepPlan *plan, QStringList *errors);

} // namespace gatefold::train
