#pragma once

#include "config/trainconfig.h"
#include "store/storetypes.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::launch {

// The record of a new run of `config` (CLI train and sweep, the window): its
// config JSON with absolute paths (config/runpaths.h) and its seed; the
// caller names it and sets its sweep, parent, tags and notes.
store::NewRun newRunOf(const train::RunConfig &config);

// What a queued run carries besides its config. The store refuses a name or
// a tag that is not one line of printable text (store::oneLineProblem).
struct QueuedRunDetails {
    QString name;
    qint64 sweepId = 0;   // 0: not part of a sweep
    qint64 parentId = 0;  // 0: none; else the run whose checkpoint it starts from (train --init-from RUN)
    QStringList tags;
    QString notes;
};

// Creates a queued run of `config` with `details` in `store`, owned by this
// process until an engine claims it (RunStore::createRun): its id, or nullopt
// with the store's reason in *error ("cannot create the run: …"); *error is
// left alone on success. `created`, when given, receives the record written,
// for a caller that may have to write it again (the window, when a fresh
// connection does not see the run). The data set artifact
// (train::dataSetArtifact) is the caller's to record: core/launch has no
// LibTorch.
std::optional<qint64> createQueuedRun(store::RunStore &store, const train::RunConfig &config,
                                      const QueuedRunDetails &details, QString *error = nullptr,
                                      store::NewRun *created = nullptr);

} // namespace gatefold::launch
