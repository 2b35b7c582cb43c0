#include "runproblems.h"
#include "clitext.h"

#include "store/runstore.h"
#include "store/storetext.h"

namespace gatefold::cli {

CommandError damagedRunError(const store::RunStore &store, const store::RunRecord &record)
{
    return {ExitFailure,
            {tr("error: run %1 is damaged (%2); it was left as it is and cannot be started or resumed. Repair its "
                "record with sqlite3, or delete it (gatefold-cli runs delete %1 --store %3).")
                 .arg(record.id)
                 .arg(store::escapedForTerminal(record.damage), store.displayName())}};
}

std::optional<CommandError> queuedRunProblem(const store::RunStore &store, qint64 runId,
                                             const std::optional<store::RunRecord> &record)
{
    if (!record)
        return CommandError{ExitUsage, {tr("error: there is no run %1 in %2").arg(runId).arg(store.displayName())}};
    if (!record->damage.isEmpty())
        return damagedRunError(store, *record);
    if (record->status != store::RunStatus::Queued)
        return CommandError{ExitUsage,
                            {tr("error: run %1 is %2, not queued; use `gatefold-cli resume --run %1` to continue it")
                                 .arg(runId)
                                 .arg(store::toString(record->status))}};
    return std::nullopt;
}

std::optional<CommandError> resumeProblem(const store::RunStore &store, qint64 runId,
                                          const std::optional<store::RunRecord> &record)
{
    if (!record)
        return CommandError{ExitUsage, {tr("error: there is no run %1 in %2").arg(runId).arg(store.displayName())}};
    if (!record->damage.isEmpty())
        return damagedRunError(store, *record);
    if (store::isAllowedTransition(record->status, store::RunStatus::Running)
        && record->status != store::RunStatus::Queued)
        return std::nullopt;
    return CommandError{
        ExitUsage,
        {record->status == store::RunStatus::Running
             ? tr("error: run %1 is running (pid %2 on %3); stop it first").arg(runId).arg(record->pid).arg(record->host)
             : tr("error: run %1 is %2; only failed, cancelled, crashed or stopped runs can be resumed%3")
                   .arg(runId)
                   .arg(store::toString(record->status),
                        record->status == store::RunStatus::Queued ? tr(" (start it with train --run)") : QString())}};
}

} // namespace gatefold::cli
