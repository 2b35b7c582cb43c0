#pragma once

#include "report/inspectreport.h"

#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <memory>

class QTemporaryDir;
class QThread;

namespace gatefold::widgets {

// One computation of the Inspect tab, run by the engine: a `gatefold-cli
// analyze --json --report-only --progress` child writes report.json into a
// temporary folder of the job's own, which is then read back through the one
// strict reader (report/reportreader.h) on a worker thread — the window
// neither runs LibTorch nor waits. The job owns the child, the folder and
// the reading thread: destroying it at any point kills the child, waits for
// the reading and removes the folder, and it says nothing after that.
class AnalyzeJob : public QObject
{
    Q_OBJECT
public:
    struct Request {
        qint64 runId = 0;
        QString checkpoint = QStringLiteral("best");
        int images = 8;
        QString split = QStringLiteral("val");  // ignored with files
        QStringList files;
        QString fusion = QStringLiteral("mean");
        double discardRatio = 0;
        qint64 ckaRunId = 0;  // 0: the run against itself
        int ckaImages = 64;
    };

    AnalyzeJob(QString enginePath, QString storePath, Request request, QObject *parent = nullptr);
    ~AnalyzeJob() override;

    void start();
    const Request &request() const { return m_request; }
    // The child's arguments (without the engine), `out` its folder.
    QStringList arguments(const QString &out) const;
    // True from start() until finished() is emitted.
    bool isRunning() const { return m_running; }
    // The child's process id while it runs (0 otherwise).
    qint64 processId() const;

Q_SIGNALS:
    void stage(const QString &text);  // the engine's words for the stage it starts
    // Once: the report (null on failure) or why there is none, in words for the user.
    void finished(std::shared_ptr<const gatefold::report::InspectReport> report, const QString &error);

private:
    void readProgress();
    void childFinished(int exitCode, QProcess::ExitStatus status);
    void childFailedToStart();
    void readReport();
    void deliver(std::shared_ptr<const report::InspectReport> report, const QString &error);
    QString engineErrors() const;

    QString m_enginePath;
    QString m_storePath;
    Request m_request;
    std::shared_ptr<QTemporaryDir> m_dir;  // shared with the reading thread
    std::unique_ptr<QProcess> m_process;
    QThread *m_reader = nullptr;
    QByteArray m_stderr;
    bool m_running = false;
};

} // namespace gatefold::widgets
