#pragma once

#include "engineevents.h"
#include "localprocess.h"

#include <QFile>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <optional>

namespace gatefold::launch {

// The latest progress line of a run's engine (before its first: the step and total it started at).
using RunProgress = ProgressEvent;

// One run's engine — `gatefold-cli train --run ID` or `resume --run ID` with
// `--json` — started detached: it is nobody's child, so it trains on when the
// window quits or dies. Its JSON lines go to <run dir>/events.jsonl (one file
// per engine start) and its stderr is appended to <run dir>/engine.log; this
// object follows both files and the engine's life (pid + start time) and
// re-emits what they say. The run store holds the truth; the signals are for
// live display. Destroying it stops the following, never the engine.
// cancel() sends SIGTERM: the engine checkpoints and ends the run cancelled.
class RunProcess : public QObject
{
    Q_OBJECT
public:
    enum class Mode { Train, Resume };

    RunProcess(QString cliPath, QString storePath, qint64 runId, Mode mode, QObject *parent = nullptr);
    ~RunProcess() override;

    void start();
    // Follows an engine that already trains this run (started by an earlier window or a
    // background queue): its progress so far from its events file, then what comes.
    void attach(const LocalProcess &engine);
    void cancel();
    bool cancelRequested() const { return m_cancelRequested; }
    Mode mode() const { return m_mode; }
    // Whether the engine said it started the run (or was attached to one that had): one that
    // ends without having started refused the run (its words say why) or died loading.
    bool sawStart() const { return m_sawStart; }
    qint64 runId() const { return m_runId; }
    qint64 pid() const { return m_engine ? m_engine->pid : 0; }
    bool isRunning() const { return !m_finished && (m_starting || (m_engine && m_engine->isAlive())); }
    RunProgress lastProgress() const { return m_progress; }
    // The engine's last lines that are not JSON events (its errors, warnings), at most 40.
    QStringList logTail() const { return m_log; }
    // Everything the engine said (its messages, warnings, how it ended), time-stamped, per attempt:
    // it writes there itself, so the log is whole whether a window watched or not.
    QString logPath() const { return m_logPath; }
    static QString logPathFor(const QString &storePath, qint64 runId);
    // <the store's data directory>/runs, where each run keeps its files.
    static QString runsDirectoryFor(const QString &storePath);
    // The JSON lines of the run's current (or last) engine.
    static QString eventsPathFor(const QString &storePath, qint64 runId);

Q_SIGNALS:
    void started(const gatefold::launch::StartedEvent &start);
    void progressed(const gatefold::launch::RunProgress &progress);
    void metricsArrived(const std::vector<gatefold::store::MetricPoint> &points);
    void evaluated(const gatefold::launch::EvalEvent &report);
    void messageArrived(const QString &text);
    // status: finished, failed, cancelled, or crashed when the engine died without saying how it ended.
    void finished(const QString &status, const QString &message);

private:
    void poll();
    void readEvents();
    void readLog();
    void handleLine(const QByteArray &line);
    void handleEvent(const EngineEvent &event);
    void keepLog(const QString &line);
    void writeLog(const QString &line) const;
    void finishFromWhatWasSaid();
    void finish(const QString &status, const QString &message);

    QString m_cliPath;
    QString m_storePath;
    qint64 m_runId;
    Mode m_mode;
    QString m_logPath;
    QString m_eventsPath;
    std::optional<LocalProcess> m_engine;
    QString m_startError;   // the engine could not be started: said at the first poll
    bool m_starting = false;
    bool m_replaying = false;  // reading what an attached engine said before: no signals but the last progress
    QTimer m_poll;
    QFile m_events;
    qint64 m_eventsOffset = 0;
    QByteArray m_pending;  // a partial events line
    qint64 m_logOffset = 0;
    QByteArray m_logPending;
    QStringList m_log;
    RunProgress m_progress;
    bool m_sawStart = false;
    QString m_endStatus;   // from the engine's "end" event
    QString m_endMessage;
    bool m_finished = false;
    bool m_cancelRequested = false;
};

} // namespace gatefold::launch
