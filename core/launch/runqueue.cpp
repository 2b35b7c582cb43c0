#include "runqueue.h"

#include "store/runstore.h"

#include <QCoreApplication>

#include <algorithm>

namespace gatefold::launch {

RunQueue::RunQueue(QString cliPath, QString storePath, QObject *parent)
    : QObject(parent)
    , m_cliPath(std::move(cliPath))
    , m_storePath(std::move(storePath))
{
}

// Nothing here may call back into this half-destroyed queue: the followers are taken out of the
// map first and disconnected, then destroyed (a RunProcess going away emits nothing and leaves its
// engine running).
RunQueue::~RunQueue()
{
    auto followers = std::move(m_running);
    m_running.clear();
    for (auto &[id, process] : followers)
        process->disconnect(this);
    followers.clear();
}

void RunQueue::setParallel(int runs)
{
    m_parallel = std::max(1, runs);
    startMore();
}

void RunQueue::enqueue(qint64 runId, RunProcess::Mode mode)
{
    if (m_running.count(runId) || std::any_of(m_waiting.begin(), m_waiting.end(),
                                              [runId](const auto &w) { return w.first == runId; }))
        return;
    m_waiting.append({runId, mode});
    Q_EMIT changed();
    startMore();
}

bool RunQueue::attach(qint64 runId, const LocalProcess &engine)
{
    if (m_running.count(runId))
        return false;
    m_waiting.removeIf([runId](const auto &w) { return w.first == runId; });
    follow(runId, RunProcess::Mode::Resume)->attach(engine);
    Q_EMIT changed();
    return true;
}

bool RunQueue::cancel(qint64 runId)
{
    if (const auto it = m_running.find(runId); it != m_running.end()) {
        it->second->cancel();
        return true;
    }
    for (qsizetype i = 0; i < m_waiting.size(); ++i) {
        if (m_waiting[i].first != runId)
            continue;
        const bool resume = m_waiting[i].second == RunProcess::Mode::Resume;
        m_waiting.removeAt(i);
        QString error;
        // A queued run never started: it ends as cancelled. A run waiting to resume keeps its status.
        if (!resume)
            if (auto store = store::RunStore::open(m_storePath, &error))
                store->setStatus(runId, store::RunStatus::Cancelled,
                                 QCoreApplication::translate("RunQueue", "cancelled before it started"));
        Q_EMIT changed();
        Q_EMIT runFinished(runId, QStringLiteral("cancelled"),
                           QCoreApplication::translate("RunQueue", "cancelled before it started"));
        return true;
    }
    return false;
}

void RunQueue::stopAll()
{
    for (auto &[id, process] : m_running)
        process->cancel();
}

QList<std::pair<qint64, RunProcess::Mode>> RunQueue::takeWaiting()
{
    auto taken = std::exchange(m_waiting, {});
    if (!taken.isEmpty())
        Q_EMIT changed();
    return taken;
}

QList<qint64> RunQueue::queued() const
{
    QList<qint64> ids;
    for (const auto &w : m_waiting)
        ids << w.first;
    return ids;
}

QList<qint64> RunQueue::running() const
{
    QList<qint64> ids;
    for (const auto &[id, process] : m_running)
        ids << id;
    return ids;
}

const RunProcess *RunQueue::process(qint64 runId) const
{
    const auto it = m_running.find(runId);
    return it == m_running.end() ? nullptr : it->second.get();
}

RunProcess *RunQueue::follow(qint64 runId, RunProcess::Mode mode)
{
    auto process = std::make_unique<RunProcess>(m_cliPath, m_storePath, runId, mode);
    RunProcess *p = process.get();
    connect(p, &RunProcess::started, this, [this, runId](const StartedEvent &start) { Q_EMIT runStarted(runId, start); });
    connect(p, &RunProcess::progressed, this,
            [this, runId](const RunProgress &progress) { Q_EMIT runProgressed(runId, progress); });
    connect(p, &RunProcess::metricsArrived, this,
            [this, runId](const std::vector<store::MetricPoint> &points) { Q_EMIT runMetrics(runId, points); });
    connect(p, &RunProcess::evaluated, this,
            [this, runId](const EvalEvent &report) { Q_EMIT runEvaluated(runId, report); });
    connect(p, &RunProcess::messageArrived, this,
            [this, runId](const QString &text) { Q_EMIT runMessage(runId, text); });
    connect(p, &RunProcess::finished, this,
            [this, runId](const QString &status, const QString &message) { ended(runId, status, message); });
    m_running.emplace(runId, std::move(process));
    return p;
}

void RunQueue::startMore()
{
    while (int(m_running.size()) < m_parallel && !m_waiting.isEmpty()) {
        const auto [runId, mode] = m_waiting.takeFirst();
        follow(runId, mode)->start();
        Q_EMIT changed();
    }
}

// The store has the last word on how a run ended. An engine that never started, or died before it
// could say so, leaves the run queued or running: record how it ended, with its words, so the run
// does not wait forever — unless another live engine holds it now (its own business).
void RunQueue::ended(qint64 runId, QString status, QString message)
{
    const auto it = m_running.find(runId);
    const qint64 enginePid = it != m_running.end() ? it->second->pid() : 0;
    const bool cancelled = it != m_running.end() && it->second->cancelRequested();
    // A resume the engine refused (the run is finished, or its checkpoint damaged) changed nothing:
    // the run's status in the store is its old one, not how this attempt ended.
    const bool refusedResume = it != m_running.end() && it->second->mode() == RunProcess::Mode::Resume
                            && !it->second->sawStart() && status == QLatin1String("failed");
    const bool unsaid = !refusedResume && (status == QLatin1String("failed") || status == QLatin1String("crashed"));
    QString error;
    // Read first without writing (a store that is not there is not created by looking).
    auto store = unsaid ? store::RunStore::open(m_storePath, &error, store::OpenMode::ReadOnly) : nullptr;
    const auto run = store ? store->run(runId) : std::nullopt;
    if (run && store::isTerminal(run->status)) {
        if (status != store::toString(run->status)) {  // e.g. cancelled while it waited: the engine refused
            status = store::toString(run->status);
            message = run->message;
        }
    } else if (run && !(run->status == store::RunStatus::Running && run->pid != enginePid
                        && LocalProcess::holderOf(*run).has_value())) {
        // Queued: it never ran, it failed. Running: its engine claimed it and died without a word.
        // Queued and cancelled: the engine was stopped before it could claim the run (SIGTERM while
        // it loaded), which is what the user asked for.
        const bool neverRan = run->status == store::RunStatus::Queued;
        const bool stoppedEarly = neverRan && cancelled;
        status = stoppedEarly ? QStringLiteral("cancelled") : neverRan ? QStringLiteral("failed") : QStringLiteral("crashed");
        if (stoppedEarly)
            message = QCoreApplication::translate("RunQueue", "cancelled before it started");
        store.reset();
        if (auto writable = store::RunStore::open(m_storePath, &error))
            writable->setStatus(runId, stoppedEarly ? store::RunStatus::Cancelled
                                       : neverRan   ? store::RunStatus::Failed
                                                    : store::RunStatus::Crashed,
                                message);
    }
    if (refusedResume)
        message = QCoreApplication::translate("RunQueue", "not resumed: %1").arg(message);
    Q_EMIT runFinished(runId, status, message);
    // The process object is still inside its own signal: let it go once control is back in the loop.
    if (const auto again = m_running.find(runId); again != m_running.end()) {
        again->second.release()->deleteLater();
        m_running.erase(again);
    }
    Q_EMIT changed();
    startMore();
}

} // namespace gatefold::launch
