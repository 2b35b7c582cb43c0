#pragma once

#include "slurm/slurmoptions.h"

#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace gatefold::cli {

// What --slurm and its options ask of sweep, train and resume, read and checked before any store
// is opened: the options as given (resume lays them over the run's recorded ones), those over
// Slurm's defaults, and whether to follow the tasks to their end.
struct SlurmRequest {
    slurm::SlurmOptionTexts given;
    slurm::SlurmOptions options;  // `given` over the defaults
    bool wait = false;
};

// --slurm, --partition, --time, --cpus-per-task, --gres, --nodes, --nproc, --sbatch-arg, --wait.
// `engineNproc`: the command has --nproc already (train, resume: ranks on this machine, or with
// --slurm ranks per node); a sweep gets it here, as a Slurm option.
void addSlurmOptions(QCommandLineParser &parser, bool engineNproc = false);
// nullopt when --slurm is not given (then a Slurm option given anyway is a problem); with it, the
// options read and checked. `refused` names the command's options that mean nothing on Slurm.
// Every problem goes to `problems`.
std::optional<SlurmRequest> slurmRequest(const QCommandLineParser &parser, const QStringList &refused,
                                         QStringList *problems, bool engineNproc = false);

} // namespace gatefold::cli
