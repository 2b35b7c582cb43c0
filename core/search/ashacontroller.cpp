#include "ashacontroller.h"

#include "ashastore.h"

#include "store/runstore.h"

#include <cmath>
#include <utility>

namespace gatefold::search {
namespace {

const AshaRun *find(const std::vector<AshaRun> &runs, qint64 id)
{
    for (const AshaRun &r : runs)
        if (r.id == id)
            return &r;
    return nullptr;
}

} // namespace

AshaController::AshaController(store::RunStore &store, qint64 sweepId, AshaSettings settings)
    : m_store(store)
    , m_sweepId(sweepId)
    , m_settings(std::move(settings))
{
}

// The sweep as the store has it, runs with an engine of ours training.
std::vector<AshaRun> AshaController::read()
{
    auto runs = readAshaRuns(m_store, m_sweepId, m_settings, m_leftAlone, &m_error);
    for (AshaRun &r : runs)
        if (m_busy.count(r.id))
            r.phase = RunPhase::Training;
    return runs;
}

AshaJob AshaController::next(int parallel)
{
    const auto runs = read();
    int training = 0;
    for (const AshaRun &r : runs)
        training += r.phase == RunPhase::Training;
    if (training >= parallel)
        return {};
    const AshaJob job = nextJob(runs, m_settings);
    if (job.kind == AshaJob::Kind::Promote) {
        const AshaRun *run = find(runs, job.runId);
        const double value = run->valueAt[size_t(job.fromRung)].value_or(std::nan(""));
        if (!recordDecision(m_store, job.runId, m_settings, job.fromRung, value,
                            standingAt(runs, m_settings, job.runId, job.fromRung), true, &m_error))
            return {};  // nothing is started that the store does not say was promoted
    }
    return job;
}

void AshaController::arrived(qint64 runId)
{
    const auto runs = read();
    const AshaRun *run = find(runs, runId);
    if (!run || run->phase != RunPhase::Waiting)
        return;
    const int rung = run->reached();
    const Standing standing = standingAt(runs, m_settings, runId, rung);
    if (standing.goesOn() && m_settings.rungs[size_t(rung)] < run->epochs)
        return;  // next() promotes it now
    recordDecision(m_store, runId, m_settings, rung, run->valueAt[size_t(rung)].value_or(std::nan("")), standing, false,
                   &m_error);
}

void AshaController::refreshWaiting()
{
    const auto runs = read();
    for (const AshaRun &r : runs) {
        const auto record = m_store.run(r.id);
        if (r.phase != RunPhase::Waiting || !record || record->status != store::RunStatus::Stopped)
            continue;
        const int rung = r.reached();
        m_store.setEndedMessage(r.id, store::RunStatus::Stopped,
                                standingText(m_settings, rung, r.valueAt[size_t(rung)].value_or(std::nan("")),
                                             standingAt(runs, m_settings, r.id, rung)));
    }
}

bool AshaController::anythingLeft()
{
    const auto runs = read();
    for (const AshaRun &r : runs)
        if (r.phase == RunPhase::Training)
            return true;
    return nextJob(runs, m_settings).kind != AshaJob::Kind::None;
}

} // namespace gatefold::search
