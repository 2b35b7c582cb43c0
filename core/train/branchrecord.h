#pragma once

#include "evaluation.h"

#include <QByteArray>

#include <vector>

namespace gatefold::train {

// The data of a "branches/similarity" snapshot (one per evaluation of a
// joining run; core/store/README.md): {"blocks": [b, …], "n": [n, …],
// "attention": [[n·n row-major] per block], "mlp": …, "qk": …, "vo": …,
// "fc1": …, "fc2": …} — feature similarity on the first evaluation batch,
// weight similarity of the weights at that step.
QByteArray branchSimilarityJson(const std::vector<BranchEval> &branches);

} // namespace gatefold::train
