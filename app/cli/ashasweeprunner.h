#pragma once

#include "ashaslurmslots.h"
#include "enginechild.h"
#include "sweepprinter.h"

#include "search/ashacontroller.h"

#include <QString>

#include <atomic>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// Trains an early-stopping sweep: whenever a slot is free, ASHA's next job (search/ashacontroller.h)
// as an engine child — `train --run ID --stop-at-epoch R` for a new run, `resume --run ID
// [--stop-at-epoch R]` to promote a stopped run or continue an interrupted one — `parallel` at a
// time, engines that outlived an earlier controller counted and waited for. Every decision is read
// from and written to the store, so `sweep --continue ID` goes on where a stopped or killed
// controller was. With `slurm` each job is a one-task Slurm job instead (ashaslurmslots.h), `parallel`
// of them in flight; this controller stays on this machine (the login node).
class AshaSweepRunner
{
public:
    AshaSweepRunner(store::RunStore &store, qint64 sweepId, const search::AshaSettings &settings,
                    const SweepPrinter &printer, int parallel, std::unique_ptr<AshaSlurmSlots> slurm = nullptr);

    // Until no run has a job left. When `stop` rises the running engines get SIGTERM (they save and
    // end as cancelled) and the runs not started yet are recorded as cancelled: `sweep --continue`
    // goes on with all of them.
    SweepTally run(const std::atomic<bool> &stop);

private:
    void decideArrivedMeanwhile();
    void stopAll();
    void startJobs();
    bool start(const search::AshaJob &job);
    void followRunning();
    void followForeign();
    void followSlurm();
    void ended(qint64 runId, const QString &label, const QString &status, const QString &message);
    void noticeForeign();
    SweepTally finalTally();

    store::RunStore &m_store;
    qint64 m_sweepId;
    search::AshaController m_controller;
    const SweepPrinter &m_printer;
    const int m_parallel;
    std::map<qint64, QString> m_labels;   // run id → what sets it apart in the sweep
    std::vector<EngineChild> m_running;
    std::unique_ptr<AshaSlurmSlots> m_slurm;  // null: the engines are children of this process
    std::set<qint64> m_foreign;           // runs an engine of an earlier controller still trains
    int m_failedToStart = 0;
    bool m_stopping = false;
    // Whether the sweep changed since ASHA last had no job (an engine ended, another controller's
    // engine came or went): only then is the sweep read again for the next one.
    bool m_changed = true;
};

} // namespace gatefold::cli
