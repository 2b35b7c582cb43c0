#include "analyzejob.h"

#include "report/reportreader.h"

#include <QCoreApplication>
#include <QDir>
#include <QTemporaryDir>
#include <QThread>

namespace gatefold::widgets {

AnalyzeJob::AnalyzeJob(QString enginePath, QString storePath, Request request, QObject *parent)
    : QObject(parent)
    , m_enginePath(std::move(enginePath))
    , m_storePath(std::move(storePath))
    , m_request(std::move(request))
{
}

AnalyzeJob::~AnalyzeJob()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(2000);
    }
    if (m_reader) {
        m_reader->wait();
        delete m_reader;
    }
}

QStringList AnalyzeJob::arguments(const QString &out) const
{
    const Request &r = m_request;
    QStringList args{QStringLiteral("analyze"), QStringLiteral("--store"), m_storePath,
                     QStringLiteral("--run"), QString::number(r.runId),
                     QStringLiteral("--checkpoint"), r.checkpoint,
                     QStringLiteral("--fusion"), r.fusion,
                     QStringLiteral("--discard"), QString::number(r.discardRatio, 'g', 17),
                     QStringLiteral("--cka-images"), QString::number(r.ckaImages),
                     // The window computed on the CPU when it ran the views itself; it still does.
                     QStringLiteral("--device"), QStringLiteral("cpu"),
                     QStringLiteral("--out"), out,
                     QStringLiteral("--report-only"), QStringLiteral("--progress"), QStringLiteral("--json")};
    if (r.files.isEmpty())
        args << QStringLiteral("--images") << QString::number(r.images) << QStringLiteral("--split") << r.split;
    for (const QString &file : r.files)
        args << QStringLiteral("--image") << file;
    if (r.ckaRunId > 0)
        args << QStringLiteral("--cka-with") << QString::number(r.ckaRunId);
    return args;
}

qint64 AnalyzeJob::processId() const
{
    return m_process && m_process->state() == QProcess::Running ? m_process->processId() : 0;
}

void AnalyzeJob::start()
{
    m_running = true;
    m_dir = std::make_shared<QTemporaryDir>(QDir::temp().filePath(QStringLiteral("gatefold-inspect-XXXXXX")));
    if (!m_dir->isValid()) {
        deliver(nullptr, tr("No temporary folder for the analysis: %1").arg(m_dir->errorString()));
        return;
    }
    m_process = std::make_unique<QProcess>();
    connect(m_process.get(), &QProcess::readyReadStandardError, this, &AnalyzeJob::readProgress);
    connect(m_process.get(), &QProcess::finished, this, &AnalyzeJob::childFinished);
    connect(m_process.get(), &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            childFailedToStart();
    });
    m_process->start(m_enginePath, arguments(m_dir->path()));
}

void AnalyzeJob::readProgress()
{
    m_stderr += m_process->readAllStandardError();
    const QStringList lines = QString::fromUtf8(m_stderr).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (qsizetype i = lines.size() - 1; i >= 0; --i)
        if (lines[i].startsWith(QLatin1String("  "))) {  // a stage: "  attention maps …"
            QString text = lines[i].trimmed();
            if (text.endsWith(QStringLiteral(" …")))
                text.chop(2);
            Q_EMIT stage(text);
            return;
        }
}

QString AnalyzeJob::engineErrors() const
{
    QStringList errors;
    for (const QString &line : QString::fromUtf8(m_stderr).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (!line.startsWith(QLatin1String("  ")))
            errors << line.trimmed();
    return errors.join(QLatin1Char('\n'));
}

void AnalyzeJob::childFailedToStart()
{
    const QString why = m_process->errorString();
    m_process.release()->deleteLater();  // still inside its signal
    deliver(nullptr, tr("The engine %1 could not be started (%2). The window runs every analysis in gatefold-cli: "
                        "install it beside gatefold, or name it with $GATEFOLD_CLI.")
                         .arg(m_enginePath, why));
}

void AnalyzeJob::childFinished(int exitCode, QProcess::ExitStatus status)
{
    m_stderr += m_process->readAllStandardError();
    m_process.release()->deleteLater();  // still inside its signal
    if (status == QProcess::NormalExit && exitCode == 0) {
        readReport();
        return;
    }
    const QString said = engineErrors();
    if (status != QProcess::NormalExit)
        deliver(nullptr, said.isEmpty() ? tr("gatefold-cli analyze stopped before it finished (killed, or it crashed).")
                                         : tr("gatefold-cli analyze stopped before it finished: %1").arg(said));
    else
        deliver(nullptr, said.isEmpty() ? tr("gatefold-cli analyze failed with exit status %1.").arg(exitCode) : said);
}

void AnalyzeJob::readReport()
{
    const auto dir = m_dir;
    m_reader = QThread::create([this, dir] {
        QString error;
        auto read = report::readReportFile(QDir(dir->path()).filePath(QStringLiteral("report.json")), &error);
        std::shared_ptr<const report::InspectReport> shared;
        if (read) {
            // The engine gives its reasons in English; the fixed ones have translations (context InspectRun).
            for (auto &[view, why] : read->skipped)
                why = QCoreApplication::translate("InspectRun", why.toUtf8().constData());
            shared = std::make_shared<const report::InspectReport>(std::move(*read));
        }
        // Queued to the job: dropped if it is gone by then (its destructor waits for this thread first).
        QMetaObject::invokeMethod(this, [this, shared, error] { deliver(shared, error); }, Qt::QueuedConnection);
    });
    m_reader->start(QThread::LowPriority);
}

void AnalyzeJob::deliver(std::shared_ptr<const report::InspectReport> report, const QString &error)
{
    if (m_reader) {
        m_reader->wait();  // it posted this call as its last step
        delete m_reader;
        m_reader = nullptr;
    }
    m_dir.reset();  // the report is in memory now
    m_running = false;
    QString why = error;
    const Request &r = m_request;
    if (report && (report->runId != r.runId || report->checkpoint != r.checkpoint)) {
        why = tr("The engine answered about run %1 (%2), not run %3 (%4); nothing is shown.")
                  .arg(report->runId).arg(report->checkpoint).arg(r.runId).arg(r.checkpoint);
        report.reset();
    }
    Q_EMIT finished(report, why);
}

} // namespace gatefold::widgets
