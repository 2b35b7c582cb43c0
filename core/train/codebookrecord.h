#pragma once

#include "evaluation.h"

#include "store/storetypes.h"

#include <QByteArray>

#include <vector>

namespace gatefold::train {

// What an evaluation's codebook measures become in the run store
// (core/store/README.md): per gated block b, the metrics
// cde/L<b>/perplexity, cde/L<b>/dead_codes, cde/L<b>/alpha_entropy and
// cde/L<b>/gate_norm (b 0-based, as in blocks.<b>), …
std::vector<store::MetricPoint> codebookMetrics(const std::vector<CodebookEval> &codebook, std::int64_t step,
                                                double epoch, double wall);

// … and the data of a "codebook/usage" snapshot:
// {"blocks": [b, …], "tokens": [T, …], "layers": [[α mass of code 0, code 1, …] per gated block]},
// where the mass Σ_t α_tc is the number of tokens assigned to c for hard VQ.
QByteArray codebookUsageJson(const std::vector<CodebookEval> &codebook);

} // namespace gatefold::train
