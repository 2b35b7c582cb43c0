#pragma once

#include "rankjob.h"

#include "config/trainconfig.h"
#include "dist/worldinfo.h"

#include <QString>

#include <atomic>
#include <memory>

namespace gatefold::dist {
class DistGroup;
class LocalRanks;
enum class Backend;
}

namespace gatefold::train {

// The process group a run's config asks for: NCCL for compute.dist_backend=nccl, or auto with
// CUDA devices and a LibTorch that has NCCL; Gloo otherwise.
dist::Backend backendFor(const RunConfig &config);
// Intra-op threads of one rank: compute.threads, or this machine's cores shared by its ranks.
int threadsPerRank(const RunConfig &config, const dist::WorldInfo &world);

// Rank 0's side of a data-parallel job: the rendezvous, the ranks it starts on
// this machine (--nproc), the job description for the others, the process group.
class DataParallelLeader
{
public:
    // `program` is this engine (the ranks --nproc starts run it again). nullptr with `error`
    // when the job cannot start (a rank that cannot be started or does not join in time).
    static std::unique_ptr<DataParallelLeader> start(const dist::WorldInfo &world, const RunConfig &config,
                                                     const RankJob &job, const QString &program, QString *error);
    ~DataParallelLeader();
    dist::DistGroup *group() { return m_group.get(); }
    // After training (the trainer gone): the group is closed, the local ranks are given `seconds`
    // to end by themselves, then stopped.
    void finish(double seconds);

private:
    DataParallelLeader() = default;
    std::unique_ptr<dist::DistGroup> m_group;
    std::unique_ptr<dist::LocalRanks> m_ranks;
};

// A rank other than 0 (started by --nproc, torchrun or srun): reads the job from
// rank 0, trains its shard without touching the store, and returns its exit
// status (0: the job ended as rank 0 said; 1 with `message`).
int runRank(const dist::WorldInfo &world, const std::atomic<bool> *stop, QString *message);

} // namespace gatefold::train
