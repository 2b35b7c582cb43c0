// RunTableModel: the cells about where and how a run trains — its processes (the world the engine
// recorded, or what it asks for), where Slurm has it — and the columns' names settings keep.

#include "runtablemodel.h"

#include "configdiff.h"
#include "worldtext.h"

#include "slurm/jobstate.h"
#include "store/storetypes.h"

#include <QColor>
#include <QDateTime>

#include <algorithm>
#include <iterator>
#include <set>

namespace gatefold::widgets {

namespace {

// Column names settings keep (never shown, never translated): in Column's order.
constexpr const char *kColumnKeys[] = {"id", "name", "status", "progress", "top1_last", "top1_best",
                                       "device", "processes", "tags", "notes", "created", "sweep"};
static_assert(std::size(kColumnKeys) == RunTableModel::ColumnCount);

} // namespace

QString RunTableModel::columnKey(int column) const
{
    if (column >= 0 && column < ColumnCount)
        return QString::fromLatin1(kColumnKeys[column]);
    return m_extra.value(column - ColumnCount);
}

int RunTableModel::columnOf(const QString &key) const
{
    for (int c = 0; c < ColumnCount; ++c)
        if (key == QLatin1String(kColumnKeys[c]))
            return c;
    const qsizetype extra = m_extra.indexOf(key);
    return extra < 0 ? -1 : ColumnCount + int(extra);
}

void RunTableModel::setSchedulerStates(const std::map<qint64, launch::SlurmStateLine> &states, const QString &problem)
{
    if (states == m_scheduler && problem == m_schedulerProblem)
        return;
    std::set<qint64> touched;
    for (const auto &[id, state] : m_scheduler)
        touched.insert(id);
    for (const auto &[id, state] : states)
        touched.insert(id);
    m_scheduler = states;
    m_schedulerProblem = problem;
    for (qint64 id : touched)
        if (const int r = rowOf(id); r >= 0)
            Q_EMIT dataChanged(index(r, Status), index(r, Status));
}

// A job Slurm forgot (no accounting, past MinJobAge) says nothing of a run that ended: the store's
// status does; of a run still queued or running it says much.
QString RunTableModel::schedulerText(qint64 runId) const
{
    const auto it = m_scheduler.find(runId);
    const int r = rowOf(runId);
    if (it == m_scheduler.end() || r < 0)
        return {};
    const auto &state = it->second.state;
    if (!state || !m_schedulerProblem.isEmpty())
        return QStringLiteral(" · ") + tr("Slurm ?");
    if (*state != slurm::JobState::Unknown)
        return QStringLiteral(" · ") + tr("Slurm %1").arg(slurm::toString(*state));
    return store::isTerminal(m_rows[size_t(r)].run.status) ? QString() : QStringLiteral(" · ") + tr("gone from Slurm");
}

QString RunTableModel::schedulerTip(qint64 runId) const
{
    const auto it = m_scheduler.find(runId);
    if (it == m_scheduler.end())
        return {};
    const launch::SlurmStateLine &s = it->second;
    const QString where = s.state && m_schedulerProblem.isEmpty()
                            ? slurm::toString(*s.state)
                            : tr("not known now: %1").arg(m_schedulerProblem.isEmpty() ? tr("Slurm could not be asked")
                                                                                      : m_schedulerProblem);
    return tr("Slurm job %1: %2; submitted %3; script %4")
        .arg(s.job, where,
             QDateTime::fromSecsSinceEpoch(qint64(s.submitted)).toString(QStringLiteral("yyyy-MM-dd HH:mm")), s.script);
}

QVariant RunTableModel::processesData(int r, int role) const
{
    const store::RunVersions &versions = versionsOf(r);
    const int configured = std::max(1, configOf(r).value(QStringLiteral("compute.processes")).toInt(1));
    switch (role) {
    case Qt::ToolTipRole:
        return worldtext::details(versions, configured);
    case Qt::ForegroundRole:  // asked for, not (yet) what trained it
        return versions.recorded ? QVariant() : QVariant(QColor(Qt::gray));
    default:
        return versions.recorded ? versions.worldSize : configured;
    }
}

const QJsonObject &RunTableModel::configOf(int r) const
{
    Row &row = m_rows[size_t(r)];
    if (!row.configRead) {
        row.config = flattenConfig(row.run.configJson);
        row.configRead = true;
    }
    return row.config;
}

const store::RunVersions &RunTableModel::versionsOf(int r) const
{
    Row &row = m_rows[size_t(r)];
    if (!row.versionsRead) {
        row.versions = store::RunVersions::fromJson(row.run.versions);
        row.versionsRead = true;
    }
    return row.versions;
}

} // namespace gatefold::widgets
