#include "engineoptions.h"
#include "clitext.h"

#include "runoptions.h"

#include <QCommandLineParser>

namespace gatefold::cli {

void addEngineOptions(QCommandLineParser &parser)
{
    addStoreOption(parser);
    parser.addOption({"json", tr("Print one JSON object per line on stdout (for the GUI and scripts).")});
    parser.addOption({"stop-at-step",
                      tr("Stop as if cancelled once this many steps are taken (saves a checkpoint; resume continues)."),
                      tr("n")});
    parser.addOption({"stop-at-epoch",
                      tr("Stop once epoch N has ended, evaluated and saved, with the status 'stopped' (exit 0; a "
                         "sweep's early stopping waits there at a rung; resume continues)."),
                      tr("n")});
    parser.addOption({"nproc",
                      tr("Data-parallel: train with N processes (ranks) on this machine, Gloo on the CPU; "
                         "train.batch_size stays the global batch. For a new run the same as --set "
                         "compute.processes=N; with --run or resume, for this session only (a run resumes with "
                         "any number of processes). With --slurm: ranks per node, started by srun."),
                      tr("n")});
    parser.addOption({"accept-modified-checkpoint",
                      tr("Load a checkpoint although it is not what was written (its content hash or the store's "
                         "sha256 differs); recorded in the run as checkpoint/accepted-modified.")});
}

int nprocOption(const QCommandLineParser &parser, QStringList *errors)
{
    const auto n = wholeOption(parser, "nproc", errors);
    if (n && (*n < 1 || *n > 1024)) {
        errors->append(tr("--nproc must lie between 1 and 1024, not %1").arg(*n));
        return 0;
    }
    return n ? int(*n) : 0;
}

qint64 epochOption(const QCommandLineParser &parser, QStringList *errors)
{
    const auto n = wholeOption(parser, "stop-at-epoch", errors);
    if (n && *n < 1) {
        errors->append(tr("--stop-at-epoch must be 1 or more, not %1").arg(*n));
        return -1;
    }
    return n.value_or(-1);
}

std::optional<qint64> wholeOption(const QCommandLineParser &parser, const QString &name, QStringList *errors)
{
    if (!parser.isSet(name))
        return std::nullopt;
    bool ok = false;
    const qint64 v = parser.value(name).toLongLong(&ok);
    if (!ok || v < 0) {
        errors->append(tr("--%1 must be a whole number >= 0, not '%2'").arg(name, parser.value(name)));
        return std::nullopt;
    }
    return v;
}

} // namespace gatefold::cli
