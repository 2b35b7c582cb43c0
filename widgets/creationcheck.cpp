#include "creationcheck.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

namespace gatefold::widgets {

CreationCheck::CreationCheck(QString enginePath, QString storePath, QObject *parent)
    : QObject(parent)
    , m_enginePath(std::move(enginePath))
    , m_storePath(std::move(storePath))
{
}

CreationCheck::~CreationCheck()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

void CreationCheck::add(qint64 runId)
{
    m_waiting.append(runId);
    if (!m_process)
        QTimer::singleShot(0, this, &CreationCheck::checkNext);  // runs created in one go, checked in one go
}

bool CreationCheck::remove(qint64 runId)
{
    return m_waiting.removeOne(runId) || m_checking.removeOne(runId);
}

void CreationCheck::checkNext()
{
    if (m_process || m_waiting.isEmpty())
        return;
    if (m_singles > 0) {
        --m_singles;
        m_checking = {m_waiting.takeFirst()};
    } else {
        m_checking = std::exchange(m_waiting, {});
    }
    m_process = std::make_unique<QProcess>();
    connect(m_process.get(), &QProcess::finished, this, &CreationCheck::answered);
    connect(m_process.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            answered(-1, QProcess::CrashExit);
    });
    m_process->start(m_enginePath, {QStringLiteral("runs"), QStringLiteral("show"), QString::number(m_checking.constLast()),
                                    QStringLiteral("--store"), m_storePath, QStringLiteral("--json")});
}

void CreationCheck::answered(int exitCode, QProcess::ExitStatus status)
{
    if (!m_process)
        return;
    const QByteArray out = m_process->readAllStandardOutput();
    const QByteArray err = m_process->readAllStandardError();
    m_process.release()->deleteLater();
    const QList<qint64> checked = std::exchange(m_checking, {});
    if (!checked.isEmpty()) {
        const QJsonObject seen = QJsonDocument::fromJson(out).object();
        const bool visible = status == QProcess::NormalExit && exitCode == 0
            && seen.value(QStringLiteral("id")).toInteger() == checked.constLast();
        const bool missing = status == QProcess::NormalExit && exitCode != 0 && err.contains("there is no run");
        if (visible || !missing) {
            for (qint64 id : checked)
                Q_EMIT confirmed(id);
        } else if (checked.size() == 1) {
            Q_EMIT notVisible(checked.constFirst());
        } else {
            // Which of them made it? Each alone, in order, before anything created after them.
            m_waiting = checked + m_waiting;
            m_singles = int(checked.size());
        }
    }
    checkNext();
}

} // namespace gatefold::widgets
