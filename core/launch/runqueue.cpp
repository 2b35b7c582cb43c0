#include "runqueue.h"

#include "store/runstore.h"

#include <QCoreApplication>
#include <QTimer>

#include <algorithm>

namespace gatefold::launch {

RunQueue::RunQueue(QString cliPath, QString storePath, QObject *parent)
    : QObject(parent)
    , m_cliPath(std::move(cliPath))
    , m_storePath(std::move(storePath))
{
}

RunQueue::~RunQueue() = default;  // each RunProcess asks its engine to stop

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

void RunQueue::startMore()
{
    while (int(m_running.size()) < m_parallel && !m_waiting.isEmpty()) {
        const auto [runId, mode] = m_waiting.takeFirst();
        auto process = std::make_unique<RunProcess>(m_cliPath, m_storePath, runId, mode);
        RunProcess *p = process.get();
        connect(p, &RunProcess::started, this, [this, runId](const QJsonObject &info) { Q_EMIT runStarted(runId, info); });
        connect(p, &RunProcess::progressed, this,
                [this, runId](const RunProgress &progress) { Q_EMIT runProgressed(runId, progress); });
        connect(p, &RunProcess::metricsArrived, this,
                [this, runId](const QJsonArray &points) { Q_EMIT runMetrics(runId, points); });
        connect(p, &RunProcess::evaluated, this,
                [this, runId](const QJsonObject &report) { Q_EMIT runEvaluated(runId, report); });
        connect(p, &RunProcess::messageArrived, this,
                [this, runId](const QString &text) { Q_EMIT runMessage(runId, text); });
        connect(p, &RunProcess::finished, this, [this, runId](const QString &status, const QString &message) {
            // An engine that never started (or died before it could say so) leaves the run queued or
            // running in the store: record how it ended, with its words, so the run does not wait forever.
            if (status == QLatin1String("failed") || status == QLatin1String("crashed")) {
                QString error;
                if (auto store = store::RunStore::open(m_storePath, &error))
                    if (const auto run = store->run(runId); run && !store::isTerminal(run->status))
                        store->setStatus(runId, status == QLatin1String("failed") ? store::RunStatus::Failed
                                                                                  : store::RunStatus::Crashed,
                                         message);
            }
            Q_EMIT runFinished(runId, status, message);
            // The process object is still inside its own signal: let it go once control is back in the loop.
            if (const auto it = m_running.find(runId); it != m_running.end()) {
                it->second.release()->deleteLater();
                m_running.erase(it);
            }
            Q_EMIT changed();
            startMore();
        });
        m_running.emplace(runId, std::move(process));
        p->start();
        Q_EMIT changed();
    }
}

} // namespace gatefold::launch
