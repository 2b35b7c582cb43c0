#include "runcontroller.h"

#include "appsettings.h"
#include "creationcheck.h"
#include "filedialogs.h"

#include "launch/backgroundqueue.h"
#include "launch/localprocess.h"
#include "store/runstore.h"
#include "config/runconfigjson.h"
#include "config/runpaths.h"
#include "launch/newrun.h"

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
    connect(m_check.get(), &CreationCheck::confirmed, this, [this](qint64 runId) {
        m_created.erase(runId);
        m_queue->enqueue(runId);
    });
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
    // compute.threads 0 means all cores: with several runs at a time each gets its share (as sweeps do),
    // and a data-parallel run's processes share its share (compute.threads is per process).
    train::RunConfig c = config;
    if (c.train.threads == 0)
        c.train.threads = appsettings::threads() > 0
                            ? appsettings::threads()
                            : std::max(1, QThread::idealThreadCount() / m_queue->parallel()
                                              / std::max(1, c.train.processes));
    launch::QueuedRunDetails details;
    details.name = name.trimmed().isEmpty() ? tr("run") : name.trimmed();
    details.sweepId = sweepId;
    store::NewRun run;  // what to create again if a fresh connection does not see it
    // Paths made absolute: the engine reads the files the form named.
    const auto id = launch::createQueuedRun(*m_store, c, details, &m_error, &run);
    if (!id)
        return 0;
    m_created.emplace(*id, std::move(run));
    m_check->add(*id);
    Q_EMIT runsChanged();
    return *id;
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
        Q_EMIT notice(runId, tr("run %1 is not in %2 for other programs (the window's connection wrote into a file "
                                "another program had replaced) and could not be created again: %3. Close "
                                "Gatefold, start it again and queue the run once more.")
                                 .arg(runId)
                                 .arg(m_store->displayName(), m_store->lastError()));
        Q_EMIT runsChanged();
        return;
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
    if (!m_queue)
        return false;
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
    if (!run || (run->status != store::RunStatus::Failed && run->status != store::RunStatus::Cancelled
                 && run->status != store::RunStatus::Crashed)) {
        m_error = tr("only a failed, cancelled or crashed run can be resumed");
        return false;
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
    for (const auto &run : m_store->runs()) {
        seen += QStringLiteral("%1:%2 ").arg(run.id).arg(int(run.status));
        if (run.status != store::RunStatus::Running || m_queue->isFollowing(run.id))
            continue;
        if (const auto engine = launch::LocalProcess::holderOf(run))
            m_queue->attach(run.id, *engine);
    }
    const QList<qint64> handed = launch::BackgroundQueue::handedRuns(m_store->path());
    m_handed = QSet<qint64>(handed.begin(), handed.end());
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
            // Ours from now on; a queue that took it meanwhile keeps it (and starts it).
            if (m_store->adoptRuns({id}))
                m_queue->enqueue(id);
            else
                Q_EMIT notice(id, tr("run %1 was not taken up: %2").arg(id).arg(m_store->lastError()));
        } else if (run->status == store::RunStatus::Crashed || run->status == store::RunStatus::Failed
                   || run->status == store::RunStatus::Cancelled) {
            m_queue->enqueue(id, launch::RunProcess::Mode::Resume);
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
    return m_queue ? int(m_queue->queued().size() + m_check->pending().size()) : 0;
}

bool RunController::keepRunning(QString *error)
{
    launch::BackgroundQueue::Plan plan;
    plan.parallel = m_queue->parallel();
    plan.training = m_queue->running();
    plan.handedBy = QCoreApplication::applicationPid();
    for (qint64 id : m_check->pending())  // not yet confirmed: the queue's own look at the store decides
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

} // namespace gatefold::widgets
