#include "enginefailure.h"

#include "store/runstore.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <c10/util/Exception.h>

#include <mutex>
#include <new>
#include <typeinfo>

namespace gatefold::train {
namespace {

std::mutex g_logMutex;
QString g_logFile;
QString g_runStore;
qint64 g_runId = 0;

QString firstLine(const char *text)
{
    return QString::fromLocal8Bit(text).section(QLatin1Char('\n'), 0, 0).trimmed();
}

} // namespace

bool isOutOfMemory(const std::exception &e)
{
    if (dynamic_cast<const std::bad_alloc *>(&e))
        return true;
    const QString text = QString::fromLocal8Bit(e.what());
    return text.contains(QLatin1String("can't allocate memory")) || text.contains(QLatin1String("out of memory"))
        || text.contains(QLatin1String("Cannot allocate memory"));
}

QString describeFailure(const std::exception &e, QString *detail)
{
    if (detail)
        *detail = QString::fromLocal8Bit(e.what());
    const auto *torchError = dynamic_cast<const c10::Error *>(&e);
    const QString message = torchError ? firstLine(torchError->what_without_backtrace()) : firstLine(e.what());
    if (isOutOfMemory(e))
        return message.isEmpty() || dynamic_cast<const std::bad_alloc *>(&e)
            ? QStringLiteral("out of memory")
            : QStringLiteral("out of memory (%1)").arg(message);
    return message.isEmpty() ? QStringLiteral("an internal error (%1)").arg(QString::fromLatin1(typeid(e).name()))
                             : message;
}

void setEngineLogFile(const QString &path)
{
    std::lock_guard<std::mutex> lock(g_logMutex);
    g_logFile = path;
}

QString engineLogFile()
{
    std::lock_guard<std::mutex> lock(g_logMutex);
    if (!g_logFile.isEmpty())
        return g_logFile;
    QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (dir.isEmpty())
        dir = QDir::homePath() + QStringLiteral("/.local/share");
    return dir + QStringLiteral("/gatefold/engine.log");
}

bool logEngineDetail(const QString &context, const QString &detail)
{
    const QString path = engineLogFile();
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::Append | QIODevice::Text))
        return false;
    const QString line = QStringLiteral("%1 %2: %3\n")
                             .arg(QDateTime::currentDateTime().toString(Qt::ISODate), context, detail);
    return file.write(line.toUtf8()) >= 0;
}

void setCurrentRun(const QString &storePath, qint64 runId)
{
    std::lock_guard<std::mutex> lock(g_logMutex);
    g_runStore = storePath;
    g_runId = runId;
}

void markCurrentRunFailed(const QString &reason)
{
    QString storePath;
    qint64 runId = 0;
    {
        std::lock_guard<std::mutex> lock(g_logMutex);
        storePath = g_runStore;
        runId = g_runId;
    }
    if (runId <= 0)
        return;
    QString error;
    if (auto store = store::RunStore::open(storePath, &error))
        store->setStatus(runId, store::RunStatus::Failed, reason);
}

} // namespace gatefold::train
