#pragma once

#include <QStringList>

namespace gatefold::cli {

// `gatefold-cli demo`: builds a model from a preset, prints its cost table and
// times forward+backward steps on random images.
int runDemo(const QStringList &arguments);

} // namespace gatefold::cli
