#pragma once

#include <QStringList>

namespace gatefold::cli {

// `gatefold-cli schedule`: the joining strength λ over a run of a given
// length, as the trainer will set it (warm-up, adjustment, start stage).
int runSchedule(const QStringList &arguments);

} // namespace gatefold::cli
