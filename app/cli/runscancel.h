#pragma once

#include <vector>

#include <QtGlobal>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// runs cancel ID…: a run on Slurm is cancelled with scancel — a pending task is dropped and the
// run marked cancelled at once; a running one's engine gets SIGTERM from Slurm, saves a
// checkpoint and ends as cancelled (resumable). A run training on this machine gets SIGTERM (the
// same ending); a queued one is marked cancelled. One line per run (with --json one object:
// {"run", "action": "scancel"|"sigterm"|"cancelled"|"none", "job", "message"}). Exit status: 0
// every run was cancelled or is being stopped, 1 some could not be, 2 no such run.
int cancelRuns(store::RunStore &store, const std::vector<qint64> &runIds, bool json);

} // namespace gatefold::cli
