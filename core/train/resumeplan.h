#pragma once

#include "checkpoint.h"
#include "checkpointchoice.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::train {

// Which checkpoint a resume continues from, decided before the run is claimed
// (nothing is written): its file checked against its seal and the store's
// record. A checkpoint that is not what was written is refused with what to
// do, unless the user accepts it (--accept-modified-checkpoint).
struct ResumePlan {
    std::optional<CheckpointChoice> chosen;  // none: the run has no checkpoint and starts over
    CheckpointTrust trust;                   // what the trainer's load checks
    CheckpointCheck check;
    bool acceptNow = false;                  // accepted by this command: record it
    // Other recorded checkpoints whose files are damaged or changed: moved
    // aside and recorded when resuming from another one.
    std::vector<std::pair<CheckpointChoice, CheckpointCheck>> damaged;
};

// `from`: "last", "best" or "epoch:N".
std::optional<ResumePlan> planResume(store::RunStore &store, qint64 runId, const QString &from, bool acceptModified,
                                     QString *error);

// After the claim: records the acceptance, moves damaged files aside into
// <run dir>/damaged/ (recorded as checkpoint/damaged, their other records
// pointed there) and points checkpoint/last at the chosen checkpoint, all
// before a step is taken. `notes` gets what was done, for the user.
bool applyResumePlan(store::RunStore &store, qint64 runId, const ResumePlan &plan, QStringList *notes, QString *error);

} // namespace gatefold::train
