#include "slurmsubmitter.h"

#include "engineerror.h"
#include "sweepfiles.h"

#include "launch/engineevents.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>

namespace gatefold::widgets {
namespace {

constexpr int kFinishMs = 60000;  // at the end: how long a command under way may still take

} // namespace

SlurmSubmitter::SlurmSubmitter(QString enginePath, QString storePath, QObject *parent)
    : QObject(parent)
    , m_enginePath(std::move(enginePath))
    , m_storePath(std::move(storePath))
{
}

SlurmSubmitter::~SlurmSubmitter()
{
    for (auto &child : m_children) {
        child->process->disconnect(this);
        child->process->waitForFinished(kFinishMs);
    }
}

QStringList SlurmSubmitter::arguments(const slurm::SlurmOptions &o)
{
    QStringList args;
    if (!o.partition.isEmpty())
        args << QStringLiteral("--partition") << o.partition;
    if (!o.time.isEmpty())
        args << QStringLiteral("--time") << o.time;
    if (o.cpusPerTask > 0)
        args << QStringLiteral("--cpus-per-task") << QString::number(o.cpusPerTask);
    if (!o.gres.isEmpty())
        args << QStringLiteral("--gres") << o.gres;
    if (o.nodes != 1)
        args << QStringLiteral("--nodes") << QString::number(o.nodes);
    if (o.nproc != 1)
        args << QStringLiteral("--nproc") << QString::number(o.nproc);
    for (const QString &arg : o.sbatchArgs)
        args << QStringLiteral("--sbatch-arg=%1").arg(arg);  // "=": the value itself starts with "--"
    return args;
}

void SlurmSubmitter::submitRun(qint64 runId, const slurm::SlurmOptions &options)
{
    start(Kind::Train, {runId},
          QStringList{QStringLiteral("train"), QStringLiteral("--run"), QString::number(runId)} + arguments(options));
}

void SlurmSubmitter::resubmit(qint64 runId, const std::optional<slurm::SlurmOptions> &options)
{
    start(Kind::Resume, {runId},
          QStringList{QStringLiteral("resume"), QStringLiteral("--run"), QString::number(runId)}
              + (options ? arguments(*options) : QStringList()));
}

bool SlurmSubmitter::submitSweep(const QByteArray &configJson, const QByteArray &gridJson,
                                 const slurm::SlurmOptions &options, QString *error)
{
    SweepFiles files = writeSweepFiles(configJson, gridJson, error);
    if (!files.folder)
        return false;
    start(Kind::Sweep, {},
          QStringList{QStringLiteral("sweep"), QStringLiteral("--grid"), files.grid, QStringLiteral("--config"),
                      files.config}
              + arguments(options),
          std::move(files.folder));
    return true;
}

void SlurmSubmitter::cancel(qint64 runId)
{
    start(Kind::Cancel, {runId}, {QStringLiteral("runs"), QStringLiteral("cancel"), QString::number(runId)});
}

bool SlurmSubmitter::isBusy(qint64 runId) const
{
    return std::any_of(m_children.begin(), m_children.end(),
                       [runId](const auto &child) { return child->outcome.runs.contains(runId); });
}

void SlurmSubmitter::start(Kind kind, const QList<qint64> &runs, const QStringList &arguments,
                           std::unique_ptr<QTemporaryDir> files)
{
    auto child = std::make_unique<Child>();
    child->outcome.kind = kind;
    child->outcome.runs = runs;
    child->process = std::make_unique<QProcess>();
    child->files = std::move(files);
    Child *c = child.get();
    connect(c->process.get(), &QProcess::finished, this, [this, c] { finished(c); });
    connect(c->process.get(), &QProcess::errorOccurred, this, [this, c](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            finished(c);
    });
    QStringList args = arguments;
    if (kind != Kind::Cancel)
        args << QStringLiteral("--slurm");
    args << QStringLiteral("--store") << m_storePath << QStringLiteral("--json");
    m_children.push_back(std::move(child));
    c->process->start(m_enginePath, args);
}

void SlurmSubmitter::finished(Child *child)
{
    const auto it = std::find_if(m_children.begin(), m_children.end(), [child](const auto &c) { return c.get() == child; });
    if (it == m_children.end())
        return;
    std::unique_ptr<Child> owned = std::move(*it);
    m_children.erase(it);
    owned->process->disconnect(this);
    read(*owned);
    owned->process.release()->deleteLater();  // this slot runs inside the process's own signal
    Q_EMIT done(owned->outcome);
}

void SlurmSubmitter::read(Child &child)
{
    Outcome &o = child.outcome;
    QProcess &p = *child.process;
    o.ok = p.error() != QProcess::FailedToStart && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    QStringList said;
    for (const QByteArray &line : p.readAllStandardOutput().split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        if (o.kind == Kind::Cancel) {  // {"run", "action", "job", "message"} a run (runs cancel --json)
            said << QJsonDocument::fromJson(line).object().value(QStringLiteral("message")).toString();
            continue;
        }
        const auto event = launch::parseEventLine(line);
        if (const auto *submitted = event ? std::get_if<launch::SubmittedEvent>(&*event) : nullptr) {
            o.jobs[submitted->run] = submitted->job;
            if (!o.runs.contains(submitted->run))
                o.runs << submitted->run;
        } else if (const auto *created = event ? std::get_if<launch::CreatedEvent>(&*event) : nullptr) {
            if (!o.runs.contains(created->run))
                o.runs << created->run;
        } else if (const auto *sweep = event ? std::get_if<launch::SweepEvent>(&*event) : nullptr) {
            o.sweepId = sweep->sweep;
        }
    }
    const QString errors = engineError(p.readAllStandardError());
    if (p.error() == QProcess::FailedToStart)
        said << tr("%1 could not be started: %2").arg(p.program(), p.errorString());
    else if (p.exitStatus() != QProcess::NormalExit)
        said << tr("%1 ended abnormally: %2").arg(p.program(), p.errorString());
    if (!errors.isEmpty())
        said << errors;
    said.removeAll(QString());
    o.message = said.join(QLatin1Char('\n'));
}

} // namespace gatefold::widgets
