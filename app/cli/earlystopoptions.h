#pragma once

// sweep's early stopping options (issue 21): --early-stop asha --metric --mode --rungs --eta, and
// --continue ID.

#include "search/ashasettings.h"

#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace gatefold::cli {

void addEarlyStopOptions(QCommandLineParser &parser);
// The early stopping the options ask for (nullopt: none); problems go to `errors`. Checked against
// runs of `shortestEpochs` epochs (0: not known yet).
std::optional<search::AshaSettings> earlyStopFromOptions(const QCommandLineParser &parser, int shortestEpochs,
                                                         QStringList *errors);

} // namespace gatefold::cli
