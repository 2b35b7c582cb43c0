#pragma once

// What a run recorded at each evaluation for the Inspect tab's training
// sliders, read from its store snapshots (core/store/README.md).

#include "codebookview.h"

#include "inspect/inspectreport.h"

#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

// One evaluation's branch similarity of a joining run ("branches/similarity").
struct BranchStep {
    qint64 step = 0;
    double epoch = 0;
    std::vector<inspect::BranchLayer> layers;  // as InspectReport::branchLayers
};

// The run's "codebook/usage" snapshots, oldest first, as usage per block (normalised to sum 1).
std::vector<UsageStep> usageHistory(store::RunStore &store, qint64 runId);
// The run's "branches/similarity" snapshots, oldest first.
std::vector<BranchStep> branchHistory(store::RunStore &store, qint64 runId);

} // namespace gatefold::widgets
