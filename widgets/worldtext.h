#pragma once

#include "store/runversions.h"

#include <QString>

namespace gatefold::widgets {

// The processes (ranks) of a run's job in words, for the run browser and the compare view: what
// the engine recorded when it last started (store::RunVersions), or, before any engine started
// it, what the run asks for (its compute.processes).
namespace worldtext {

// "2 · gloo · 16 per process", "1"; "2 asked" for a run not started yet.
QString brief(const store::RunVersions &versions, int configuredProcesses);
// A sentence or two for a tooltip: world size, process group, launcher, per-process batch.
QString details(const store::RunVersions &versions, int configuredProcesses);

} // namespace worldtext
} // namespace gatefold::widgets
