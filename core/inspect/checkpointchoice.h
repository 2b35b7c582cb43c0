#pragma once

// The checkpoint names (best, last, epoch:N) live in core/train, where resume
// uses them too; inspect and export keep their names for them.
#include "train/checkpointchoice.h"

namespace gatefold::inspect {

using train::CheckpointChoice;
using train::chooseCheckpoint;

} // namespace gatefold::inspect
