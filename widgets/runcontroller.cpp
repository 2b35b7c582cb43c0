#include "runcontroller.h"

#include "appsettings.h"

#include "store/runstore.h"
#include "train/runconfigjson.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QThread>

#include <algorithm>

namespace gatefold::widgets {

RunController::RunController(QString enginePath, QString storePath, QObject *parent)
    : QObject(parent)
{
    m_store = store::RunStore::open(storePath, &m_error);
    if (!m_store)
        return;
    m_queue = std::make_unique<launch::RunQueue>(std::move(enginePath), m_store->path());
    connect(m_queue.get(), &launch::RunQueue::runFinished, this, [this] { Q_EMIT runsChanged(); });
    connect(m_queue.get(), &launch::RunQueue::runStarted, this, [this] { Q_EMIT runsChanged(); });
}

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
    // compute.threads 0 means all cores: with several runs at a time each gets its share (as sweeps do).
    train::RunConfig c = config;
    if (c.train.threads == 0)
        c.train.threads = appsettings::threads() > 0 ? appsettings::threads()
                                                      : std::max(1, QThread::idealThreadCount() / m_queue->parallel());
    store::NewRun run;
    run.name = name.trimmed().isEmpty() ? tr("run") : name.trimmed();
    run.configJson = train::runConfigToJson(c);
    run.seed = qint64(c.train.seed);
    run.sweepId = sweepId;
    const auto id = m_store->createRun(run);
    if (!id) {
        m_error = m_store->lastError();
        return 0;
    }
    m_queue->enqueue(*id);
    Q_EMIT runsChanged();
    return *id;
}

bool RunController::cancel(qint64 runId)
{
    const bool ok = m_queue && m_queue->cancel(runId);
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

} // namespace gatefold::widgets
