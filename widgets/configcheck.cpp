#include "configcheck.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace gatefold::widgets {
namespace {

constexpr int kDelayMs = 400;

QList<ConfigCheck::Finding> findings(const QJsonValue &list)
{
    QList<ConfigCheck::Finding> out;
    for (const QJsonValue &v : list.toArray()) {
        const QJsonObject o = v.toObject();
        out.append({o.value(QStringLiteral("key")).toString(), o.value(QStringLiteral("message")).toString()});
    }
    return out;
}

} // namespace

ConfigCheck::ConfigCheck(QString enginePath, QObject *parent)
    : QObject(parent)
    , m_enginePath(std::move(enginePath))
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDelayMs);
    connect(&m_debounce, &QTimer::timeout, this, &ConfigCheck::startCheck);
}

ConfigCheck::~ConfigCheck()
{
    stopCheck();
}

void ConfigCheck::request(const QByteArray &configJson)
{
    if (configJson == m_requested && (m_current || m_process || m_debounce.isActive()))
        return;  // asked already
    m_requested = configJson;
    m_current = false;
    stopCheck();  // its answer would be about an older config
    m_debounce.start();
    Q_EMIT checking();
}

void ConfigCheck::clear()
{
    stopCheck();
    m_debounce.stop();
    m_requested.clear();
    m_current = false;
}

void ConfigCheck::stopCheck()
{
    if (!m_process)
        return;
    m_process->disconnect(this);
    m_process->kill();
    m_process->waitForFinished(2000);
    m_process.reset();
}

void ConfigCheck::startCheck()
{
    if (m_requested.isEmpty())
        return;
    m_checking = m_requested;
    m_process = std::make_unique<QProcess>();
    connect(m_process.get(), &QProcess::finished, this, &ConfigCheck::answered);
    connect(m_process.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            answered(-1, QProcess::CrashExit);
    });
    QStringList arguments{QStringLiteral("config"), QStringLiteral("--config"), QStringLiteral("-"),
                          QStringLiteral("--check"), QStringLiteral("--json")};
    if (!m_storePath.isEmpty())
        arguments << QStringLiteral("--store") << m_storePath;
    m_process->start(m_enginePath, arguments);
    m_process->write(m_checking);
    m_process->closeWriteChannel();
}

void ConfigCheck::answered(int exitCode, QProcess::ExitStatus status)
{
    if (!m_process)
        return;
    const QByteArray out = m_process->readAllStandardOutput();
    QByteArray err = m_process->readAllStandardError();
    if (exitCode == -1)
        err = m_process->errorString().toUtf8();
    m_process.release()->deleteLater();  // still inside its signal
    if (m_checking != m_requested)
        return;  // stale (cannot happen: a new request kills the check; kept for safety)
    m_result = parse(exitCode, status, out, err, m_enginePath);
    m_current = true;
    Q_EMIT checked(m_result);
}

ConfigCheck::Result ConfigCheck::parse(int exitCode, QProcess::ExitStatus status, const QByteArray &out,
                                       const QByteArray &err, const QString &enginePath)
{
    Result r;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(out.trimmed(), &error);
    const QJsonObject o = doc.object();
    if (status == QProcess::NormalExit && (exitCode == 0 || exitCode == 2) && error.error == QJsonParseError::NoError
        && doc.isObject() && o.contains(QStringLiteral("ok"))) {
        r.ok = o.value(QStringLiteral("ok")).toBool() && exitCode == 0;
        r.problems = findings(o.value(QStringLiteral("problems")));
        r.warnings = findings(o.value(QStringLiteral("warnings")));
        r.data = o.value(QStringLiteral("data")).toObject();
        r.resources = o.value(QStringLiteral("resources")).toObject();
        if (!r.ok && r.problems.isEmpty())
            r.problems.append({QString(), tr("the engine refuses this config without saying why")});
        return r;
    }
    // No answer: nothing may be queued that the engine has not accepted.
    QString why = QString::fromUtf8(err).trimmed().section(QLatin1Char('\n'), -1);
    if (why.isEmpty())
        why = status == QProcess::CrashExit ? tr("it crashed") : tr("it exited with status %1").arg(exitCode);
    r.problems.append({QString(), tr("the engine %1 could not check this config (%2); check that gatefold-cli is "
                                     "installed beside Gatefold and is as new as it")
                                      .arg(enginePath, why)});
    return r;
}

} // namespace gatefold::widgets
