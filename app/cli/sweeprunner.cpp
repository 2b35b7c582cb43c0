#include "sweeprunner.h"
#include "clitext.h"

#include "clicommon.h"

#include "store/runstore.h"

namespace gatefold::cli {

SweepRunner::SweepRunner(store::RunStore &store, const SweepPrinter &printer, int parallel)
    : m_store(store)
    , m_printer(printer)
    , m_parallel(parallel)
{
}

SweepRunner::~SweepRunner() = default;

SweepTally SweepRunner::run(const std::vector<SweepRun> &runs, const std::atomic<bool> &stop)
{
    for (const SweepRun &r : runs)
        m_waiting.push_back(r);
    while (!m_waiting.empty() || !m_running.empty()) {
        if (stop.load() && !m_stopping)
            stopAll();
        startWaiting();
        followRunning();
    }
    return m_tally;
}

void SweepRunner::stopAll()
{
    m_stopping = true;
    for (auto &c : m_running)
        c.terminate();
    for (const auto &r : m_waiting) {
        m_store.setStatus(r.runId, store::RunStatus::Cancelled, tr("the sweep was stopped before this run started"));
        ++m_tally.cancelled;
    }
    m_waiting.clear();
}

void SweepRunner::startWaiting()
{
    while (!m_stopping && int(m_running.size()) < m_parallel && !m_waiting.empty()) {
        EngineChild c(m_waiting.front().runId, m_waiting.front().label);
        m_waiting.pop_front();
        if (!start(c))
            continue;
        m_printer.runStarted(c.runId(), c.label());
        m_running.push_back(std::move(c));
    }
}

// The child's engine started; false after recording the run as failed.
bool SweepRunner::start(EngineChild &child)
{
    QString error;
    if (child.start({"train", "--run", QString::number(child.runId()), "--store", m_store.path(), "--json"}, &error))
        return true;
    m_store.setStatus(child.runId(), store::RunStatus::Failed, tr("cannot start the engine: %1").arg(error));
    ++m_tally.failed;
    return false;
}

// What each running child wrote since, waiting a little for it; those that ended are counted.
void SweepRunner::followRunning()
{
    for (auto it = m_running.begin(); it != m_running.end();) {
        if (it->follow(m_printer, m_running.size() > 1 ? 50 : 200)) {
            ended(*it);
            it = m_running.erase(it);
        } else {
            ++it;
        }
    }
}

// A child that exited: counted by its exit code; one that died without an end event is crashed.
void SweepRunner::ended(const EngineChild &child)
{
    const int code = child.exitCode();
    if (child.status() == QLatin1String("crashed"))
        m_store.markCrashedRuns();
    (code == ExitOk ? m_tally.finished : code == ExitCancelled ? m_tally.cancelled : m_tally.failed) += 1;
    m_printer.runEnded(child.runId(), child.label(), child.status(), child.message());
}

} // namespace gatefold::cli
