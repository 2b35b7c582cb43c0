#include "runsslurmview.h"
#include "clitext.h"

#include "clicommon.h"

#include "slurm/slurmclient.h"
#include "store/runstore.h"
#include "store/storetext.h"

#include <QDateTime>
#include <QDir>

namespace gatefold::cli {
namespace {

QString shownTime(double unixSeconds)
{
    return QDateTime::fromMSecsSinceEpoch(qint64(unixSeconds * 1000)).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

} // namespace

RunsSlurmView::RunsSlurmView(store::RunStore &store, const std::vector<qint64> &runIds)
{
    if (store.latestSlurmJobs().empty())
        return;  // no run was ever submitted: Slurm is not asked (it need not be installed)
    m_states = launch::SlurmRunStates::of(store, slurm::SlurmClient(), runIds);
    if (!m_states.problem.isEmpty() && any())
        printErr(tr("warning: cannot ask Slurm where the runs' jobs are (shown as ?; the store's status stands): %1. "
                    "On a machine of the cluster, `scontrol ping` says whether its controller answers")
                     .arg(store::escapedForTerminal(m_states.problem)));
}

QString RunsSlurmView::cell(qint64 runId) const
{
    const launch::SlurmRunState *s = m_states.find(runId);
    if (!s)
        return QStringLiteral("-");
    const QString state = m_states.problem.isEmpty() ? slurm::toString(s->state) : QStringLiteral("?");
    return QStringLiteral("%1 %2").arg(store::escapedForTerminal(s->job.jobId), state);
}

QJsonObject RunsSlurmView::json(qint64 runId) const
{
    const launch::SlurmRunState *s = m_states.find(runId);
    if (!s)
        return {};
    return launch::slurmStateJson(*s, m_states.problem.isEmpty());
}

QStringList RunsSlurmView::lines(store::RunStore &store, qint64 runId) const
{
    const auto jobs = store.slurmJobs(runId);
    if (jobs.empty())
        return {};
    QStringList out{tr("  slurm: job %1 (%2), submitted %3, script %4")
                        .arg(cell(runId).section(QLatin1Char(' '), 0, 0), cell(runId).section(QLatin1Char(' '), 1),
                             shownTime(jobs.back().submitted),
                             store::escapedForTerminal(QDir::toNativeSeparators(jobs.back().script)))};
    for (size_t i = jobs.size() - 1; i-- > 0;)
        out << tr("  slurm before: job %1, submitted %2")
                   .arg(store::escapedForTerminal(jobs[i].jobId), shownTime(jobs[i].submitted));
    return out;
}

} // namespace gatefold::cli
