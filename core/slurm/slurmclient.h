#pragma once

#include "jobstate.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>

namespace gatefold::slurm {

// A node of a partition as Slurm names it (scontrol show node).
struct SlurmNode {
    QString name;      // NodeName
    QString hostName;  // NodeHostName
    QString address;   // NodeAddr
    // Whether the node is this machine: its host name (short or full) is ours, or its address is the loopback.
    bool isThisMachine() const;
};

// The Slurm commands Gatefold uses, each a child process with a timeout (slurmcommand.h), each
// failure worded with the command, its stderr and what to do. Slurm itself decides everything:
// this only asks (squeue, sacct, sinfo, scontrol) and tells (sbatch, scancel).
class SlurmClient
{
public:
    explicit SlurmClient(int timeoutMs = 30000);

    // `sbatch --parsable SCRIPT`: the job id Slurm gave ("12345"); nullopt with `error`.
    std::optional<QString> submit(const QString &scriptPath, QString *error) const;
    // Where Slurm has each of `jobIds` ("12345_3", "12346"): squeue for the jobs the controller
    // still holds (ended ones for MinJobAge), sacct for the others when accounting answers, else
    // Unknown. nullopt with `error` when squeue cannot be asked (not installed, no controller).
    std::optional<QHash<QString, JobState>> states(const QStringList &jobIds, QString *error) const;
    // `scancel ID…`: Slurm signals the running tasks (SIGTERM, then SIGKILL after KillWait) and
    // drops the pending ones. False with `error`.
    bool cancel(const QStringList &jobIds, QString *error) const;
    // The nodes of `partition` (empty: the cluster's default one); nullopt with `error`.
    std::optional<QList<SlurmNode>> partitionNodes(const QString &partition, QString *error) const;

private:
    QHash<QString, JobState> squeueStates(const QStringList &jobIds, QString *error, bool *asked) const;
    void addAccountedStates(const QStringList &jobIds, QHash<QString, JobState> *states) const;
    std::optional<QString> defaultPartition(QString *error) const;

    int m_timeoutMs;
};

} // namespace gatefold::slurm
