#include "enginefailure.h"

#include "config/resourceestimate.h"

#include "store/runstore.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include <c10/util/Exception.h>

#include <cmath>
#include <mutex>
#include <new>
#include <typeinfo>

#include <unistd.h>

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

// What an allocator said it could not get: "you tried to allocate 80000000000 bytes" (c10's CPU
// allocator), "Tried to allocate 2.00 GiB" (CUDA's); -1 when it does not say.
double requestedBytes(const QString &text)
{
    static const QRegularExpression cpu(QStringLiteral("tried to allocate (\\d+) bytes"));
    static const QRegularExpression cuda(QStringLiteral("Tried to allocate ([0-9.]+) (KiB|MiB|GiB|TiB)"));
    if (const auto m = cpu.match(text); m.hasMatch())
        return m.captured(1).toDouble();
    if (const auto m = cuda.match(text); m.hasMatch()) {
        const QStringList units{QStringLiteral("KiB"), QStringLiteral("MiB"), QStringLiteral("GiB"), QStringLiteral("TiB")};
        return m.captured(1).toDouble() * std::pow(1024.0, double(units.indexOf(m.captured(2)) + 1));
    }
    return -1;
}

// A file the engine log may go to: the first of `candidates` this user can write (or create).
QString writableOf(const QStringList &candidates)
{
    for (const QString &path : candidates) {
        const QFileInfo file(path);
        if (file.exists() ? file.isFile() && file.isWritable() : false)
            return path;
        QString dir = file.absolutePath();
        while (!QFileInfo::exists(dir) && QFileInfo(dir).path() != dir)
            dir = QFileInfo(dir).path();
        if (!file.exists() && QFileInfo(dir).isDir() && QFileInfo(dir).isWritable())
            return path;
    }
    return {};
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
    if (isOutOfMemory(e)) {
        // One sentence: the allocator's own words ("[enforce fail at alloc_cpu.cpp:75] …") go to the log only.
        const double bytes = requestedBytes(QString::fromLocal8Bit(e.what()));
        return bytes > 0 ? QStringLiteral("out of memory: could not allocate %1").arg(describeBytes(bytes))
                         : QStringLiteral("out of memory");
    }
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
    QString chosen;
    {
        std::lock_guard<std::mutex> lock(g_logMutex);
        chosen = g_logFile;
    }
    // $HOME may be another user's (setpriv, sudo without -H): then the user's own temporary folder.
    QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (data.isEmpty())
        data = QDir::homePath() + QStringLiteral("/.local/share");
    const QString fallback = QDir(QDir::tempPath()).filePath(QStringLiteral("gatefold-%1/engine.log").arg(::getuid()));
    QStringList candidates{data + QStringLiteral("/gatefold/engine.log"), fallback};
    if (!chosen.isEmpty())
        candidates.prepend(chosen);
    const QString writable = writableOf(candidates);
    return writable.isEmpty() ? candidates.front() : writable;
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
