#pragma once

#include "store/storetypes.h"

#include <QIcon>
#include <QString>

namespace gatefold::widgets {

// A coloured dot per run status (queued grey, running blue, finished green,
// failed red, cancelled amber, crashed purple, stopped by early stopping teal)
// and its translated name.
QIcon statusIcon(store::RunStatus status);
QString statusText(store::RunStatus status);
// The run's status as the table shows it: "damaged" for a record the store found damaged (RunRecord::damage).
QString statusText(const store::RunRecord &run);

} // namespace gatefold::widgets
