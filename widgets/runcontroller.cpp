#include "runcontroller.h"

#include "appsettings.h"
#include "creationcheck.h"
#include "filedialogs.h"
#include "schedulerstates.h"
#include "slurmtaskfollower.h"
#include "sweepcontrollerjob.h"

#include "launch/backgroundqueue.h"
#include "launch/localprocess.h"
#include "store/runstore.h"
#include "config/runconfigjson.h"
#include "config/runpaths.h"
#include "launch/newrun.h"
#include "slurm/jobstate.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QThread>

#include <algorithm>

namespace gatefold::widgets {
namespace {

constexpr int kFollowMs = 2000;  // how often the store is looked at for runs started elsewhere

} // namespace

RunController::RunController(QString enginePath, QString storePath, QObject *parent)
    : QObject(parent)
    , m_enginePath(std::move(enginePath))
{
    m_store = store::RunStore::open(storePath, &m_error);
    if (!m_store)
        return;
    m_protected = std::make_unique<filedialogs::ProtectedStore>(
        m_store->isPostgres() ? QString() : m_store->location().file, m_store->dataDirectory());
    // Runs whose engine died while no window watched: offered for resuming (strandedRuns()).
    m_crashedAtStart = m_store->markCrashedRuns();
    for (qint64 id : markExitedEngines())
        m_crashedAtStart.push_back(id);
    m_queue = std::make_unique<launch::RunQueue>(m_enginePath, m_store->path());
    m_check = std::make_unique<CreationCheck>(m_enginePath, m_store->path());
    connect(m_queue.get(), &launch::RunQueue::runFinished, this, [this] { Q_EMIT runsChanged(); });
    connect(m_queue.get(), &launch::RunQueue::runStarted, this, [this] { Q_EMIT runsChanged(); });
    m_slurm = std::make_unique<SlurmSubmitter>(m_enginePath, m_store->path());
    m_states = std::make_unique<SchedulerStates>(m_enginePath, m_store->path());
    m_tasks = std::make_unique<SlurmTaskFollower>();
    m_sweeps = std::make_unique<SweepControllerJob>(m_enginePath, m_store->path());
    connect(m_sweeps.get(), &SweepControllerJob::runsChanged, this, &RunController::followStore);
    connect(m_check.get(), &CreationCheck::confirmed, this, &RunController::confirmed);
    connect(m_slurm.get(), &SlurmSubmitter::done, this, &RunController::slurmAnswered);
    connect(m_check.get(), &CreationCheck::notVisible, this, &RunController::recordedElsewhereNot);
    connect(&m_follow, &QTimer::timeout, this, &RunController::followStore);
    followStore();
    m_follow.start(kFollowMs);
}

// The queue goes before the store (members in reverse); it leaves the engines running.
RunController::~RunController() = default;

QString RunController::defaultEnginePath()
{
    const QString fromEnv = qEnvironmentVariable("GATEFOLD_CLI");
    if (!fromEnv.isEmpty())
        return fromEnv;
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString &candidate : {here.filePath(QStringLiteral("gatefold-cli")),
                                     here.filePath(QStringLiteral("../cli/gatefold-cli"))})
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("gatefold-cli"));
    return onPath.isEmpty() ? here.filePath(QStringLiteral("gatefold-cli")) : onPath;
}

qint64 RunController::launch(const train::RunConfig &config, const QString &name)
{
    return launchInSweep(config, name, 0);
}

qint64 RunController::launchSweep(const train::SweepPlan &plan, const QByteArray &gridJson)
{
    if (!m_store)
        return 0;
    const auto sweepId = m_store->createSweep(plan.name, gridJson);
    if (!sweepId) {
        m_error = m_store->lastError();
        return 0;
    }
    for (const auto &p : plan.points)
        if (launchInSweep(p.config, QStringLiteral("%1 %2").arg(plan.name, p.label), *sweepId) == 0)
            return 0;
    return *sweepId;
}

