#pragma once

#include <QStringList>

namespace gatefold::cli {

// `gatefold-cli cost`: the parameter/MAC table of a config per component and,
// for any config, the fold accounting (trained, folded, plain L/n, deep).
int runCost(const QStringList &arguments);

} // namespace gatefold::cli
