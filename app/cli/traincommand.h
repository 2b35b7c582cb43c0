#pragma once

#include <QStringList>

namespace gatefold::cli {

int runTrain(const QStringList &arguments);
int runResume(const QStringList &arguments);

} // namespace gatefold::cli