qint64 RunController::launchInSweep(const train::RunConfig &config, const QString &name, qint64 sweepId)
{
    if (!m_store)
        return 0;
    const std::optional<slurm::SlurmOptions> slurm =
        runsGoToSlurm() ? std::optional(appsettings::slurmOptions()) : std::nullopt;
    train::RunConfig c = config;
    if (c.train.threads == 0)
        c.train.threads = threadsFor(c, slurm ? &*slurm : nullptr);
    launch::QueuedRunDetails details;
    details.name = name.trimmed().isEmpty() ? tr("run") : name.trimmed();
    details.sweepId = sweepId;
    store::NewRun run;  // what to create again if a fresh connection does not see it
    // Paths made absolute: the engine reads the files the form named.
    const auto id = launch::createQueuedRun(*m_store, c, details, &m_error, &run);
    if (!id)
        return 0;
    m_created.emplace(*id, std::move(run));
    if (slurm)
        m_forSlurm.emplace(*id, *slurm);
    m_check->add(*id);
    Q_EMIT runsChanged();
    return *id;
}

// compute.threads 0 means all cores: with several runs at a time each gets its share (as sweeps do),
// and a data-parallel run's processes share its share (compute.threads is per process). On Slurm
// the task's --cpus-per-task, as `train --slurm` gives it (0 when Slurm's default: the engine's own).
int RunController::threadsFor(const train::RunConfig &config, const slurm::SlurmOptions *slurm) const
{
    if (slurm)
        return slurm->cpusPerTask;
    if (appsettings::threads() > 0)
        return appsettings::threads();
    return std::max(1, QThread::idealThreadCount() / m_queue->parallel() / std::max(1, config.train.processes));
}

// A fresh process sees the run: on this machine's queue, or submitted to Slurm.
void RunController::confirmed(qint64 runId)
{
    m_created.erase(runId);
    const auto slurm = m_forSlurm.find(runId);
    if (slurm == m_forSlurm.end()) {
        m_queue->enqueue(runId);
        return;
    }
    m_slurm->submitRun(runId, slurm->second);
    m_forSlurm.erase(slurm);
}

bool RunController::runsGoToSlurm() const
{
    return appsettings::runPlace() == appsettings::RunPlace::Slurm;
}

bool RunController::submitSweep(const train::RunConfig &base, const QByteArray &gridJson)
{
    train::RunConfig config = base;
    const slurm::SlurmOptions options = appsettings::slurmOptions();
    if (config.train.threads == 0)
        config.train.threads = threadsFor(config, &options);
    return m_slurm && m_slurm->submitSweep(train::runConfigToJson(config), gridJson, options, &m_error);
}

// A run this window created that a fresh process does not see: the window's connection wrote into a
// store file another process had replaced. The store reopens its file when it notices (RunStore);
// the run is created again there, and the user is told — once; a second miss gives up loudly.
void RunController::recordedElsewhereNot(qint64 runId)
{
    const auto it = m_created.find(runId);
    if (it == m_created.end())
        return;
    const store::NewRun run = it->second;
    m_created.erase(it);
    (void)m_store->run(runId);  // touching the store lets it notice a replaced file and reopen it
    const auto again = m_store->createRun(run);
    if (!again) {
        m_forSlurm.erase(runId);
        Q_EMIT notice(runId, tr("run %1 is not in %2 for other programs (the window's connection wrote into a file "
                                "another program had replaced) and could not be created again: %3. Close "
                                "Gatefold, start it again and queue the run once more.")
                                 .arg(runId)
                                 .arg(m_store->displayName(), m_store->lastError()));
        Q_EMIT runsChanged();
        return;
    }
    if (const auto slurm = m_forSlurm.find(runId); slurm != m_forSlurm.end()) {
        m_forSlurm.emplace(*again, slurm->second);
        m_forSlurm.erase(slurm);
    }
    Q_EMIT notice(*again, tr("run %1 was written only where this window could see it (another program had replaced "
                             "the store's journal file); the window reopened the store and queued the run again as "
                             "run %2.")
                              .arg(runId)
                              .arg(*again));
    m_check->add(*again);  // not kept in m_created: not seen a second time means give up
    Q_EMIT runsChanged();
}

