#include "jobstate.h"

#include <QCoreApplication>
#include <QStringList>

namespace gatefold::slurm {
namespace {

struct JobStateText {
    Q_DECLARE_TR_FUNCTIONS(JobStateText)
};

} // namespace

JobState jobStateFromSlurm(const QString &word)
{
    // squeue --format %T and sacct --format State (which may add " by <uid>" to CANCELLED).
    const QString state = word.trimmed().section(QLatin1Char(' '), 0, 0).toUpper();
    static const QStringList pending = {"PENDING", "REQUEUED", "REQUEUE_FED", "REQUEUE_HOLD", "RESV_DEL_HOLD",
                                        "SPECIAL_EXIT", "STAGE_OUT"};
    static const QStringList running = {"RUNNING", "CONFIGURING", "SUSPENDED", "RESIZING", "SIGNALING",
                                        "STOPPED"};
    static const QStringList failed = {"FAILED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY", "BOOT_FAIL",
                                       "DEADLINE", "PREEMPTED", "REVOKED"};
    if (pending.contains(state))
        return JobState::Pending;
    if (running.contains(state))
        return JobState::Running;
    if (state == QLatin1String("COMPLETING"))
        return JobState::Completing;
    if (state == QLatin1String("COMPLETED"))
        return JobState::Done;
    if (state == QLatin1String("CANCELLED"))
        return JobState::Cancelled;
    if (failed.contains(state))
        return JobState::Failed;
    return JobState::Unknown;
}

QString toString(JobState state)
{
    switch (state) {
    case JobState::Pending: return JobStateText::tr("pending");
    case JobState::Running: return JobStateText::tr("running");
    case JobState::Completing: return JobStateText::tr("completing");
    case JobState::Done: return JobStateText::tr("done");
    case JobState::Failed: return JobStateText::tr("failed");
    case JobState::Cancelled: return JobStateText::tr("cancelled");
    case JobState::Unknown: break;
    }
    return JobStateText::tr("unknown to Slurm");
}

QString stateKey(JobState state)
{
    switch (state) {
    case JobState::Pending: return QStringLiteral("pending");
    case JobState::Running: return QStringLiteral("running");
    case JobState::Completing: return QStringLiteral("completing");
    case JobState::Done: return QStringLiteral("done");
    case JobState::Failed: return QStringLiteral("failed");
    case JobState::Cancelled: return QStringLiteral("cancelled");
    case JobState::Unknown: break;
    }
    return QStringLiteral("unknown");
}

bool isLive(JobState state)
{
    return state == JobState::Pending || state == JobState::Running || state == JobState::Completing;
}

} // namespace gatefold::slurm
