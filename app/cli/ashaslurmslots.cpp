#include "ashaslurmslots.h"
#include "clitext.h"

#include "slurmsubmit.h"

#include "launch/slurmrunstates.h"
#include "store/runstore.h"
#include "store/storetext.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QThread>

namespace gatefold::cli {
namespace {

constexpr int kSlotPollMs = 1000;
// Slurm must say twice in a row that a task no longer lives before its run is judged by it: an
// engine that has just ended writes the store a moment before its task leaves squeue.
constexpr int kSlotNotLivePolls = 2;
constexpr int kSettleMs = 60000;  // how long cancelled jobs of an earlier controller may take to leave

} // namespace

AshaSlurmSlots::AshaSlurmSlots(store::RunStore &store, slurm::SlurmOptions options, qint64 sweepId, bool json)
    : m_store(store)
    , m_options(std::move(options))
    , m_sweepId(sweepId)
    , m_printer(json, {})
{
}

bool AshaSlurmSlots::submit(const search::AshaJob &job, const QString &label, QString *error)
{
    const auto record = m_store.run(job.runId);
    if (!record) {
        *error = tr("run %1 is not in the store").arg(job.runId);
        return false;
    }
    const bool train = job.kind == search::AshaJob::Kind::Start;
    launch::SlurmBatch batch = slurmBatch({job.runId}, train ? slurm::EngineCommand::Train : slurm::EngineCommand::Resume,
                                          m_options, QStringLiteral("sweep --early-stop"));
    batch.jobName = QStringLiteral("gatefold-run-%1").arg(job.runId);
    batch.description = QStringLiteral("run %1 '%2' of early-stopping sweep %3").arg(job.runId).arg(record->name).arg(m_sweepId);
    batch.folder = m_store.runDirectory(job.runId);
    batch.stopAtEpoch = std::max(0, job.stopAtEpoch);
    launch::SlurmSubmission submission(m_store, m_client);
    const auto submitted = submission.submit(batch, error);
    if (!submitted)
        return false;
    m_printer.submitted(*submitted);
    m_jobs.push_back({job.runId, label, submitted->jobs.front().jobId, batch.folder, record->ended, 0});
    return true;
}

// Whether the engine has ended the run since it was submitted (`record` then holds it).
bool AshaSlurmSlots::runEnded(const InFlight &job, store::RunRecord *record) const
{
    const auto now = m_store.run(job.runId);
    if (!now)
        return false;
    *record = *now;
    return now->status != store::RunStatus::Queued && now->status != store::RunStatus::Running
        && now->ended != job.endedBefore;
}

std::vector<AshaSlurmSlots::Ended> AshaSlurmSlots::follow()
{
    QThread::msleep(kSlotPollMs);
    std::vector<qint64> ids;
    for (const InFlight &j : m_jobs)
        ids.push_back(j.runId);
    const auto states = launch::SlurmRunStates::of(m_store, m_client, ids);
    if (!states.problem.isEmpty() && !m_slurmSilentSaid) {
        SlurmPrinter::note(tr("Slurm cannot be asked (%1); the runs' ends are read from the store alone until it "
                              "answers").arg(states.problem));
        m_slurmSilentSaid = true;
    }
    std::vector<Ended> ended;
    for (auto it = m_jobs.begin(); it != m_jobs.end();) {
        store::RunRecord record;
        const launch::SlurmRunState *state = states.problem.isEmpty() ? states.find(it->runId) : nullptr;
        const bool taskGone = state && state->job.jobId == it->jobId && !slurm::isLive(state->state);
        it->notLivePolls = taskGone ? it->notLivePolls + 1 : 0;
        if (runEnded(*it, &record)) {
            ended.push_back({it->runId, it->label, store::toString(record.status),
                             store::escapedForTerminal(record.message), true});
        } else if (it->notLivePolls >= kSlotNotLivePolls) {
            ended.push_back(endedWithoutEngine(*it, state->state));
        } else {
            ++it;
            continue;
        }
        it = m_jobs.erase(it);
    }
    return ended;
}

// The task ended and the engine did not end the run: killed while training (crashed, resumable),
// or gone before it took the run.
AshaSlurmSlots::Ended AshaSlurmSlots::endedWithoutEngine(const InFlight &job, slurm::JobState state)
{
    const QString errors = QDir::toNativeSeparators(QDir(job.outputFolder).filePath(QStringLiteral("slurm-%1.err").arg(job.jobId)));
    const auto record = m_store.run(job.runId);
    if (record && record->status == store::RunStatus::Running) {
        const QString why = tr("its Slurm task %1 ended (%2) while the run was running: the engine was killed (time "
                               "limit, memory, a node?); see %3, and resume it")
                                .arg(job.jobId, slurm::toString(state), errors);
        m_store.setStatus(job.runId, store::RunStatus::Crashed, why);
        return {job.runId, job.label, QStringLiteral("crashed"), why, true};
    }
    const QString why = tr("its Slurm task %1 ended (%2) before its engine took the run; see %3")
                            .arg(job.jobId, slurm::toString(state), errors);
    if (record && record->status == store::RunStatus::Queued)
        m_store.setStatus(job.runId, store::RunStatus::Failed, why);
    return {job.runId, job.label, QStringLiteral("failed"), why, false};
}

// This user's jobs Slurm still holds (pending, running, completing) named gatefold-run-<id> for
// `runIds`, by task ("12345_0"); nullopt with `error` when squeue cannot be asked. By name, so a job
// sbatch accepted just before its controller died, unrecorded in the store, is found too.
std::optional<QStringList> AshaSlurmSlots::liveJobsOf(const std::vector<qint64> &runIds, QString *error) const
{
    QStringList names;
    for (qint64 id : runIds)
        names << QStringLiteral("gatefold-run-%1").arg(id);
    QProcess squeue;
    squeue.start(QStringLiteral("squeue"), {QStringLiteral("--noheader"), QStringLiteral("--array"), QStringLiteral("--me"),
                                            QStringLiteral("--format=%i"), QStringLiteral("--name=") + names.join(',')});
    if (!squeue.waitForFinished(30000) || squeue.exitStatus() != QProcess::NormalExit || squeue.exitCode() != 0) {
        *error = QString::fromLocal8Bit(squeue.readAllStandardError()).trimmed();
        if (error->isEmpty())
            *error = squeue.errorString();
        return std::nullopt;
    }
    return QString::fromLocal8Bit(squeue.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
}

void AshaSlurmSlots::cancelUntaken(const std::vector<store::RunRecord> &runs)
{
    std::vector<qint64> ids;
    for (const auto &r : runs)
        if (r.status != store::RunStatus::Running)
            ids.push_back(r.id);
    QString error;
    const auto live = ids.empty() ? QStringList() : liveJobsOf(ids, &error);
    if (!live) {
        printErr(tr("error: cannot ask Slurm for an earlier controller's jobs (%1); if one of them still waits, "
                    "cancel it with scancel").arg(error));
        return;
    }
    if (live->isEmpty())
        return;
    if (!m_client.cancel(*live, &error)) {
        printErr(tr("error: cannot cancel the Slurm jobs %1 (%2); cancel them with scancel before they start")
                     .arg(live->join(QStringLiteral(", ")), error));
        return;
    }
    SlurmPrinter::note(tr("the Slurm jobs %1 of an earlier controller had not started their runs; cancelled, "
                          "the runs are decided on anew").arg(live->join(QStringLiteral(", "))));
    // Gone before the store is read again: an engine that took its run just before must have ended it.
    QElapsedTimer waited;
    waited.start();
    for (auto left = liveJobsOf(ids, &error); left && !left->isEmpty() && waited.elapsed() < kSettleMs;
         left = liveJobsOf(ids, &error))
        QThread::msleep(500);
}

void AshaSlurmSlots::cancelAll()
{
    QStringList jobIds;
    for (const InFlight &j : m_jobs)
        jobIds << j.jobId;
    QString error;
    if (!jobIds.isEmpty() && !m_client.cancel(jobIds, &error))
        printErr(tr("error: cannot cancel the Slurm jobs %1: %2; `gatefold-cli runs cancel ID` cancels each")
                     .arg(jobIds.join(QStringLiteral(", ")), error));
}

} // namespace gatefold::cli
