#include "backgroundqueue.h"

#include "localprocess.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
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

QList<qint64> BackgroundQueue::handedRuns(const QString &storePath)
{
    QList<qint64> runs;
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : pids) {
        bool isPid = false;
        const qint64 pid = name.toLongLong(&isPid);
        if (!isPid)
            continue;
        QFile file(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (!file.open(QIODevice::ReadOnly))
            continue;  // gone, or another user's
        QList<QByteArray> argv = file.readAll().split('\0');
        if (!argv.isEmpty() && argv.constLast().isEmpty())
            argv.removeLast();
        // <cli> queue --store S … as arguments() writes it.
        if (argv.size() < 4 || argv.at(1) != "queue" || argv.at(2) != "--store"
            || QString::fromLocal8Bit(argv.at(3)) != storePath || !LocalProcess::find(pid))
            continue;
        for (int i = 4; i < argv.size(); ++i) {
            const QByteArray &a = argv.at(i);
            if (a == "--parallel" || a == "--handed-by" || a == "--after" || a == "--store") {
                ++i;  // its value is no run handed over
                continue;
            }
            bool ok = false;
            if (const qint64 id = a.toLongLong(&ok); ok && id > 0)
                runs << id;
        }
    }
    return runs;
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
