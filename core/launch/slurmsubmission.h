#pragma once

#include "slurm/sbatchscript.h"
#include "slurm/slurmclient.h"
#include "store/storetypes.h"

#include <QString>

#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
struct StoreLocation;
}

namespace gatefold::launch {

// What goes to Slurm as one job array: the runs (task i trains runIds[i]), what each task's
// engine does with its run, the resources, and where the script and the tasks' output go.
struct SlurmBatch {
    std::vector<qint64> runIds;
    slurm::EngineCommand command = slurm::EngineCommand::Train;
    slurm::SlurmOptions options;
    QString jobName;       // gatefold-sweep-3, gatefold-run-12
    QString description;   // "sweep 3 'lr', 4 runs", for the script's header
    QString madeBy;        // "gatefold-cli 0.1.0 sweep --slurm", for the script's header
    QString folder;        // the script and the tasks' output: <data dir>/sweeps/<id>/ or <run dir>/
    QString cliPath;       // the gatefold-cli every task runs (absolute)
    int stopAtEpoch = 0;   // > 0: each engine stops its run after this epoch (an early-stopping sweep's rung)
};

// What Slurm accepted: the array job, the script it runs, and each run's task as recorded.
struct SlurmSubmitted {
    QString arrayJobId;                // "12345"
    QString scriptPath;
    std::vector<store::SlurmJob> jobs; // in the batch's order: "12345_0", "12345_1", …
};

// Runs to Slurm (README, "Cluster"): the sbatch script written beside the sweep or run, submitted
// with sbatch, and each run's array task recorded in the store, so the runs wait for Slurm (no
// window or queue starts them here) and Resume resubmits them with the same options.
class SlurmSubmission
{
public:
    SlurmSubmission(store::RunStore &store, const slurm::SlurmClient &client);

    // Why the store at `location` cannot serve runs on the nodes `options` ask for, decided before
    // anything is created; empty when it can. Every node must reach the store: an SQLite file is
    // refused for several nodes (SQLite over a network file system corrupts) and for one node
    // unless the partition's only node is this machine (sinfo, scontrol).
    static QString storeRefusal(const store::StoreLocation &location, const slurm::SlurmOptions &options,
                                const slurm::SlurmClient &client);
    // What a person should know about a store that serves a cluster (a PostgreSQL URL without
    // runs=, a password in the URL); empty when nothing.
    static QStringList storeNotices(const store::StoreLocation &location);
    // The store as the tasks get it: the SQLite file's path, or the URL without its password
    // (libpq reads that from $PGPASSWORD or ~/.pgpass on the node).
    static QString storeForTasks(const store::StoreLocation &location);
    // Where a sweep's scripts and task output go: <data dir>/sweeps/<id>/.
    static QString sweepFolder(const store::RunStore &store, qint64 sweepId);

    // Writes the script, submits it and records each run's task, in that order; nullopt with
    // `error` when any step fails (a job the store could not record is cancelled again).
    std::optional<SlurmSubmitted> submit(const SlurmBatch &batch, QString *error);

private:
    store::RunStore &m_store;
    const slurm::SlurmClient &m_client;
};

} // namespace gatefold::launch
