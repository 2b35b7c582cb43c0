#pragma once

// Which way a metric gets better — the one rule the run query's best(), "Select best k" and
// anything else that ranks runs by a metric follow.

#include <QString>

#include <optional>
#include <utility>
#include <vector>

namespace gatefold::tables {

// Lower is better for losses, errors, waiting and times (val/loss, train/loss, data/wait_fraction,
// …/time_s, …/latency_ms); higher for everything else (top1, top5, accuracy, images_per_s).
bool higherIsBetter(const QString &metricKey);

// The ids of the (at most) k runs with the best values of `metricKey`, best first; runs without a
// value take no place. Ties: the lower id first.
std::vector<qint64> bestRuns(std::vector<std::pair<qint64, std::optional<double>>> values, int k,
                             const QString &metricKey);

} // namespace gatefold::tables
