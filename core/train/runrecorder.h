#pragma once

#include "heartbeat.h"
#include "trainevents.h"

#include "store/runstore.h"

#include <QElapsedTimer>

#include <memory>
#include <vector>

namespace gatefold::train {

// Writes what the trainer reports into the run store: metrics in batched
// transactions (every 256 points or 2 s), each checkpoint in ONE transaction
// with the metrics still buffered (RunStore::recordCheckpoint: the moment it
// counts), then removes the run's checkpoint files no record names any more.
// A heartbeat thread beats every 5 s while it lives. Forwards everything to
// `next` (the CLI's printer), if any, after the store took it.
class RunRecorder : public TrainEvents
{
public:
    RunRecorder(store::RunStore &store, qint64 runId, TrainEvents *next = nullptr);
    ~RunRecorder() override;

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
    QString m_error;
    std::unique_ptr<Heartbeat> m_heartbeat;
};

} // namespace gatefold::train
