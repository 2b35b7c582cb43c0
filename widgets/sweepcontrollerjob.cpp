#include "sweepcontrollerjob.h"

#include "engineerror.h"
#include "sweepfiles.h"

#include "launch/engineevents.h"

#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <variant>

namespace gatefold::widgets {
namespace {

constexpr int kStopMs = 60000;  // at the end: how long a controller may take to stop its runs

} // namespace

SweepControllerJob::SweepControllerJob(QString enginePath, QString storePath, QObject *parent)
    : QObject(parent)
    , m_enginePath(std::move(enginePath))
    , m_storePath(std::move(storePath))
{
}

SweepControllerJob::~SweepControllerJob()
{
    for (auto &child : m_children) {
        child->process->disconnect(this);
        child->process->terminate();
    }
    for (auto &child : m_children)
        child->process->waitForFinished(kStopMs);
}

QStringList SweepControllerJob::arguments(const QString &storePath, const QString &configPath, const QString &gridPath,
                                          int parallel, const AshaSettings &asha, const QStringList &slurm)
{
    return QStringList{QStringLiteral("sweep"),    QStringLiteral("--store"),    storePath,
                       QStringLiteral("--config"), configPath,                   QStringLiteral("--grid"),
                       gridPath,                   QStringLiteral("--parallel"), QString::number(parallel)}
         + asha.arguments() + slurm + QStringList{QStringLiteral("--json")};
}

QStringList SweepControllerJob::continueArguments(const QString &storePath, qint64 sweepId)
{
    return {QStringLiteral("sweep"), QStringLiteral("--continue"), QString::number(sweepId),
            QStringLiteral("--store"), storePath, QStringLiteral("--json")};
}

bool SweepControllerJob::start(const QByteArray &configJson, const QByteArray &gridJson, int parallel,
                               const AshaSettings &asha, QString *error, const QStringList &slurm)
{
    SweepFiles files = writeSweepFiles(configJson, gridJson, error);
    if (!files.folder)
        return false;
    launch(arguments(m_storePath, files.config, files.grid, parallel, asha, slurm), std::move(files.folder), 0);
    return true;
}

bool SweepControllerJob::continueSweep(qint64 sweepId, QString *error)
{
    if (controls(sweepId)) {
        *error = tr("sweep %1 is controlled by this window already").arg(sweepId);
        return false;
    }
    launch(continueArguments(m_storePath, sweepId), nullptr, sweepId);
    return true;
}

bool SweepControllerJob::controls(qint64 sweepId) const
{
    return std::any_of(m_children.begin(), m_children.end(),
                       [sweepId](const auto &child) { return child->sweepId == sweepId; });
}

void SweepControllerJob::stopAll()
{
    for (auto &child : m_children)
        child->process->terminate();  // SIGTERM: the controller stops its runs at a checkpoint
}

void SweepControllerJob::launch(const QStringList &arguments, std::unique_ptr<QTemporaryDir> files, qint64 sweepId)
{
    auto child = std::make_unique<Child>();
    child->process = std::make_unique<QProcess>();
    child->files = std::move(files);
    child->sweepId = sweepId;
    Child *c = child.get();
    connect(c->process.get(), &QProcess::readyReadStandardOutput, this, [this, c] { readLines(c); });
    connect(c->process.get(), &QProcess::finished, this, [this, c] { ended(c); });
    connect(c->process.get(), &QProcess::errorOccurred, this, [this, c](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            ended(c);
    });
    m_children.push_back(std::move(child));
    c->process->start(m_enginePath, arguments);
}

// The controller's own lines and its runs' engine events; lines that are neither (a newer
// controller's own kinds) are passed over.
void SweepControllerJob::readLines(Child *child)
{
    child->pending += child->process->readAllStandardOutput();
    bool changed = false;
    for (qsizetype end = child->pending.indexOf('\n'); end >= 0; end = child->pending.indexOf('\n')) {
        const QByteArray line = child->pending.left(end);
        child->pending.remove(0, end + 1);
        const auto event = launch::parseEventLine(line);
        if (!event)
            continue;
        if (const auto *sweep = std::get_if<launch::SweepEvent>(&*event)) {
            child->sweepId = sweep->sweep;
            Q_EMIT sweepCreated(sweep->sweep, sweep->runs);
            changed = true;
        } else if (std::holds_alternative<launch::CreatedEvent>(*event)
                   || std::holds_alternative<launch::StartedEvent>(*event)
                   || std::holds_alternative<launch::EndEvent>(*event)) {
            changed = true;
        }
    }
    if (changed)
        Q_EMIT runsChanged();
}

QString SweepControllerJob::outcome(Child &child) const
{
    QProcess &p = *child.process;
    QStringList said;
    if (p.error() == QProcess::FailedToStart)
        said << tr("%1 could not be started: %2").arg(p.program(), p.errorString());
    else if (p.exitStatus() != QProcess::NormalExit)
        said << tr("the sweep controller ended abnormally: %1").arg(p.errorString());
    const QString errors = engineError(p.readAllStandardError());
    if (!errors.isEmpty())
        said << errors;
    else if (p.exitStatus() == QProcess::NormalExit && p.exitCode() != 0 && p.error() != QProcess::FailedToStart)
        said << tr("the sweep controller ended with exit status %1").arg(p.exitCode());
    return said.join(QLatin1Char('\n'));
}

void SweepControllerJob::ended(Child *child)
{
    const auto it = std::find_if(m_children.begin(), m_children.end(), [child](const auto &c) { return c.get() == child; });
    if (it == m_children.end())
        return;
    std::unique_ptr<Child> owned = std::move(*it);
    m_children.erase(it);
    owned->process->disconnect(this);
    owned->pending += owned->process->readAllStandardOutput() + '\n';  // a last line without its newline
    readLines(owned.get());
    const QProcess &p = *owned->process;
    const bool ok = p.error() != QProcess::FailedToStart && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    const QString message = outcome(*owned);
    owned->process.release()->deleteLater();  // this slot runs inside the process's own signal
    Q_EMIT finished(owned->sweepId, ok, message);
    Q_EMIT runsChanged();
}

} // namespace gatefold::widgets
