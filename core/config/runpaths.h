#pragma once

#include "trainconfig.h"

#include <QString>

namespace gatefold::train {

// `config` with every path setting (Field::path: data.path,
// data.val_labels, init.from) absolute: a relative one is taken against
// `base` (the working directory of the process that creates the run), a
// leading "~/" against $HOME, and cleaned ("a/../b" is "b"). A run is resumed,
// re-run and queued from anywhere and must read the same files wherever that is.
RunConfig withAbsolutePaths(RunConfig config, const QString &base);
RunConfig withAbsolutePaths(RunConfig config);  // against the current working directory

} // namespace gatefold::train
