#pragma once

#include "trainer.h"

#include "store/runstore.h"

#include <QString>

#include <atomic>

namespace gatefold::train {

struct ExecutionOptions {
    bool resume = false;             // continue from the run's last checkpoint
    const std::atomic<bool> *stop = nullptr;
    std::int64_t stopAtStep = -1;
    TrainEvents *events = nullptr;   // the CLI's printer, after the store
    QString gatefoldVersion;
};

struct ExecutionResult {
    TrainEnd end = TrainEnd::Failed;
    QString message;
    bool configError = false;  // the run's config is invalid (nothing was trained)
};

// The run directory of run `id`: <store dir>/runs/<id>.
QString runDirectory(const store::RunStore &store, qint64 runId);
// An artifact's path as a file path (relative ones are under the store's directory).
QString artifactFile(const store::RunStore &store, const store::Artifact &artifact);

// Runs (or resumes) run `runId` of `store` through its lifecycle: running,
// the device and versions recorded, metrics and checkpoints as it trains, and
// finished, failed or cancelled with a message at the end. A resumed run
// drops the metrics after its checkpoint's step (they are taken again); a
// resumed run without a checkpoint starts over.
ExecutionResult executeRun(store::RunStore &store, qint64 runId, const ExecutionOptions &options);

} // namespace gatefold::train
