#pragma once

#include <QString>

namespace gatefold::store {

// What a run's engine recorded about itself when it last started (RunRecord::versions): one JSON
// object with one writer (the engine, core/train's runexecution) and this reader (the window's run
// browser). A data-parallel job adds its world: {"world_size", "dist_backend", "launcher",
// "per_rank_batch"}; a single process writes "world_size": 1 alone (runs from before data-parallel
// training wrote no world: they read as one process).
struct RunVersions {
    QString gatefold;
    QString libtorch;
    QString qt;
    int worldSize = 1;     // processes (ranks) of the job that trains the run
    QString distBackend;   // "gloo", "nccl"; empty for one process
    QString launcher;      // "--nproc", "torchrun", "srun"; empty for one process
    int perRankBatch = 0;  // images of each global batch one rank takes; 0 for one process
    bool recorded = false; // an engine has started the run (false: versions is "{}", or not an object)

    bool distributed() const { return worldSize > 1; }
    // The JSON the store keeps (compact).
    QString toJson() const;
    // What the store holds; anything that is not an object, or a field of the wrong type, reads as
    // not recorded or left at its default: the browser shows what it can.
    static RunVersions fromJson(const QString &json);
};

} // namespace gatefold::store
