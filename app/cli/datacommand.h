#pragma once

#include <QStringList>

namespace gatefold::cli {

// gatefold-cli data: what a run's data set holds (classes, sizes, per-class
// counts, normalisation), a grid of sample images, and a check of every file.
int runData(const QStringList &arguments);

} // namespace gatefold::cli
