#pragma once

#include <QString>

#include <optional>

namespace gatefold::dist {

// Where a data-parallel rank stands and how it finds the others: one rank of
// `size`, `localRank` on its machine of `localSize`, the rendezvous (c10d's
// TCPStore) at masterAddr:masterPort. A world of size 1 is a plain run.
struct WorldInfo {
    int rank = 0;
    int size = 1;
    int localRank = 0;
    int localSize = 1;
    QString masterAddr = QStringLiteral("127.0.0.1");
    int masterPort = 0;        // 0: rank 0 picks a free one (--nproc on this machine)
    QString launcher;          // "--nproc", "torchrun", "srun" or "" (a single process)
    bool agentStore = false;   // torchrun's agent hosts the TCPStore: every rank is a client
    QString keyPrefix;         // distinguishes restarts of one job in a shared store

    bool distributed() const { return size > 1; }
    bool isLeader() const { return rank == 0; }
    bool allLocal() const { return localSize == size; }
    // "rank 1 of 2 (srun, node-local rank 1)"
    QString describe() const;
};

// The world this process was started into, from the environment torchrun
// (RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT)
// or srun (SLURM_PROCID, SLURM_NTASKS, SLURM_LOCALID, SLURM_NTASKS_PER_NODE /
// SLURM_STEP_TASKS_PER_NODE, with MASTER_ADDR and MASTER_PORT set by the job
// script) sets; RANK/WORLD_SIZE win over SLURM_*. nullopt (a single process)
// when neither says more than one rank; nullopt with `error` when what is set
// is inconsistent (a rank outside the world, no MASTER_ADDR for a world of
// several machines, a port that is no port).
std::optional<WorldInfo> worldFromEnvironment(QString *error);

// The world of `processes` ranks this process starts on this machine (--nproc,
// compute.processes): this process is rank 0, the rendezvous on loopback.
WorldInfo localWorld(int processes);

// The environment variables that put a child into rank `rank` of `world`
// (torchrun's names), as NAME=value.
QStringList rankEnvironment(const WorldInfo &world, int rank);

} // namespace gatefold::dist
