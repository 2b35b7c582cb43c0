#pragma once

#include "clicommon.h"
#include "initcheckpoint.h"
#include "slurmrequest.h"

#include "config/trainconfig.h"
#include "launch/newrun.h"
#include "train/datacheck.h"

#include <QString>

#include <optional>

class QCommandLineParser;

namespace gatefold::cli {

// What `train` is asked to do, read and checked before any store is opened:
// train a run already queued (--run), or create one from a config that is
// valid, whose data set was checked and whose --init-from file fits it.
struct TrainRequest {
    QString storePath;
    bool json = false;
    qint64 stopAtStep = -1;                // -1: no --stop-at-step
    qint64 stopAtEpoch = -1;               // -1: no --stop-at-epoch
    int nproc = 0;                         // --nproc: ranks on this machine (0: the run's compute.processes)
    bool acceptModifiedCheckpoint = false;
    std::optional<qint64> queuedRunId;     // --run: that run with its own config; nothing below is read
    train::RunConfig config;               // the new run's, with absolute paths
    train::DataFacts dataFacts;            // what its data set holds, recorded with the run
    launch::QueuedRunDetails details;      // its name, tags and notes
    std::optional<InitCheckpoint> init;    // a checkpoint file to start from, verified
    std::optional<QString> initFromRun;    // --init-from RUN, RUN:best or RUN:last: verified once the store is open
    std::optional<SlurmRequest> slurm;     // --slurm: the run goes to Slurm instead of training here
};

void addTrainOptions(QCommandLineParser &parser);
// The request the options give; nullopt with `error` (every problem with the
// options at once, ExitUsage). Warnings about the data set and the resources
// are printed to stderr on the way.
std::optional<TrainRequest> trainRequest(const QCommandLineParser &parser, CommandError *error);

} // namespace gatefold::cli
