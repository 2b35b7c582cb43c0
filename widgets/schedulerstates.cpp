#include "schedulerstates.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace gatefold::widgets {
namespace {

constexpr int kEveryMs = 5000;       // squeue is cheap; a pending job starts within seconds
constexpr int kStopWaitMs = 3000;    // at the end: a listing is only read, it may be cut short

} // namespace

SchedulerStates::SchedulerStates(QString enginePath, QString storePath, QObject *parent)
    : QObject(parent)
    , m_enginePath(std::move(enginePath))
    , m_storePath(std::move(storePath))
{
    m_timer.setInterval(kEveryMs);
    connect(&m_timer, &QTimer::timeout, this, &SchedulerStates::refresh);
}

SchedulerStates::~SchedulerStates()
{
    if (m_process) {
        m_process->disconnect(this);
        if (!m_process->waitForFinished(kStopWaitMs))
            m_process->kill();
        m_process->waitForFinished(kStopWaitMs);
    }
}

void SchedulerStates::setWatching(bool on)
{
    if (on == isWatching())
        return;
    if (on) {
        m_timer.start();
        refresh();
        return;
    }
    m_timer.stop();
    refresh();  // the last word on the runs that ended
}

void SchedulerStates::refresh()
{
    if (m_process) {
        m_again = true;
        return;
    }
    m_process = std::make_unique<QProcess>();
    connect(m_process.get(), &QProcess::finished, this, &SchedulerStates::answered);
    connect(m_process.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            answered();
    });
    m_process->start(m_enginePath, {QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--store"),
                                    m_storePath, QStringLiteral("--json")});
}

const launch::SlurmStateLine *SchedulerStates::find(qint64 runId) const
{
    const auto it = m_states.find(runId);
    return it == m_states.end() ? nullptr : &it->second;
}

void SchedulerStates::answered()
{
    std::unique_ptr<QProcess> process = std::move(m_process);
    process->disconnect(this);
    const bool ok = process->error() != QProcess::FailedToStart && process->exitStatus() == QProcess::NormalExit;
    // Exit 1 with every line printed is a store with a damaged record: the listing still holds.
    std::map<qint64, launch::SlurmStateLine> states;
    for (const QByteArray &line : process->readAllStandardOutput().split('\n')) {
        const QJsonObject run = QJsonDocument::fromJson(line).object();
        if (const auto state = launch::slurmStateFromJson(run.value(QStringLiteral("slurm")).toObject()))
            states.emplace(run.value(QStringLiteral("id")).toInteger(), *state);
    }
    const QString problem = !ok || process->exitCode() > 1
                              ? tr("the runs' Slurm states could not be read (gatefold-cli runs list: %1)")
                                    .arg(process->error() == QProcess::FailedToStart
                                             ? process->errorString()
                                             : QString::fromUtf8(process->readAllStandardError()).trimmed())
                              : QString();
    process.release()->deleteLater();  // this runs inside its own signal
    if (problem.isEmpty() && states != m_states) {
        m_states = std::move(states);
        m_problem.clear();
        Q_EMIT changed();
    } else if (problem != m_problem) {
        m_problem = problem;
        Q_EMIT changed();
    }
    if (std::exchange(m_again, false))
        refresh();
}

} // namespace gatefold::widgets
