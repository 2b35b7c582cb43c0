#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace gatefold::slurm {

// How a run (or each run of a sweep) asks Slurm for resources: the sbatch
// options Gatefold writes into its script (sbatchscript.h). Recorded with the
// run as JSON (toJson), so Resume resubmits with the same ones.
struct SlurmOptions {
    QString partition;       // --partition; empty: the cluster's default partition
    QString time;            // --time (minutes, [D-]HH:MM[:SS], …); empty: the partition's limit
    int cpusPerTask = 0;     // --cpus-per-task; 0: Slurm's default (1)
    QString gres;            // --gres (e.g. gpu:1); empty: none
    int nodes = 1;           // --nodes
    int nproc = 1;           // ranks per node (--ntasks-per-node), each a data-parallel engine process
    QStringList sbatchArgs;  // further sbatch options, one each, written as they are ("--account=lab")

    // More than one engine process per run: the script starts them with srun.
    bool distributed() const { return nodes > 1 || nproc > 1; }
    bool operator==(const SlurmOptions &other) const;
    bool operator!=(const SlurmOptions &other) const { return !(*this == other); }
};

// What each option was given as on a command line (unset: not given), before it is read.
struct SlurmOptionTexts {
    std::optional<QString> partition;
    std::optional<QString> time;
    std::optional<QString> cpusPerTask;
    std::optional<QString> gres;
    std::optional<QString> nodes;
    std::optional<QString> nproc;
    std::optional<QStringList> sbatchArgs;
};

// `base` (defaults, or the options a run was submitted with) with the options
// `texts` gives in their place (sbatch options as a list: given ones replace the base's, and an
// empty one, --sbatch-arg=, stands for none), each checked: nullopt with every problem in
// `problems` ("--time '1 hour' is not a Slurm time: …"), each saying what to write.
std::optional<SlurmOptions> readSlurmOptions(const SlurmOptionTexts &texts, const SlurmOptions &base,
                                             QStringList *problems);
// What is wrong with options built elsewhere (a stored JSON, a window's form): one line each; empty when nothing.
QStringList slurmOptionProblems(const SlurmOptions &options);

// The options as the store records them, and back. fromJson: nullopt with `error` naming
// what is wrong (not JSON, a field of the wrong type, an option that is not valid).
QByteArray toJson(const SlurmOptions &options);
std::optional<SlurmOptions> slurmOptionsFromJson(const QByteArray &json, QString *error);

} // namespace gatefold::slurm
