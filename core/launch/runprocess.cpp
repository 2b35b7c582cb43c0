#include "runprocess.h"

#include "store/storelocation.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace gatefold::launch {
namespace {

constexpr int kLogLines = 40;

} // namespace

RunProcess::RunProcess(QString cliPath, QString storePath, qint64 runId, Mode mode, QObject *parent)
    : QObject(parent)
    , m_cliPath(std::move(cliPath))
    , m_storePath(std::move(storePath))
    , m_runId(runId)
    , m_mode(mode)
{
    qRegisterMetaType<RunProgress>();
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &RunProcess::readOutput);
    connect(&m_process, &QProcess::readyReadStandardError, this, &RunProcess::readErrors);
    connect(&m_process, &QProcess::finished, this, &RunProcess::handleExit);
    connect(&m_process, &QProcess::errorOccurred, this, &RunProcess::handleError);
    m_logPath = logPathFor(m_storePath, m_runId);
}

QString RunProcess::logPathFor(const QString &storePath, qint64 runId)
{
    QString error;
    const auto location = store::StoreLocation::parse(storePath, &error);
    const QString dir = location ? location->dataDir : QFileInfo(storePath).absolutePath();
    return QDir(dir).filePath(QStringLiteral("runs/%1/engine.log").arg(runId));
}

void RunProcess::writeLog(const QString &line) const
{
    QDir().mkpath(QFileInfo(m_logPath).absolutePath());
    QFile file(m_logPath);
    if (file.open(QIODevice::Append | QIODevice::Text))
        file.write((QDateTime::currentDateTime().toString(Qt::ISODate) + QLatin1Char(' ') + line + QLatin1Char('\n')).toUtf8());
}

RunProcess::~RunProcess()
{
    // An engine outliving its window would be fine (it records into the store), but a child of a
    // destroyed QProcess is killed; ask it to stop cleanly first.
    if (isRunning()) {
        m_process.terminate();
        if (!m_process.waitForFinished(10000))
            m_process.kill();
        m_process.waitForFinished(2000);
    }
}

void RunProcess::start()
{
    const QString command = m_mode == Mode::Train ? QStringLiteral("train") : QStringLiteral("resume");
    writeLog(QStringLiteral("%1 %2 --run %3 --store %4").arg(m_cliPath, command).arg(m_runId).arg(m_storePath));
    m_process.start(m_cliPath, {command, QStringLiteral("--run"), QString::number(m_runId), QStringLiteral("--store"),
                                m_storePath, QStringLiteral("--json")});
}

void RunProcess::cancel()
{
    if (isRunning())
        m_process.terminate();  // SIGTERM: checkpoint, then exit 3
}

void RunProcess::keepLog(const QString &line)
{
    if (line.trimmed().isEmpty())
        return;
    writeLog(line);
    m_log << line;
    while (m_log.size() > kLogLines)
        m_log.removeFirst();
}

void RunProcess::readOutput()
{
    m_pending += m_process.readAllStandardOutput();
    qsizetype newline;
    while ((newline = m_pending.indexOf('\n')) >= 0) {
        const QByteArray line = m_pending.left(newline);
        m_pending.remove(0, newline + 1);
        handleLine(line);
    }
}

void RunProcess::readErrors()
{
    for (const QByteArray &line : m_process.readAllStandardError().split('\n'))
        keepLog(QString::fromUtf8(line));
}

void RunProcess::handleLine(const QByteArray &line)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        keepLog(QString::fromUtf8(line));
        return;
    }
    const QJsonObject o = document.object();
    const QString event = o.value(QStringLiteral("event")).toString();
    if (event == QLatin1String("started")) {
        m_progress.totalSteps = o.value(QStringLiteral("total_steps")).toInteger();
        m_progress.step = o.value(QStringLiteral("start_step")).toInteger();
        Q_EMIT started(o);
    } else if (event == QLatin1String("progress")) {
        m_progress.step = o.value(QStringLiteral("step")).toInteger();
        m_progress.totalSteps = o.value(QStringLiteral("total_steps")).toInteger();
        m_progress.epoch = o.value(QStringLiteral("epoch")).toDouble();
        m_progress.imagesPerSecond = o.value(QStringLiteral("images_per_s")).toDouble();
        m_progress.etaSeconds = o.value(QStringLiteral("eta_s")).toDouble();
        m_progress.loss = o.value(QStringLiteral("loss")).toDouble();
        Q_EMIT progressed(m_progress);
    } else if (event == QLatin1String("metrics")) {
        Q_EMIT metricsArrived(o.value(QStringLiteral("points")).toArray());
    } else if (event == QLatin1String("eval")) {
        Q_EMIT evaluated(o);
    } else if (event == QLatin1String("message")) {
        const QString text = o.value(QStringLiteral("text")).toString();
        keepLog(text);
        Q_EMIT messageArrived(text);
    } else if (event == QLatin1String("end")) {
        m_endStatus = o.value(QStringLiteral("status")).toString();
        m_endMessage = o.value(QStringLiteral("message")).toString();
    }
}

void RunProcess::finish(const QString &status, const QString &message)
{
    if (m_finished)
        return;
    m_finished = true;
    writeLog(QStringLiteral("end: %1: %2").arg(status, message));
    Q_EMIT finished(status, message);
}

void RunProcess::handleExit(int exitCode, QProcess::ExitStatus exitStatus)
{
    readOutput();
    if (!m_pending.isEmpty())
        handleLine(std::exchange(m_pending, {}));
    if (!m_endStatus.isEmpty()) {
        finish(m_endStatus, m_endMessage);
        return;
    }
    // No "end" event: a config or store problem before the run began (exit 1/2), or a crash.
    const QString last = m_log.isEmpty() ? QString() : m_log.constLast();
    if (exitStatus == QProcess::CrashExit)
        finish(QStringLiteral("crashed"), tr("the engine died (%1)%2")
                                              .arg(m_process.errorString(),
                                                   last.isEmpty() ? QString() : QStringLiteral(": ") + last));
    else
        finish(exitCode == 3 ? QStringLiteral("cancelled") : QStringLiteral("failed"),
               last.isEmpty() ? tr("the engine exited with status %1").arg(exitCode) : last);
}

void RunProcess::handleError(QProcess::ProcessError error)
{
    if (error == QProcess::FailedToStart)
        finish(QStringLiteral("failed"),
               tr("cannot start the engine %1: %2").arg(m_cliPath, m_process.errorString()));
}

} // namespace gatefold::launch
