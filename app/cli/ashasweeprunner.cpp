#include "ashasweeprunner.h"
#include "clitext.h"

#include "clicommon.h"

#include "search/ashastore.h"
#include "store/runstore.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <QThread>

#include <algorithm>

namespace gatefold::cli {
namespace {

// What sets a run apart in its sweep: its name after the sweep's ("lr optim.lr=0.001 seed=0" → the rest).
QString labelOf(const store::RunRecord &run, const QString &sweepName)
{
    return run.name.startsWith(sweepName + QLatin1Char(' ')) ? run.name.mid(sweepName.size() + 1) : run.name;
}

} // namespace

AshaSweepRunner::AshaSweepRunner(store::RunStore &store, qint64 sweepId, const search::AshaSettings &settings,
                                 const SweepPrinter &printer, int parallel, std::unique_ptr<AshaSlurmSlots> slurm)
    : m_store(store)
    , m_sweepId(sweepId)
    , m_controller(store, sweepId, settings)
    , m_printer(printer)
    , m_parallel(parallel)
    , m_slurm(std::move(slurm))
{
    if (m_slurm)
        m_slurm->cancelUntaken(store.runs(sweepId));  // an earlier controller's jobs no engine took yet
    const auto sweep = store.sweep(sweepId);
    for (const auto &r : store.runs(sweepId)) {
        m_labels[r.id] = labelOf(r, sweep ? sweep->name : QString());
        if (r.status == store::RunStatus::Running)
            m_foreign.insert(r.id);  // its engine lives (dead ones were marked crashed before)
    }
}

// Runs that paused at a rung while no controller ran (their engine outlived a killed one, and
// ended before this one started): decided on now, as the controller they ended under would have.
void AshaSweepRunner::decideArrivedMeanwhile()
{
    QString error;
    for (const search::AshaRun &r : search::readAshaRuns(m_store, m_sweepId, m_controller.settings(), {}, &error)) {
        const auto record = m_store.run(r.id);
        if (r.phase != search::RunPhase::Waiting || !record || record->status != store::RunStatus::Stopped)
            continue;
        bool decided = false;
        for (const auto &s : m_store.snapshots(r.id, QStringLiteral("asha")))
            decided = decided || QJsonDocument::fromJson(s.dataJson).object().value("rung").toInt(-1) == r.reached();
        if (!decided)
            m_controller.arrived(r.id);
    }
}

SweepTally AshaSweepRunner::run(const std::atomic<bool> &stop)
{
    decideArrivedMeanwhile();
    for (;;) {
        if (stop.load() && !m_stopping)
            stopAll();
        if (!m_stopping)
            startJobs();
        if (m_running.empty() && !(m_slurm && m_slurm->inFlight() > 0) && (m_stopping || m_foreign.empty()))
            break;
        if (m_slurm)
            followSlurm();
        else
            followRunning();
        followForeign();
    }
    m_controller.refreshWaiting();
    return finalTally();
}

void AshaSweepRunner::stopAll()
{
    m_stopping = true;
    for (auto &c : m_running)
        c.terminate();
    if (m_slurm)
        m_slurm->cancelAll();
    for (const auto &r : m_store.runs(m_sweepId))
        if (r.status == store::RunStatus::Queued)
            m_store.cancelQueuedRun(r.id, tr("the sweep was stopped before this run started; `gatefold-cli sweep "
                                             "--continue %1` goes on")
                                              .arg(m_sweepId));
}

// Runs of the sweep an engine not started by this controller holds (one an earlier controller started
// before it died, seen when it claims its run): followed, so that its run is decided on when it pauses.
void AshaSweepRunner::noticeForeign()
{
    for (const auto &r : m_store.runs(m_sweepId)) {
        const bool ours = std::any_of(m_running.begin(), m_running.end(),
                                      [&](const EngineChild &c) { return c.runId() == r.id; })
                       || (m_slurm && m_slurm->holds(r.id));
        if (r.status == store::RunStatus::Running && !ours && m_foreign.insert(r.id).second)
            m_changed = true;
    }
}

void AshaSweepRunner::startJobs()
{
    noticeForeign();
    while (m_changed && int(m_running.size() + m_foreign.size()) + (m_slurm ? m_slurm->inFlight() : 0) < m_parallel) {
        const search::AshaJob job = m_controller.next(m_parallel);
        if (job.kind == search::AshaJob::Kind::None)
            m_changed = false;
        if (job.kind == search::AshaJob::Kind::None || !start(job))
            break;
    }
}

// The job's engine; false (the run left alone, counted failed) when it cannot start.
bool AshaSweepRunner::start(const search::AshaJob &job)
{
    using Kind = search::AshaJob::Kind;
    QStringList arguments{job.kind == Kind::Start ? QStringLiteral("train") : QStringLiteral("resume"), "--run",
                          QString::number(job.runId), "--store", m_store.path(), "--json"};
    if (job.stopAtEpoch > 0)
        arguments << "--stop-at-epoch" << QString::number(job.stopAtEpoch);
    EngineChild child(job.runId, m_labels[job.runId]);
    QString error;
    if (m_slurm ? !m_slurm->submit(job, child.label(), &error) : !child.start(arguments, &error)) {
        if (job.kind == Kind::Start)
            m_store.setStatus(job.runId, store::RunStatus::Failed, tr("cannot start the engine: %1").arg(error));
        else
            ++m_failedToStart;  // the run keeps its status (stopped or cancelled): counted failed here
        printErr(tr("error: run %1: cannot start the engine: %2").arg(job.runId).arg(error));
        m_controller.leaveAlone(job.runId);
        return false;
    }
    const QString to = job.stopAtEpoch > 0 ? tr("to epoch %1").arg(job.stopAtEpoch) : tr("to its end");
    const QString what = job.kind == Kind::Start      ? tr("%1, %2").arg(child.label(), to)
                       : job.kind == Kind::Promote ? tr("%1, promoted from rung %2, %3").arg(child.label()).arg(job.fromRung + 1).arg(to)
                                                   : tr("%1, continued %2").arg(child.label(), to);
    m_printer.runStarted(job.runId, what);
    m_controller.engineStarted(job.runId);
    if (!m_slurm)
        m_running.push_back(std::move(child));
    return true;
}

void AshaSweepRunner::followRunning()
{
    if (m_running.empty()) {
        QThread::msleep(200);
        return;
    }
    for (auto it = m_running.begin(); it != m_running.end();) {
        if (it->follow(m_printer, m_running.size() > 1 ? 50 : 200)) {
            if (it->status() == QLatin1String("crashed"))
                m_store.markCrashedRuns();
            ended(it->runId(), it->label(), it->status(), it->message());
            it = m_running.erase(it);
        } else {
            ++it;
        }
    }
}

// Engines of an earlier controller: once their run is no longer running, it is decided on like ours.
void AshaSweepRunner::followForeign()
{
    if (m_foreign.empty())
        return;
    m_store.markCrashedRuns();
    for (auto it = m_foreign.begin(); it != m_foreign.end();) {
        const auto run = m_store.run(*it);
        if (run && run->status == store::RunStatus::Running) {
            ++it;
            continue;
        }
        m_controller.engineEnded(*it);
        m_changed = true;
        if (run && run->status == store::RunStatus::Stopped)
            m_controller.arrived(*it);
        it = m_foreign.erase(it);
    }
}

// The Slurm jobs whose runs ended: decided on like the children's.
void AshaSweepRunner::followSlurm()
{
    for (const AshaSlurmSlots::Ended &e : m_slurm->follow()) {
        if (!e.taken && !m_stopping) {  // (stopping: a job still pending was cancelled, not failed)
            const auto run = m_store.run(e.runId);
            if (run && run->status != store::RunStatus::Failed)
                ++m_failedToStart;  // the run keeps its status (stopped or cancelled): counted failed here
        }
        ended(e.runId, e.label, e.status, e.message);
    }
}

void AshaSweepRunner::ended(qint64 runId, const QString &label, const QString &status, const QString &message)
{
    m_controller.engineEnded(runId);
    m_changed = true;
    if (const auto now = m_store.run(runId); now && now->status == store::RunStatus::Running
        && status != QLatin1String("stopped") && status != QLatin1String("finished")) {
        // Refused because another engine holds the run — one an earlier controller started just before
        // it died: that engine's run is waited for and decided on like ours.
        m_foreign.insert(runId);
        m_controller.engineStarted(runId);
        return;
    }
    if (status == QLatin1String("stopped"))
        m_controller.arrived(runId);
    else if (status != QLatin1String("finished") && !(status == QLatin1String("cancelled") && m_stopping))
        m_controller.leaveAlone(runId);  // failed, crashed or cancelled by a person: not retried
                                         // by this controller (`sweep --continue` takes it up)
    const auto run = m_store.run(runId);
    m_printer.runEnded(runId, label, status, run && status == QLatin1String("stopped") ? run->message : message);
}

// How the sweep's runs stand now: finished, stopped early, failed, cancelled (crashed ones count as
// failed, queued ones as cancelled).
SweepTally AshaSweepRunner::finalTally()
{
    SweepTally tally;
    tally.failed = m_failedToStart;
    for (const auto &r : m_store.runs(m_sweepId)) {
        switch (r.status) {
        case store::RunStatus::Finished: ++tally.finished; break;
        case store::RunStatus::Stopped: ++tally.stopped; break;
        case store::RunStatus::Failed:
        case store::RunStatus::Crashed: ++tally.failed; break;
        case store::RunStatus::Cancelled:
        case store::RunStatus::Queued:
        case store::RunStatus::Running: ++tally.cancelled; break;
        }
    }
    return tally;
}

} // namespace gatefold::cli