QList<qint64> RunController::unconfirmed() const
{
    return m_check ? m_check->pending() : QList<qint64>{};
}

bool RunController::cancel(qint64 runId)
{
    m_error.clear();
    if (!m_queue)
        return false;
    if (m_slurm->isBusy(runId)) {
        m_error = tr("run %1 is being submitted to Slurm; cancel it once the submission has answered").arg(runId);
        return false;
    }
    // On Slurm (or once was): the engine knows whether that means scancel or SIGTERM.
    if (!m_queue->isFollowing(runId) && !m_store->slurmJobs(runId).empty()) {
        m_slurm->cancel(runId);
        return true;
    }
    m_forSlurm.erase(runId);
    bool ok = m_queue->cancel(runId);
    if (!ok && m_check->remove(runId)) {  // created, not yet confirmed: it never started
        m_created.erase(runId);
        ok = m_store->setStatus(runId, store::RunStatus::Cancelled, tr("cancelled before it started"));
    }
    if (!ok)
        if (const auto run = m_store->run(runId); run && run->status == store::RunStatus::Queued)
            ok = m_store->setStatus(runId, store::RunStatus::Cancelled, tr("cancelled before it started"));
    if (ok)
        Q_EMIT runsChanged();
    return ok;
}

bool RunController::resume(qint64 runId)
{
    if (!m_store)
        return false;
    const auto run = m_store->run(runId);
    if (!run || !store::isResumable(run->status)) {
        m_error = tr("only a failed, cancelled, crashed or stopped run can be resumed");
        return false;
    }
    if (m_slurm->isBusy(runId)) {
        m_error = tr("run %1 is being submitted to Slurm already").arg(runId);
        return false;
    }
    // A cancelled task lingers while Slurm cleans up after it; the engine would refuse it then.
    if (const auto *state = m_states->find(runId); state && state->state && slurm::isLive(*state->state)) {
        m_error = tr("run %1's job %2 is still %3 in Slurm; resume it once Slurm has let it go")
                      .arg(runId)
                      .arg(state->job, slurm::toString(*state->state));
        return false;
    }
    // A run that was on Slurm goes back there with the options of its last submission.
    const bool wasOnSlurm = !m_store->slurmJobs(runId).empty();
    if (wasOnSlurm || runsGoToSlurm()) {
        m_slurm->resubmit(runId, wasOnSlurm ? std::nullopt : std::optional(appsettings::slurmOptions()));
        return true;
    }
    m_queue->enqueue(runId, launch::RunProcess::Mode::Resume);
    return true;
}

std::optional<train::RunConfig> RunController::configOf(qint64 runId) const
{
    if (!m_store)
        return std::nullopt;
    const auto run = m_store->run(runId);
    if (!run)
        return std::nullopt;
    train::RunConfig config;
    QStringList errors;
    if (!train::runConfigFromJson(run->configJson, &config, &errors))
        return std::nullopt;
    return config;
}

qint64 RunController::rerun(qint64 runId)
{
    const auto config = configOf(runId);
    const auto run = m_store ? m_store->run(runId) : std::nullopt;
    if (!config || !run) {
        m_error = tr("run %1 has no readable config").arg(runId);
        return 0;
    }
    return launch(*config, run->name);
}

// Runs that train on this machine without a follower here (an earlier window's detached engines, a
// background queue's, one started by hand) are followed; any change of status re-reads the browser.
void RunController::followStore()
{
    markExitedEngines();
    QString seen;
    const std::vector<store::RunRecord> runs = m_store->runs();
    const std::map<qint64, store::SlurmJob> slurmJobs = m_store->latestSlurmJobs();
    for (const auto &run : runs) {
        // The device too: an engine started elsewhere records it (and its world) just after its status.
        seen += QStringLiteral("%1:%2:%3 ").arg(run.id).arg(int(run.status)).arg(run.device);
        // A Slurm task's engine is Slurm's to stop, and takes no place of this machine's queue.
        if (run.status != store::RunStatus::Running || m_queue->isFollowing(run.id) || slurmJobs.count(run.id))
            continue;
        if (const auto engine = launch::LocalProcess::holderOf(run))
            m_queue->attach(run.id, *engine);
    }
    const QList<qint64> handed = launch::BackgroundQueue::handedRuns(m_store->path());
    m_handed = QSet<qint64>(handed.begin(), handed.end());
    watchSlurm(slurmJobs, runs);
    if (seen != std::exchange(m_seen, seen))
        Q_EMIT runsChanged();
    Q_EMIT looked();
}

