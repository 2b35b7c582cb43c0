#include "batchloader.h"

#include <ATen/Parallel.h>

#include <omp.h>

#include <chrono>

namespace gatefold::data {

BatchLoader::BatchLoader(Producer produce, std::int64_t first, std::int64_t end, int workers, int depth)
    : m_produce(std::move(produce))
    , m_next(first)
    , m_end(end)
    , m_consumed(first)
    , m_depth(std::max(1, depth))
{
    for (int w = 0; w < workers; ++w)
        m_workers.emplace_back([this] { work(); });
}

BatchLoader::~BatchLoader()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    for (auto &t : m_workers)
        t.join();
}

void BatchLoader::work()
{
    // A worker decodes its batch on one thread: the model's OpenMP team keeps the cores. ATen sets a
    // thread's OpenMP team size (to the process's thread count) at its first parallel call, so that
    // happens first, or it would undo ours (measured: each worker then ran 2 threads on 2 cores).
    at::internal::lazy_init_num_threads();
    omp_set_num_threads(1);
    for (;;) {
        std::int64_t step = 0;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_changed.wait(lock, [&] { return m_stop || (m_next < m_end && m_next < m_consumed + m_depth); });
            if (m_stop)
                return;
            step = m_next++;
        }
        Batch batch;
        std::exception_ptr failure;
        try {
            batch = m_produce(step);
        } catch (...) {
            failure = std::current_exception();
        }
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            if (failure)
                m_failed[step] = failure;
            else
                m_ready[step] = std::move(batch);
        }
        m_changed.notify_all();
    }
}

BatchLoader::Batch BatchLoader::take(std::int64_t step)
{
    const auto start = std::chrono::steady_clock::now();
    if (m_workers.empty()) {  // made here: the step waits for all of it
        Batch batch = m_produce(step);
        m_waited += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return batch;
    }
    std::unique_lock<std::mutex> lock(m_mutex);
    m_changed.wait(lock, [&] { return m_ready.count(step) || m_failed.count(step); });
    m_waited += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    m_consumed = step + 1;
    if (const auto it = m_failed.find(step); it != m_failed.end()) {
        const auto failure = it->second;
        m_failed.erase(it);
        lock.unlock();
        m_changed.notify_all();
        std::rethrow_exception(failure);
    }
    Batch batch = std::move(m_ready[step]);
    m_ready.erase(step);
    lock.unlock();
    m_changed.notify_all();
    return batch;
}

} // namespace gatefold::data
