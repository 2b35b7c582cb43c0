#pragma once

#include "clicommon.h"

#include <QString>

#include <optional>
#include <vector>

class QCommandLineParser;

namespace gatefold::cli {

// What `runs` (list, show or delete) is asked to do, read and checked before the store is opened.
struct RunsRequest {
    enum class Action { List, Show, Delete, Cancel };
    Action action = Action::List;
    qint64 runId = 0;    // show, delete
    std::vector<qint64> runIds;  // cancel
    qint64 sweepId = 0;  // list: 0 for every run
    QString where;       // list: a run query (core/tables/runquery.h); empty: every run
    QString storePath;
    bool json = false;
    bool files = false;  // delete: the run's directory too
};

void addRunsOptions(QCommandLineParser &parser);
// The request the options and positional arguments give; nullopt with `error` (ExitUsage).
std::optional<RunsRequest> runsRequest(const QCommandLineParser &parser, CommandError *error);

} // namespace gatefold::cli
