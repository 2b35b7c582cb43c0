#pragma once

#include "clicommon.h"
#include "trainrequest.h"

#include <optional>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// The run `train` creates from a request (without --run): its --init-from run verified now that
// the store is open, then queued with the request's name, tags and notes as the child of the run
// whose checkpoint it starts from, recorded with it the modified checkpoint the user accepted and
// the data set it reads. Its id, or nullopt with `error`.
std::optional<qint64> createRequestedRun(store::RunStore &store, const TrainRequest &request, CommandError *error);
// "created run 3 'demo' in …", or its "created" JSON line.
void printCreated(const store::RunStore &store, qint64 runId, const TrainRequest &request);

} // namespace gatefold::cli