// An engine that exited stays a zombie until its parent reaps it; a detached engine's parent is
// PID 1, which in a container may never reap. Its pid still "exists" (store::isAliveHere), yet it
// will never write again: its run crashed.
std::vector<qint64> RunController::markExitedEngines()
{
    std::vector<qint64> marked;
    for (const auto &run : m_store->runs()) {
        if (run.status != store::RunStatus::Running || (m_queue && m_queue->isFollowing(run.id))
            || !store::isAliveHere({run.pid, run.host, run.pidStart}) || launch::LocalProcess::holderOf(run))
            continue;
        if (m_store->setStatus(run.id, store::RunStatus::Crashed,
                               tr("the engine process (pid %1) has exited without ending the run; Resume "
                                  "continues it from its last checkpoint")
                                   .arg(run.pid)))
            marked.push_back(run.id);
    }
    return marked;
}

std::vector<store::RunRecord> RunController::strandedRuns()
{
    // A window that quit with "keep running" handed its waiting runs to a background queue, which
    // takes them over once that window has exited: until then they look ownerless, yet are not.
    const QList<qint64> handed = launch::BackgroundQueue::handedRuns(m_store->path());
    std::vector<store::RunRecord> runs;
    for (auto &run : m_store->orphanedQueuedRuns())
        if (!handed.contains(run.id))
            runs.push_back(std::move(run));
    for (qint64 id : m_crashedAtStart)
        if (auto run = m_store->run(id); run && run->status == store::RunStatus::Crashed && !handed.contains(id))
            runs.push_back(std::move(*run));
    return runs;
}

void RunController::takeUp(const QList<qint64> &runIds)
{
    for (qint64 id : runIds) {
        const auto run = m_store->run(id);
        if (!run)
            continue;
        if (run->status == store::RunStatus::Queued) {
            // Ours from now on; a queue that took it meanwhile keeps it (and starts it). Where it
            // goes is where runs go now (it may have been created for Slurm and never submitted).
            if (!m_store->adoptRuns({id}))
                Q_EMIT notice(id, tr("run %1 was not taken up: %2").arg(id).arg(m_store->lastError()));
            else if (runsGoToSlurm())
                m_slurm->submitRun(id, appsettings::slurmOptions());
            else
                m_queue->enqueue(id);
        } else if (run->status == store::RunStatus::Crashed || run->status == store::RunStatus::Failed
                   || run->status == store::RunStatus::Cancelled) {
            if (!resume(id))  // on Slurm when it was there
                Q_EMIT notice(id, m_error);
        }
    }
    m_crashedAtStart.clear();
    Q_EMIT runsChanged();
}

void RunController::cancelQueued(const QList<qint64> &runIds)
{
    for (qint64 id : runIds)
        if (const auto run = m_store->run(id); run && run->status == store::RunStatus::Queued)
            m_store->setStatus(id, store::RunStatus::Cancelled,
                               tr("cancelled at the start of Gatefold: the window or queue that held it was gone"));
    Q_EMIT runsChanged();
}

int RunController::training() const
{
    return m_queue ? int(m_queue->running().size()) : 0;
}

int RunController::waiting() const
{
    if (!m_queue)
        return 0;
    const QList<qint64> pending = m_check->pending();  // those bound for Slurm wait for Slurm, not here
    return int(m_queue->queued().size())
         + int(std::count_if(pending.begin(), pending.end(), [this](qint64 id) { return !m_forSlurm.count(id); }));
}

