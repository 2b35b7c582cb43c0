#pragma once

#include "clicommon.h"
#include "slurmrequest.h"

#include "config/sweepgrid.h"
#include "search/ashasettings.h"
#include "train/datacheck.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

class QCommandLineParser;

namespace gatefold::cli {

// What `sweep` is asked to run, every point checked as train checks a run
// before it creates it: nothing of it is created unless all of it is valid.
struct SweepRequest {
    QString storePath;
    QByteArray gridJson;                     // the grid file as read, recorded with the sweep
    train::SweepPlan plan;                   // its points with absolute paths and their share of the cores
    std::vector<train::DataFacts> dataFacts; // per point, recorded with its run
    int parallel = 1;                        // runs at a time
    bool json = false;
    std::optional<SlurmRequest> slurm;       // --slurm: the runs go to Slurm as one job array
    std::optional<search::AshaSettings> asha;  // --early-stop asha: runs pause at rungs, the best go on
    // What the store records as the sweep's search settings (Sweep::searchJson).
    QByteArray searchJson() const;
};

void addSweepOptions(QCommandLineParser &parser);
// The request the options and the grid file give; nullopt with `error`
// (every problem at once, ExitUsage). Warnings about the points are printed
// to stderr on the way, each once.
std::optional<SweepRequest> sweepRequest(const QCommandLineParser &parser, CommandError *error);

} // namespace gatefold::cli
