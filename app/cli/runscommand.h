#pragma once

#include <QStringList>

namespace gatefold::cli {

int runRuns(const QStringList &arguments);

} // namespace gatefold::cli
