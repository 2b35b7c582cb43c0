#pragma once

#include "trainevents.h"

#include "store/runstore.h"

#include <QElapsedTimer>

#include <vector>

namespace gatefold::train {

// Writes what the trainer reports into the run store: metrics in batched
// transactions (every 256 points or 2 s, and before every checkpoint and at
// the end), checkpoints as artifacts (paths relative to the store's
// directory), a heartbeat every 5 s. Forwards everything to `next` (the CLI's
// printer), if any.
class RunRecorder : public TrainEvents
{
public:
    RunRecorder(store::RunStore &store, qint64 runId, TrainEvents *next = nullptr);

    void started(const RunStart &start) override;
    void metrics(const std::vector<store::MetricPoint> &points) override;
    void progress(const Progress &progress) override;
    void evaluated(const EvalReport &report) override;
    bool checkpointed(const CheckpointReport &report, QString *error) override;
    void message(const QString &text) override;

    // Writes the buffered metrics; false (and lastError()) if the store refused.
    bool flush();
    QString lastError() const { return m_error; }

private:
    store::RunStore &m_store;
    qint64 m_runId;
    TrainEvents *m_next;
    std::vector<store::MetricPoint> m_buffer;
    QElapsedTimer m_sinceFlush;
    QElapsedTimer m_sinceHeartbeat;
    QString m_error;
};

} // namespace gatefold::train
