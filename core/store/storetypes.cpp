#include "storetypes.h"

namespace gatefold::store {
namespace {

struct StatusName {
    RunStatus status;
    const char *name;
};

constexpr StatusName kNames[] = {
    {RunStatus::Queued, "queued"},     {RunStatus::Running, "running"},     {RunStatus::Finished, "finished"},
    {RunStatus::Failed, "failed"},     {RunStatus::Cancelled, "cancelled"}, {RunStatus::Crashed, "crashed"},
    {RunStatus::Stopped, "stopped"},
};

} // namespace

QString toString(RunStatus status)
{
    for (const auto &n : kNames)
        if (n.status == status)
            return QString::fromLatin1(n.name);
    return {};
}

std::optional<RunStatus> runStatusFromString(const QString &text)
{
    for (const auto &n : kNames)
        if (text == QLatin1String(n.name))
            return n.status;
    return std::nullopt;
}

bool isTerminal(RunStatus status)
{
    return status != RunStatus::Queued && status != RunStatus::Running;
}

bool isResumable(RunStatus status)
{
    return status == RunStatus::Failed || status == RunStatus::Cancelled || status == RunStatus::Crashed
        || status == RunStatus::Stopped;
}

bool isAllowedTransition(RunStatus from, RunStatus to)
{
    switch (from) {
    case RunStatus::Queued:
        return to == RunStatus::Running || to == RunStatus::Cancelled || to == RunStatus::Failed;
    case RunStatus::Running:
        return isTerminal(to);
    case RunStatus::Failed:
    case RunStatus::Cancelled:
    case RunStatus::Crashed:
        return to == RunStatus::Running;  // resumed
    case RunStatus::Stopped:
        // Resumed (promoted, or by hand), or given up: a sweep abandoned while its run waits at a rung.
        return to == RunStatus::Running || to == RunStatus::Cancelled;
    case RunStatus::Finished:
        return false;
    }
    return false;
}

} // namespace gatefold::store
