#pragma once

#include "trainer.h"

#include "store/runstore.h"
#include "dist/worldinfo.h"

#include <QString>

#include <atomic>
#include <optional>

namespace gatefold::train {

struct ExecutionOptions {
    bool resume = false;             // continue from a checkpoint of the run
    QString resumeFrom = QStringLiteral("last");  // which: last, best or epoch:N
    bool acceptModifiedCheckpoint = false;  // load it although it is not what was written (recorded in the run)
    const std::atomic<bool> *stop = nullptr;
    std::int64_t stopAtStep = -1;
    std::int64_t pauseAtEpoch = -1;  // TrainerOptions::pauseAtEpoch: the run ends `stopped` there
    TrainEvents *events = nullptr;   // the CLI's printer, after the store
    QString gatefoldVersion;
    // Data parallel: `world` when torchrun or srun started this process as rank 0 of a job;
    // otherwise `processes` ranks on this machine (0: the run's compute.processes), the others
    // started as `program` (this engine).
    std::optional<dist::WorldInfo> world;
    int processes = 0;
    QString program;
};

struct ExecutionResult {
    TrainEnd end = TrainEnd::Failed;
    QString message;
    bool configError = false;  // the run's config is invalid or the run cannot be claimed (nothing was trained)
    bool refused = false;      // refused before the run was touched (e.g. a damaged checkpoint): its status is as it was
    bool crashed = false;      // a data-parallel job lost a rank: the run is marked crashed (resumable)
};

// The run directory of run `id`: <store dir>/runs/<id>.
QString runDirectory(const store::RunStore &store, qint64 runId);
// An artifact's path as a file path (relative ones are under the store's directory).
QString artifactFile(const store::RunStore &store, const store::Artifact &artifact);

// Runs (or resumes) run `runId` of `store` through its lifecycle: claimed
// (running; refused while another engine holds it), the device and versions
// recorded, metrics and checkpoints as it trains, and finished, failed or
// cancelled with a message at the end — failed also for whatever LibTorch or
// the allocator throws (the detail in the engine log). A resume checks its
// checkpoint before it claims the run, drops the metrics after its step (they
// are taken again); a resumed run without a checkpoint starts over.
ExecutionResult executeRun(store::RunStore &store, qint64 runId, const ExecutionOptions &options);

} // namespace gatefold::train
