#pragma once

#include <QStringList>

namespace gatefold::cli {

// `gatefold-cli queue`: runs already queued in a store, started N at a time as
// detached engines (what the window hands over when it quits and its runs
// keep going). It takes the runs over in the store first, so no window offers
// them as stranded while it lives.
int runQueueCommand(const QStringList &arguments);

} // namespace gatefold::cli
