#include "heartbeat.h"

#include "store/runstore.h"

#include <chrono>

namespace gatefold::train {

Heartbeat::Heartbeat(QString storePath, qint64 runId, int intervalMs)
    : m_storePath(std::move(storePath))
    , m_runId(runId)
    , m_intervalMs(intervalMs)
{
    m_thread = std::thread([this] { beat(); });
}

Heartbeat::~Heartbeat()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void Heartbeat::beat()
{
    QString error;
    // Opened, used and closed on this thread.
    auto store = store::RunStore::open(m_storePath, &error);
    std::unique_lock<std::mutex> lock(m_mutex);
    while (!m_stop) {
        if (m_wake.wait_for(lock, std::chrono::milliseconds(m_intervalMs), [this] { return m_stop; }))
            break;
        lock.unlock();
        if (store)
            store->heartbeat(m_runId);  // a missed beat is retried at the next one
        lock.lock();
    }
}

} // namespace gatefold::train
