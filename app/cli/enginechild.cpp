#include "enginechild.h"
#include "clitext.h"

#include "clicommon.h"

#include "launch/engineevents.h"

#include <QCoreApplication>

#include <csignal>
#include <cstdio>
#include <utility>

namespace gatefold::cli {

EngineChild::EngineChild(qint64 runId, QString label)
    : m_runId(runId)
    , m_label(std::move(label))
{
}

bool EngineChild::start(const QStringList &arguments, QString *error)
{
    m_process = std::make_unique<QProcess>();
    m_process->start(QCoreApplication::applicationFilePath(), arguments);
    if (m_process->waitForStarted(10000))
        return true;
    *error = m_process->errorString();
    return false;
}

bool EngineChild::follow(const SweepPrinter &printer, int waitMs)
{
    m_process->waitForReadyRead(waitMs);
    drain(printer);
    if (m_process->state() != QProcess::NotRunning)
        return false;
    drain(printer);
    return true;
}

void EngineChild::terminate()
{
    if (m_process && m_process->state() != QProcess::NotRunning)
        ::kill(pid_t(m_process->processId()), SIGTERM);
}

QString EngineChild::status() const
{
    if (m_process->exitStatus() != QProcess::NormalExit || m_status.isEmpty())
        return QStringLiteral("crashed");
    return m_status;
}

int EngineChild::exitCode() const
{
    return m_process->exitStatus() == QProcess::NormalExit ? m_process->exitCode() : ExitFailure;
}

// Reads the child's JSON lines through the engine's own parser: forwarded as they are with --json,
// the end event kept. A line that is no event (a child killed mid-line) is said on stderr.
void EngineChild::drain(const SweepPrinter &printer)
{
    m_pending += m_process->readAllStandardOutput();
    qsizetype nl;
    while ((nl = m_pending.indexOf('\n')) >= 0) {
        const QByteArray line = m_pending.left(nl);
        m_pending.remove(0, nl + 1);
        QString error;
        const auto event = line.trimmed().isEmpty() ? std::nullopt : launch::parseEventLine(line, &error);
        if (const auto *end = event ? std::get_if<launch::EndEvent>(&*event) : nullptr) {
            m_status = end->status;
            m_message = end->message;
        } else if (!error.isEmpty()) {
            printErr(tr("warning: run %1 wrote a line that is not an engine event: %2").arg(m_runId).arg(error));
        }
        printer.engineLine(line);
    }
    const QByteArray err = m_process->readAllStandardError();
    if (!err.isEmpty())
        std::fwrite(err.constData(), 1, size_t(err.size()), stderr);
}

} // namespace gatefold::cli
