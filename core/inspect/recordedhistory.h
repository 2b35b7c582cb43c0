#pragma once

// What a run recorded at each evaluation, read from its store snapshots
// (core/store/README.md), for the report's history: the window's training
// sliders walk through it.

#include "reporttypes.h"

#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::inspect {

// The run's "codebook/usage" snapshots, oldest first, as usage per block (normalised to sum 1).
std::vector<UsageStep> usageHistory(store::RunStore &store, qint64 runId);
// The run's "branches/similarity" snapshots, oldest first.
std::vector<BranchStep> branchHistory(store::RunStore &store, qint64 runId);

} // namespace gatefold::inspect
