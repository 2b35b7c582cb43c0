#pragma once

#include <QString>
#include <QStringList>

namespace gatefold::slurm {

// What one Slurm command (sbatch, squeue, sacct, scancel, sinfo, scontrol) did.
struct CommandResult {
    bool ok = false;    // it ran and exited 0
    int exitCode = -1;  // -1: it did not run, or was killed
    QString out;        // standard output
    QString err;        // standard error, trimmed
    QString error;      // when not ok: what failed, naming the command, its stderr and what to do
};

// One Slurm command as a child process of its own (QProcess: fork + exec, nothing shared), found
// on PATH, killed after `timeoutMs`. A command that is not installed says so and what to do
// ("sbatch not found: install slurm-client or run on a login node").
class SlurmCommand
{
public:
    static CommandResult run(const QString &program, const QStringList &arguments, int timeoutMs);
    // The command line as a person would type it again, for messages.
    static QString shown(const QString &program, const QStringList &arguments);
};

} // namespace gatefold::slurm
