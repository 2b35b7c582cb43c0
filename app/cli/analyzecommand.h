#pragma once

#include <QStringList>

namespace gatefold::cli {

// gatefold-cli analyze: the "see inside" views of a run's checkpoint
// (core/inspect) written as report.json, CSV tables and PNG pictures.
int runAnalyze(const QStringList &arguments);

} // namespace gatefold::cli
