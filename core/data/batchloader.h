#pragma once

#include <torch/types.h>

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace gatefold::data {

// Prepares the batches of steps [first, end) ahead of the trainer on worker
// threads: batch s is produce(s), a pure function of s, so the batches are
// the same whatever the number of workers. At most `depth` batches wait
// finished or in the making (bounded memory). take(s) must be called for
// s = first, first + 1, …; it returns at once when the batch is ready and
// otherwise waits (the time is counted). An exception in produce() is
// rethrown by the take() of that step. The destructor stops the workers and
// joins them (waiting at most for the batches being made). workers = 0:
// take() produces the batch itself, and all of that time counts as waiting.
class BatchLoader
{
public:
    using Batch = std::pair<torch::Tensor, torch::Tensor>;
    using Producer = std::function<Batch(std::int64_t step)>;

    BatchLoader(Producer produce, std::int64_t first, std::int64_t end, int workers, int depth);
    ~BatchLoader();
    BatchLoader(const BatchLoader &) = delete;
    BatchLoader &operator=(const BatchLoader &) = delete;

    Batch take(std::int64_t step);
    double waitedSeconds() const { return m_waited; }

private:
    void work();

    Producer m_produce;
    std::int64_t m_next;       // the next step a worker starts
    std::int64_t m_end;
    std::int64_t m_consumed;   // the next step take() hands out
    int m_depth;
    bool m_stop = false;
    std::map<std::int64_t, Batch> m_ready;
    std::map<std::int64_t, std::exception_ptr> m_failed;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::vector<std::thread> m_workers;
    double m_waited = 0.0;
};

} // namespace gatefold::data
