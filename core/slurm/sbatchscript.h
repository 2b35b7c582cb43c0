#pragma once

#include "slurmoptions.h"

#include <QDateTime>
#include <QString>

#include <optional>
#include <vector>

namespace gatefold::slurm {

// What the engine of each task does with its run.
enum class EngineCommand {
    Train,   // gatefold-cli train --run ID: a queued run
    Resume,  // gatefold-cli resume --run ID: a failed, cancelled, crashed or stopped run, from its last checkpoint
};

// One submission: a job array with one task per run (README, "Cluster").
struct SbatchJob {
    QString jobName;                // --job-name, e.g. gatefold-sweep-3
    QString description;            // what it is, for the header ("sweep 3 'lr', 4 runs")
    QString madeBy;                 // how it was made, for the header ("gatefold-cli 0.1.0 sweep --slurm")
    QDateTime made;                 // when
    QString cliPath;                // the absolute path of the gatefold-cli every task runs
    QString store;                  // the store the engines write (a path, or a URL without its password)
    std::vector<qint64> runIds;     // task i trains runIds[i]
    EngineCommand command = EngineCommand::Train;
    SlurmOptions options;
    QString logDirectory;           // where each task's slurm-<job>_<task>.out/.err go
    int stopAtEpoch = 0;            // > 0: the engine ends its run `stopped` after this epoch
                                    // (--stop-at-epoch; an early-stopping sweep's rung)
};

// The sbatch script of a job: a commented header, #SBATCH lines, the array of run ids and the
// engine command a task runs — `exec` for one process, `srun` (with MASTER_ADDR/MASTER_PORT for
// the ranks' rendezvous) for several. Kept beside the sweep or run, so the file says what ran.
class SbatchScript
{
public:
    explicit SbatchScript(SbatchJob job);

    const SbatchJob &job() const { return m_job; }
    QString text() const;
    // Writes the script as slurm-<n>.sbatch, n the first number free in `directory` (made if
    // missing), whole or not at all; its path, or nullopt with `error` saying what failed.
    std::optional<QString> writeInto(const QString &directory, QString *error) const;

    // The id Slurm gives task `task` of array job `arrayJobId` ("12345_3").
    static QString taskJobId(const QString &arrayJobId, int task);
    // Where task `taskJobId` ("12345_3") writes its output (the engine's JSON lines) when its
    // script's output went to `logDirectory`: the --output pattern below, filled in.
    static QString taskOutputPath(const QString &logDirectory, const QString &taskJobId);
    // Why `directory` cannot hold the tasks' output: an #SBATCH line takes a path without white
    // space, quotes or '%' (Slurm's file name patterns). Empty when it can.
    static QString logDirectoryProblem(const QString &directory);
    // `text` as one word for bash, in single quotes.
    static QString shellQuoted(const QString &text);

private:
    QStringList header() const;
    QStringList directives() const;
    QStringList body() const;

    SbatchJob m_job;
};

} // namespace gatefold::slurm
