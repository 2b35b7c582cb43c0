#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace gatefold::launch {

// The latest progress line of a run's engine.
struct RunProgress {
    qint64 step = 0;
    qint64 totalSteps = 0;
    double epoch = 0.0;
    double imagesPerSecond = 0.0;
    double etaSeconds = 0.0;
    double loss = 0.0;
};

// One run's engine as a child process — `gatefold-cli train --run ID` or
// `resume --run ID` with `--json` — followed through its JSON lines. The run
// store holds the truth; the signals are for live display. cancel() sends
// SIGTERM: the engine checkpoints and ends the run as cancelled.
class RunProcess : public QObject
{
    Q_OBJECT
public:
    enum class Mode { Train, Resume };

    RunProcess(QString cliPath, QString storePath, qint64 runId, Mode mode, QObject *parent = nullptr);
    ~RunProcess() override;

    void start();
    void cancel();
    qint64 runId() const { return m_runId; }
    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }
    RunProgress lastProgress() const { return m_progress; }
    // The last lines the engine printed that are not JSON events (its errors, warnings), at most 40.
    QStringList logTail() const { return m_log; }
    // Everything the engine said — its messages, other output, how it ended — is also appended,
    // time-stamped, to this file in the run's directory, to read after the window was closed.
    QString logPath() const { return m_logPath; }
    static QString logPathFor(const QString &storePath, qint64 runId);

Q_SIGNALS:
    void started(const QJsonObject &info);  // device, steps_per_epoch, total_steps, dataset, …
    void progressed(const gatefold::launch::RunProgress &progress);
    void metricsArrived(const QJsonArray &points);  // {key, step, epoch, wall, value}
    void evaluated(const QJsonObject &report);
    void messageArrived(const QString &text);
    // status: finished, failed, cancelled, or crashed when the engine died without saying how it ended.
    void finished(const QString &status, const QString &message);

private:
    void readOutput();
    void readErrors();
    void handleLine(const QByteArray &line);
    void handleExit(int exitCode, QProcess::ExitStatus exitStatus);
    void handleError(QProcess::ProcessError error);
    void keepLog(const QString &line);
    void writeLog(const QString &line) const;
    void finish(const QString &status, const QString &message);

    QString m_cliPath;
    QString m_storePath;
    qint64 m_runId;
    Mode m_mode;
    QProcess m_process;
    QByteArray m_pending;  // a partial stdout line
    QStringList m_log;
    RunProgress m_progress;
    QString m_endStatus;   // from the engine's "end" event
    QString m_endMessage;
    QString m_logPath;
    bool m_finished = false;
};

} // namespace gatefold::launch

Q_DECLARE_METATYPE(gatefold::launch::RunProgress)
