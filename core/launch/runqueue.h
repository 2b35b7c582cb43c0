#pragma once

#include "runprocess.h"

#include <QList>
#include <QObject>
#include <QString>

#include <map>
#include <memory>

namespace gatefold::launch {

// Runs queued runs N at a time, each as its own detached engine (RunProcess),
// in the order they were queued, and follows engines started elsewhere
// (attach) — those count against N too. Cancelling a queued run drops it and
// marks it cancelled in the store; cancelling a running one asks its engine to
// stop (it checkpoints; resume continues). The queue forwards every engine's
// signals with the run's id. Destroying the queue stops following; the
// engines train on (they are nobody's children), and what still waits stays
// queued in the store.
class RunQueue : public QObject
{
    Q_OBJECT
public:
    RunQueue(QString cliPath, QString storePath, QObject *parent = nullptr);
    ~RunQueue() override;

    void setParallel(int runs);  // at least 1
    int parallel() const { return m_parallel; }
    // Queues a run already in the store (status queued, or resumable with Mode::Resume).
    void enqueue(qint64 runId, RunProcess::Mode mode = RunProcess::Mode::Train);
    // Follows the engine that trains `runId` now (started by an earlier window, a background
    // queue or by hand); false when it is followed already.
    bool attach(qint64 runId, const LocalProcess &engine);
    // False when the run is neither queued nor running here.
    bool cancel(qint64 runId);
    // Asks every engine followed here to stop at a checkpoint.
    void stopAll();
    // Takes the runs still waiting (they stay queued in the store) off this queue.
    QList<std::pair<qint64, RunProcess::Mode>> takeWaiting();
    QList<qint64> queued() const;
    QList<qint64> running() const;
    bool isFollowing(qint64 runId) const { return m_running.count(runId) > 0; }
    const RunProcess *process(qint64 runId) const;
    QString storePath() const { return m_storePath; }
    QString cliPath() const { return m_cliPath; }

Q_SIGNALS:
    void runStarted(qint64 runId, const gatefold::launch::StartedEvent &start);
    void runProgressed(qint64 runId, const gatefold::launch::RunProgress &progress);
    void runMetrics(qint64 runId, const std::vector<gatefold::store::MetricPoint> &points);
    void runEvaluated(qint64 runId, const gatefold::launch::EvalEvent &report);
    void runMessage(qint64 runId, const QString &text);
    void runFinished(qint64 runId, const QString &status, const QString &message);
    void changed();  // what is queued or running changed

private:
    void startMore();
    RunProcess *follow(qint64 runId, RunProcess::Mode mode);
    void ended(qint64 runId, QString status, QString message);

    QString m_cliPath;
    QString m_storePath;
    int m_parallel = 1;
    QList<std::pair<qint64, RunProcess::Mode>> m_waiting;
    std::map<qint64, std::unique_ptr<RunProcess>> m_running;
};

} // namespace gatefold::launch
