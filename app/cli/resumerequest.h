#pragma once

#include "clicommon.h"
#include "slurmrequest.h"

#include <QString>

#include <optional>

class QCommandLineParser;

namespace gatefold::cli {

// What `resume` is asked to continue, read and checked before the store is opened.
struct ResumeRequest {
    QString storePath;
    qint64 runId = 0;
    QString from;                          // last, best or epoch:N
    qint64 stopAtStep = -1;                // -1: no --stop-at-step
    qint64 stopAtEpoch = -1;               // -1: no --stop-at-epoch
    int nproc = 0;                         // --nproc: ranks for this session (0: the run's compute.processes)
    bool acceptModifiedCheckpoint = false;
    bool json = false;
    std::optional<SlurmRequest> slurm;     // --slurm: resubmitted to Slurm (options over the run's recorded ones)
};

void addResumeOptions(QCommandLineParser &parser);
// The request the options give; nullopt with `error` (every problem with the options at once, ExitUsage).
std::optional<ResumeRequest> resumeRequest(const QCommandLineParser &parser, CommandError *error);

} // namespace gatefold::cli
