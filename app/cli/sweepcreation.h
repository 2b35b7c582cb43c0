#pragma once

#include "clicommon.h"
#include "sweeprequest.h"
#include "sweeprunner.h"

#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// The sweep as recorded in the store: its id and its runs, queued in the grid's order.
struct CreatedSweep {
    qint64 id = 0;
    std::vector<SweepRun> runs;
};

// The sweep and one queued run per point of `request`, in order, each recorded with what its data
// set holds; nullopt with `error`.
std::optional<CreatedSweep> createSweep(store::RunStore &store, const SweepRequest &request, CommandError *error);

} // namespace gatefold::cli
