#include "sweeprunner.h"
#include "clitext.h"

#include "clicommon.h"

#include "launch/engineevents.h"
#include "store/runstore.h"

#include <QCoreApplication>

#include <csignal>
#include <cstdio>

namespace gatefold::cli {

SweepRunner::SweepRunner(store::RunStore &store, const SweepPrinter &printer, int parallel)
    : m_store(store)
    , m_printer(printer)
    , m_parallel(parallel)
{
}

SweepRunner::~SweepRunner() = default;

SweepTally SweepRunner::run(const std::vector<SweepRun> &runs, const std::atomic<bool> &stop)
{
    for (const SweepRun &r : runs)
        m_waiting.push_back(Child{r, nullptr, {}, {}, {}});
    while (!m_waiting.empty() || !m_running.empty()) {
        if (stop.load() && !m_stopping)
            stopAll();
        startWaiting();
        followRunning();
    }
    return m_tally;
}

void SweepRunner::stopAll()
{
    m_stopping = true;
    for (auto &c : m_running)
        ::kill(pid_t(c.process->processId()), SIGTERM);
    for (auto &c : m_waiting) {
        m_store.setStatus(c.run.runId, store::RunStatus::Cancelled, tr("the sweep was stopped before this run started"));
        ++m_tally.cancelled;
    }
    m_waiting.clear();
}

void SweepRunner::startWaiting()
{
    while (!m_stopping && int(m_running.size()) < m_parallel && !m_waiting.empty()) {
        Child c = std::move(m_waiting.front());
        m_waiting.pop_front();
        if (!start(c))
            continue;
        m_printer.runStarted(c.run.runId, c.run.label);
        m_running.push_back(std::move(c));
    }
}

// The child's engine started; false after recording the run as failed.
bool SweepRunner::start(Child &child)
{
    child.process = std::make_unique<QProcess>();
    child.process->start(QCoreApplication::applicationFilePath(),
                         {"train", "--run", QString::number(child.run.runId), "--store", m_store.path(), "--json"});
    if (child.process->waitForStarted(10000))
        return true;
    m_store.setStatus(child.run.runId, store::RunStatus::Failed,
                      tr("cannot start the engine: %1").arg(child.process->errorString()));
    ++m_tally.failed;
    return false;
}

// What each running child wrote since, waiting a little for it; those that ended are counted.
void SweepRunner::followRunning()
{
    for (auto it = m_running.begin(); it != m_running.end();) {
        it->process->waitForReadyRead(m_running.size() > 1 ? 50 : 200);
        drain(*it);
        if (it->process->state() == QProcess::NotRunning) {
            drain(*it);
            ended(*it);
            it = m_running.erase(it);
        } else {
            ++it;
        }
    }
}

// Reads the child's JSON lines through the engine's own parser: forwarded as they are with --json,
// the end event kept. A line that is no event (a child killed mid-line) is said on stderr.
void SweepRunner::drain(Child &child)
{
    child.pending += child.process->readAllStandardOutput();
    qsizetype nl;
    while ((nl = child.pending.indexOf('\n')) >= 0) {
        const QByteArray line = child.pending.left(nl);
        child.pending.remove(0, nl + 1);
        QString error;
        const auto event = line.trimmed().isEmpty() ? std::nullopt : launch::parseEventLine(line, &error);
        if (const auto *end = event ? std::get_if<launch::EndEvent>(&*event) : nullptr) {
            child.status = end->status;
            child.message = end->message;
        } else if (!error.isEmpty()) {
            printErr(tr("warning: run %1 wrote a line that is not an engine event: %2").arg(child.run.runId).arg(error));
        }
        m_printer.engineLine(line);
    }
    const QByteArray err = child.process->readAllStandardError();
    if (!err.isEmpty())
        std::fwrite(err.constData(), 1, size_t(err.size()), stderr);
}

// A child that exited: counted by its exit code; one that died without an end event is crashed.
void SweepRunner::ended(Child &child)
{
    const int code = child.process->exitCode();
    if (child.process->exitStatus() != QProcess::NormalExit || child.status.isEmpty()) {
        m_store.markCrashedRuns();
        child.status = QStringLiteral("crashed");
    }
    (code == ExitOk ? m_tally.finished : code == ExitCancelled ? m_tally.cancelled : m_tally.failed) += 1;
    m_printer.runEnded(child.run.runId, child.run.label, child.status, child.message);
}

} // namespace gatefold::cli
