#pragma once

#include "enginechild.h"
#include "sweepprinter.h"

#include <QString>

#include <atomic>
#include <deque>
#include <memory>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// A run of the sweep, queued in the store.
struct SweepRun {
    qint64 runId = 0;
    QString label;  // what sets it apart in the grid ("optim.lr=0.001 seed=0")
};

// Trains the queued runs of a sweep, each by its own `gatefold-cli train --run ID --json`
// child, `parallel` at a time, and follows them through their JSON lines.
class SweepRunner
{
public:
    SweepRunner(store::RunStore &store, const SweepPrinter &printer, int parallel);
    ~SweepRunner();

    // Until every run has ended. When `stop` rises the running children get SIGTERM (they
    // save and end as cancelled) and the waiting runs are recorded as cancelled.
    SweepTally run(const std::vector<SweepRun> &runs, const std::atomic<bool> &stop);

private:
    void stopAll();
    void startWaiting();
    bool start(EngineChild &child);
    void followRunning();
    void ended(const EngineChild &child);

    store::RunStore &m_store;
    const SweepPrinter &m_printer;
    const int m_parallel;
    std::deque<SweepRun> m_waiting;
    std::vector<EngineChild> m_running;
    SweepTally m_tally;
    bool m_stopping = false;
};

} // namespace gatefold::cli
