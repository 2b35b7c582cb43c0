#include "slurmrequest.h"
#include "clitext.h"

#include <QCommandLineParser>

namespace gatefold::cli {
namespace {

// The options that mean something only with --slurm (--nproc too where it is not the engine's:
// train and resume take it for ranks on this machine, or with --slurm ranks per node).
const QStringList kSlurmOptions = {"partition", "time", "cpus-per-task", "gres", "nodes", "sbatch-arg", "wait"};

std::optional<QString> given(const QCommandLineParser &parser, const char *name)
{
    return parser.isSet(name) ? std::optional(parser.value(name)) : std::nullopt;
}

} // namespace

void addSlurmOptions(QCommandLineParser &parser, bool engineNproc)
{
    parser.addOption({"slurm", tr("Submit to Slurm as a job array, one task per run, instead of training here; exits "
                                  "once Slurm accepted it (README, \"Cluster\").")});
    parser.addOption({"partition", tr("Slurm: the partition (default: the cluster's default one)."), tr("name")});
    parser.addOption({"time", tr("Slurm: the time limit of each task (minutes, HH:MM:SS or D-HH:MM:SS)."), tr("limit")});
    parser.addOption({"cpus-per-task", tr("Slurm: CPU cores per engine process; runs with compute.threads = 0 use "
                                          "that many threads."),
                      tr("n")});
    parser.addOption({"gres", tr("Slurm: generic resources per node, e.g. gpu:1."), tr("list")});
    parser.addOption({"nodes", tr("Slurm: nodes per run (default 1; more than 1 needs a postgresql:// store)."), tr("m")});
    if (!engineNproc)
        parser.addOption({"nproc", tr("Slurm: engine processes (data-parallel ranks) per node, started by srun "
                                      "(default 1)."),
                          tr("n")});
    parser.addOption({"sbatch-arg", tr("Slurm: one more sbatch option, as --name=value (repeatable), e.g. "
                                       "--sbatch-arg=--account=lab."),
                      tr("option")});
    parser.addOption({"wait", tr("Slurm: follow the tasks until every one has ended; the exit status is then the "
                                 "runs' (as without --slurm).")});
}

std::optional<SlurmRequest> slurmRequest(const QCommandLineParser &parser, const QStringList &refused,
                                         QStringList *problems, bool engineNproc)
{
    if (!parser.isSet("slurm")) {
        QStringList slurmOnly = kSlurmOptions;
        if (!engineNproc)
            slurmOnly << QStringLiteral("nproc");  // a sweep's --nproc is the Slurm submission's
        for (const QString &name : slurmOnly)
            if (parser.isSet(name))
                problems->append(tr("--%1 needs --slurm (it is an option of the Slurm submission)").arg(name));
        return std::nullopt;
    }
    for (const QString &name : refused)
        if (parser.isSet(name))
            problems->append(tr("--%1 cannot be combined with --slurm: the tasks run the engine with the run's own "
                                "settings")
                                 .arg(name));
    SlurmRequest request;
    request.given = {given(parser, "partition"), given(parser, "time"),  given(parser, "cpus-per-task"),
                     given(parser, "gres"),      given(parser, "nodes"), given(parser, "nproc"),
                     parser.isSet("sbatch-arg") ? std::optional(parser.values("sbatch-arg")) : std::nullopt};
    request.wait = parser.isSet("wait");
    const auto options = slurm::readSlurmOptions(request.given, slurm::SlurmOptions{}, problems);
    if (!options)
        return std::nullopt;
    request.options = *options;
    return request;
}

} // namespace gatefold::cli
