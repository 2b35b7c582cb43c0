#pragma once

#include "store/storetypes.h"

#include <QIcon>
#include <QString>

namespace gatefold::widgets {

// A coloured dot per run status (queued grey, running blue, finished green,
// failed red, cancelled amber, crashed purple) and its translated name.
QIcon statusIcon(store::RunStatus status);
QString statusText(store::RunStatus status);

} // namespace gatefold::widgets