bool RunController::keepRunning(QString *error)
{
    launch::BackgroundQueue::Plan plan;
    plan.parallel = m_queue->parallel();
    plan.training = m_queue->running();
    plan.handedBy = QCoreApplication::applicationPid();
    for (qint64 id : m_check->pending())  // not yet confirmed: the queue's own look at the store decides
        if (!m_forSlurm.count(id))        // bound for Slurm: offered at the next start instead
            plan.waiting.append({id, launch::RunProcess::Mode::Train});
    plan.waiting += m_queue->takeWaiting();
    if (plan.waiting.isEmpty())
        return true;
    return launch::BackgroundQueue::start(m_enginePath, m_store->path(), plan, error).has_value();
}

void RunController::stopRuns()
{
    m_queue->takeWaiting();
    m_queue->stopAll();
}

// The scheduler's states are asked while a run on Slurm may still change (queued or running in the
// store, or its job still live in Slurm), and once at the start for the runs submitted before; the
// tasks that train have their output read for live progress.
void RunController::watchSlurm(const std::map<qint64, store::SlurmJob> &jobs, const std::vector<store::RunRecord> &runs)
{
    bool live = false;
    std::map<qint64, store::SlurmJob> training;
    for (const auto &run : runs) {
        live = live || (jobs.count(run.id) && !store::isTerminal(run.status));
        if (run.status == store::RunStatus::Running && jobs.count(run.id))
            training.emplace(run.id, jobs.at(run.id));
    }
    m_tasks->follow(training);
    for (const auto &[id, state] : m_states->states())  // the run ended; its job is still being cleaned up
        live = live || (jobs.count(id) && state.state && slurm::isLive(*state.state));
    if (!jobs.empty() && m_states->states().empty() && m_states->problem().isEmpty() && !live)
        m_states->refresh();
    m_states->setWatching(live);
}

void RunController::slurmAnswered(const SlurmSubmitter::Outcome &o)
{
    using Kind = SlurmSubmitter::Kind;
    // A run this window created for Slurm that Slurm did not take: failed, with why, so no queue
    // starts it here and Resume submits it again (as `train --slurm` records a run it created).
    if (o.kind == Kind::Train && !o.ok)
        for (qint64 id : o.runs)
            if (const auto run = m_store->run(id); run && run->status == store::RunStatus::Queued
                                                    && m_store->slurmJobs(id).empty())
                m_store->setStatus(id, store::RunStatus::Failed,
                                   tr("not submitted to Slurm: %1; Resume submits it again").arg(o.message));
    const QString text = slurmText(o);
    if (!o.runs.isEmpty())  // a sweep's line once, under its first run
        Q_EMIT notice(o.runs.first(), text);
    Q_EMIT submission(o.runs, text, o.ok);
    m_states->refresh();
    Q_EMIT runsChanged();
}

QString RunController::slurmText(const SlurmSubmitter::Outcome &o)
{
    using Kind = SlurmSubmitter::Kind;
    const qint64 run = o.runs.value(0);
    const QString job = o.jobs.empty() ? QString() : o.jobs.begin()->second;
    switch (o.kind) {
    case Kind::Train:
        return o.ok ? tr("Run %1 was submitted to Slurm as job %2.").arg(run).arg(job)
                    : tr("Run %1 was not submitted to Slurm: %2").arg(run).arg(o.message);
    case Kind::Resume:
        return o.ok ? tr("Run %1 was submitted to Slurm again as job %2.").arg(run).arg(job)
                    : tr("Run %1 was not submitted to Slurm again: %2").arg(run).arg(o.message);
    case Kind::Sweep:
        return o.ok ? tr("Sweep %1: %n run(s) submitted to Slurm as job array %2.", nullptr, int(o.jobs.size()))
                          .arg(o.sweepId)
                          .arg(job.section(QLatin1Char('_'), 0, 0))
                    : tr("The sweep was not submitted to Slurm: %1").arg(o.message);
    case Kind::Cancel:
        return o.ok ? o.message : tr("Not cancelled: %1").arg(o.message);  // the engine's words name the run
    }
    return o.message;
}

} // namespace gatefold::widgets
