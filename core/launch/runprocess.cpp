#include "runprocess.h"

#include "store/runstore.h"
#include "store/storelocation.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QProcess>

namespace gatefold::launch {
namespace {

Q_LOGGING_CATEGORY(lcRunProcess, "gatefold.launch.runprocess")

constexpr int kLogLines = 40;
constexpr int kPollMs = 250;
constexpr qint64 kAttachLogBytes = 16 * 1024;  // how far back an attach reads the log for last words

QString runDirectory(const QString &storePath, qint64 runId)
{
    return RunProcess::runsDirectoryFor(storePath) + QStringLiteral("/%1").arg(runId);
}

} // namespace

QString RunProcess::runsDirectoryFor(const QString &storePath)
{
    QString error;
    const auto location = store::StoreLocation::parse(storePath, &error);
    const QString dir = location ? location->dataDir : QFileInfo(storePath).absolutePath();
    return QDir(dir).filePath(QStringLiteral("runs"));
}

RunProcess::RunProcess(QString cliPath, QString storePath, qint64 runId, Mode mode, QObject *parent)
    : QObject(parent)
    , m_cliPath(std::move(cliPath))
    , m_storePath(std::move(storePath))
    , m_runId(runId)
    , m_mode(mode)
    , m_logPath(logPathFor(m_storePath, runId))
    , m_eventsPath(eventsPathFor(m_storePath, runId))
{
    // For queued connections (a QSignalSpy, a follower in another thread).
    qRegisterMetaType<RunProgress>();
    qRegisterMetaType<StartedEvent>();
    qRegisterMetaType<EvalEvent>();
    qRegisterMetaType<std::vector<store::MetricPoint>>();
    m_poll.setInterval(kPollMs);
    connect(&m_poll, &QTimer::timeout, this, &RunProcess::poll);
}

// The engine is detached: it goes on (and records into the store) without us.
RunProcess::~RunProcess() = default;

QString RunProcess::logPathFor(const QString &storePath, qint64 runId)
{
    return runDirectory(storePath, runId) + QStringLiteral("/engine.log");
}

QString RunProcess::eventsPathFor(const QString &storePath, qint64 runId)
{
    return runDirectory(storePath, runId) + QStringLiteral("/events.jsonl");
}

void RunProcess::writeLog(const QString &line) const
{
    QDir().mkpath(QFileInfo(m_logPath).absolutePath());
    QFile file(m_logPath);
    if (file.open(QIODevice::Append | QIODevice::Text))
        file.write((QDateTime::currentDateTime().toString(Qt::ISODate) + QLatin1Char(' ') + line + QLatin1Char('\n')).toUtf8());
}

void RunProcess::start()
{
    const QString command = m_mode == Mode::Train ? QStringLiteral("train") : QStringLiteral("resume");
    const QStringList arguments = {command, QStringLiteral("--run"), QString::number(m_runId),
                                   QStringLiteral("--store"), m_storePath, QStringLiteral("--json")};
    writeLog(QStringLiteral("%1 %2").arg(m_cliPath, arguments.join(QLatin1Char(' '))));
    m_logOffset = QFileInfo(m_logPath).size();  // its last words are what it says from here on
    QProcess engine;
    engine.setProgram(m_cliPath);
    engine.setArguments(arguments);
    engine.setStandardInputFile(QProcess::nullDevice());
    engine.setStandardOutputFile(m_eventsPath, QIODevice::Truncate);
    engine.setStandardErrorFile(m_logPath, QIODevice::Append);
    qint64 pid = 0;
    m_starting = true;
    if (!engine.startDetached(&pid)) {
        m_startError = tr("cannot start the engine %1: %2").arg(m_cliPath, engine.errorString());
    } else {
        // Gone already (a quick refusal, reaped at once)? Then it is not alive, and the files say why.
        m_engine = LocalProcess::find(pid).value_or(LocalProcess{pid, 0});
    }
    QTimer::singleShot(0, this, &RunProcess::poll);  // signals reach whoever connected after start()
    m_poll.start();
}

void RunProcess::attach(const LocalProcess &engine)
{
    m_engine = engine;
    m_sawStart = true;  // it holds a running run: if it dies without a word, the run crashed
    // An events file older than the engine belongs to an earlier attempt (this one was started by
    // hand, its lines went to a terminal): progress then comes from the store alone.
    const QFileInfo events(m_eventsPath);
    if (events.exists() && events.lastModified().toSecsSinceEpoch() + 1 >= qint64(engine.startedAt())) {
        m_replaying = true;
        readEvents();
        m_replaying = false;
        if (m_progress.totalSteps > 0)  // where it is now, not the way there
            Q_EMIT progressed(m_progress);
    } else {
        m_eventsOffset = -1;  // never read it
    }
    const qint64 size = QFileInfo(m_logPath).size();
    m_logOffset = std::max<qint64>(0, size - kAttachLogBytes);
    readLog();
    m_poll.start();
}

void RunProcess::cancel()
{
    if (m_engine && !m_finished) {
        m_cancelRequested = true;
        m_engine->terminate();
    }  // SIGTERM: checkpoint, then "end" cancelled
}

void RunProcess::poll()
{
    if (m_finished)
        return;
    if (!m_startError.isEmpty()) {
        m_starting = false;
        writeLog(QStringLiteral("end: failed: ") + m_startError);
        finish(QStringLiteral("failed"), m_startError);
        return;
    }
    m_starting = false;
    // Alive first, read second: whatever a dead engine wrote is in its files by now.
    const bool alive = m_engine && m_engine->isAlive();
    readEvents();
    readLog();
    if (alive)
        return;
    if (!m_pending.isEmpty())
        handleLine(std::exchange(m_pending, {}));
    if (!m_logPending.isEmpty())
        keepLog(QString::fromUtf8(std::exchange(m_logPending, {})));
    finishFromWhatWasSaid();
}

void RunProcess::readEvents()
{
    if (m_eventsOffset < 0)
        return;
    if (!m_events.isOpen()) {
        m_events.setFileName(m_eventsPath);
        if (!m_events.open(QIODevice::ReadOnly))
            return;
    }
    if (m_events.size() < m_eventsOffset)  // truncated: a new engine for this run
        m_eventsOffset = 0;
    m_events.seek(m_eventsOffset);
    const QByteArray chunk = m_events.readAll();
    m_eventsOffset += chunk.size();
    m_pending += chunk;
    qsizetype newline;
    while ((newline = m_pending.indexOf('\n')) >= 0) {
        const QByteArray line = m_pending.left(newline);
        m_pending.remove(0, newline + 1);
        handleLine(line);
    }
}

void RunProcess::readLog()
{
    QFile file(m_logPath);
    if (!file.open(QIODevice::ReadOnly) || file.size() <= m_logOffset)
        return;
    file.seek(m_logOffset);
    QByteArray chunk = file.readAll();
    m_logOffset += chunk.size();
    m_logPending += chunk;
    qsizetype newline;
    while ((newline = m_logPending.indexOf('\n')) >= 0) {
        const QByteArray line = m_logPending.left(newline);
        m_logPending.remove(0, newline + 1);
        keepLog(QString::fromUtf8(line));
    }
}

void RunProcess::keepLog(const QString &line)
{
    if (line.trimmed().isEmpty())
        return;
    m_log << line;
    while (m_log.size() > kLogLines)
        m_log.removeFirst();
}

void RunProcess::handleLine(const QByteArray &line)
{
    if (line.trimmed().isEmpty())
        return;
    QString error;
    if (const auto event = parseEventLine(line, &error))
        handleEvent(*event);
    else  // e.g. the half line of an engine killed while writing it; the store has what it meant
        qCWarning(lcRunProcess, "run %lld: a line of %s is not an engine event: %s", m_runId,
                  qUtf8Printable(m_eventsPath), qUtf8Printable(error));
}

void RunProcess::handleEvent(const EngineEvent &event)
{
    if (const auto *start = std::get_if<StartedEvent>(&event)) {
        m_sawStart = true;
        m_progress.totalSteps = start->totalSteps;
        m_progress.step = start->startStep;
        if (!m_replaying)
            Q_EMIT started(*start);
    } else if (const auto *progress = std::get_if<ProgressEvent>(&event)) {
        m_progress = *progress;
        if (!m_replaying)
            Q_EMIT progressed(m_progress);
    } else if (const auto *end = std::get_if<EndEvent>(&event)) {
        m_endStatus = end->status;
        m_endMessage = end->message;
    } else if (m_replaying) {
        return;  // what was said before this window followed the run: the store has it
    } else if (const auto *metrics = std::get_if<MetricsEvent>(&event)) {
        Q_EMIT metricsArrived(metrics->points);
    } else if (const auto *eval = std::get_if<EvalEvent>(&event)) {
        Q_EMIT evaluated(*eval);
    } else if (const auto *message = std::get_if<MessageEvent>(&event)) {
        Q_EMIT messageArrived(message->text);
    }
}

void RunProcess::finishFromWhatWasSaid()
{
    if (!m_endStatus.isEmpty()) {
        finish(m_endStatus, m_endMessage);
        return;
    }
    // No "end" event where it is read here (an engine started by hand writes its events elsewhere):
    // the store has the last word — an engine records how its run ended before it exits.
    QString error;
    if (auto store = store::RunStore::open(m_storePath, &error, store::OpenMode::ReadOnly))
        if (const auto run = store->run(m_runId); run && store::isTerminal(run->status) && m_sawStart) {
            finish(store::toString(run->status), run->message);
            return;
        }
    // Nothing said: refused before the run began (a config or store problem, said on stderr), or killed.
    const QString last = m_log.isEmpty() ? QString() : m_log.constLast();
    QString message;
    if (m_sawStart)  // its last words (e.g. "out of memory") first, then what to do
        message = tr("the engine (pid %1) died without saying how the run ended%2; Resume continues the run from "
                     "its last checkpoint")
                      .arg(pid())
                      .arg(last.isEmpty() ? QString() : QStringLiteral(" (") + last + QLatin1Char(')'));
    else if (last.isEmpty())
        message = tr("the engine (pid %1) exited before the run started; its log (Run → Show engine log) may say why")
                      .arg(pid());
    else
        message = last;  // a refusal: the engine's own words say what is wrong
    if (m_eventsOffset >= 0)  // what it said was followed here: the log gets how it ended
        writeLog(QStringLiteral("end: %1: %2").arg(m_sawStart ? QStringLiteral("crashed") : QStringLiteral("failed"), message));
    finish(m_sawStart ? QStringLiteral("crashed") : QStringLiteral("failed"), message);
}

void RunProcess::finish(const QString &status, const QString &message)
{
    if (m_finished)
        return;
    m_finished = true;
    m_poll.stop();
    m_events.close();
    Q_EMIT finished(status, message);
}

} // namespace gatefold::launch
