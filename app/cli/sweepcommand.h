#pragma once

#include <QStringList>

namespace gatefold::cli {

int runSweep(const QStringList &arguments);

} // namespace gatefold::cli
