#pragma once

#include "clicommon.h"

#include "config/trainconfig.h"
#include "train/checkpoint.h"
#include "train/datacheck.h"

#include <QString>

#include <optional>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// The checkpoint train --init-from starts from, verified before the run is
// created: its file, the run and sha256 the store records for it (when it
// does), and the verdict on it (usable, or modified and accepted).
struct InitCheckpoint {
    QString file;
    qint64 runId = 0;
    QString recordedSha256;
    train::CheckpointCheck check;
};

// Whether --init-from names a file (a dangling or looping link is a file's name too) rather than a run.
bool namesAFile(const QString &spec);

// The checkpoint file `file` (made absolute), checked to be what was written (or a modified one
// `accept`ed) and to fit the model `config` builds; nullopt with `error` (ExitUsage).
std::optional<InitCheckpoint> verifiedInitFile(const QString &file, const train::RunConfig &config, bool accept,
                                               CommandError *error);
// The same for the checkpoint RUN (its best, else last), RUN:best or RUN:last names in `store`.
std::optional<InitCheckpoint> verifiedInitRun(store::RunStore &store, const QString &spec,
                                              const train::RunConfig &config, bool accept, CommandError *error);

// For config --check (the window's form) and train before it creates a run: init.from set to a
// checkpoint file that is usable but does not fit the model of `config` (initfrom.h: another img_size
// or num_classes fits), as a problem of init.from; nullopt when it fits or is no such file.
std::optional<train::CheckItem> initFromFitProblem(const train::RunConfig &config);

// The acceptance of a modified --init-from checkpoint, recorded in the new run (a warning on
// stderr when it cannot be).
void recordAcceptance(store::RunStore &store, qint64 runId, const InitCheckpoint &init);

} // namespace gatefold::cli
