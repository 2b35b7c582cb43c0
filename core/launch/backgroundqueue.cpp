#include "backgroundqueue.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>

namespace gatefold::launch {

QString BackgroundQueue::logPathFor(const QString &storePath)
{
    // Beside the runs' own directories (runs/<id>/): one log for the store's background queues.
    return RunProcess::runsDirectoryFor(storePath) + QStringLiteral("/queue.log");
}

QStringList BackgroundQueue::arguments(const QString &storePath, const Plan &plan)
{
    QStringList args = {QStringLiteral("--store"), storePath, QStringLiteral("--parallel"), QString::number(plan.parallel)};
    if (plan.handedBy > 0)
        args << QStringLiteral("--handed-by") << QString::number(plan.handedBy);
    for (qint64 id : plan.training)
        args << QStringLiteral("--after") << QString::number(id);
    for (const auto &[id, mode] : plan.waiting) {
        if (mode == RunProcess::Mode::Resume)
            args << QStringLiteral("--resume");
        args << QString::number(id);
    }
    return args;
}

std::optional<qint64> BackgroundQueue::start(const QString &cliPath, const QString &storePath, const Plan &plan,
                                             QString *error)
{
    const QString log = logPathFor(storePath);
    QDir().mkpath(QFileInfo(log).absolutePath());
    QProcess queue;
    queue.setProgram(cliPath);
    queue.setArguments(QStringList{QStringLiteral("queue")} + arguments(storePath, plan));
    queue.setStandardInputFile(QProcess::nullDevice());
    queue.setStandardOutputFile(log, QIODevice::Append);
    queue.setStandardErrorFile(log, QIODevice::Append);
    qint64 pid = 0;
    if (!queue.startDetached(&pid)) {
        *error = QCoreApplication::translate("BackgroundQueue", "cannot start %1 queue: %2").arg(cliPath, queue.errorString());
        return std::nullopt;
    }
    return pid;
}

} // namespace gatefold::launch
