#pragma once

#include "clicommon.h"

#include "store/storetypes.h"

#include <optional>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// A run whose record is damaged (a status no Gatefold writes, a value not of its column's type)
// is not started, resumed or submitted: what it would continue from cannot be trusted.
CommandError damagedRunError(const store::RunStore &store, const store::RunRecord &record);
// Why `record` (run `runId` of `store`) cannot be trained as a queued run (train --run), if it cannot.
std::optional<CommandError> queuedRunProblem(const store::RunStore &store, qint64 runId,
                                             const std::optional<store::RunRecord> &record);
// Why `record` cannot be resumed, if it cannot: only failed, cancelled, crashed or stopped runs can.
std::optional<CommandError> resumeProblem(const store::RunStore &store, qint64 runId,
                                          const std::optional<store::RunRecord> &record);

} // namespace gatefold::cli
