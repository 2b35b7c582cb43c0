#pragma once

#include <QString>

#include <condition_variable>
#include <mutex>
#include <thread>

namespace gatefold::train {

// Beats run `runId`'s heartbeat every `intervalMs` from a thread of its own
// with its own store connection (a RunStore is one per thread), so an engine
// busy in a long evaluation, checkpoint write or data load never looks dead to
// another host. Stops (and joins) when destroyed.
class Heartbeat
{
public:
    Heartbeat(QString storePath, qint64 runId, int intervalMs = 5000);
    ~Heartbeat();
    Heartbeat(const Heartbeat &) = delete;
    Heartbeat &operator=(const Heartbeat &) = delete;

private:
    void beat();

    QString m_storePath;
    qint64 m_runId;
    int m_intervalMs;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace gatefold::train
