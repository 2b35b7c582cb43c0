#include "processid.h"

#include <QCoreApplication>
#include <QFile>
#include <QSysInfo>

#include <cerrno>
#include <csignal>
#include <limits>
#include <unistd.h>

namespace gatefold::store {
namespace {

QByteArray readSmallFile(const QString &path)
{
    // /proc files report size 0: read until the end.
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

// Field 22 of /proc/<pid>/stat: the start time in clock ticks after boot.
// The command name (field 2) may hold spaces and parentheses: count after the last ')'.
QByteArray startTicks(qint64 pid)
{
    const QByteArray stat = readSmallFile(QStringLiteral("/proc/%1/stat").arg(pid));
    const int close = stat.lastIndexOf(')');
    if (close < 0)
        return {};
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
    // fields[0] is field 3 (state); field 22 is fields[19].
    return fields.size() > 19 ? fields.at(19) : QByteArray();
}

const QString &bootId()
{
    static const QString id = QString::fromLatin1(readSmallFile(QStringLiteral("/proc/sys/kernel/random/boot_id")).trimmed());
    return id;
}

// "pid:[4026531836]": processes in another container see other pids.
const QString &pidNamespace()
{
    static const QString ns = [] {
        char buffer[64] = {};
        const ssize_t n = ::readlink("/proc/self/ns/pid", buffer, sizeof buffer - 1);
        return n > 0 ? QString::fromLatin1(buffer, int(n)) : QStringLiteral("pid:[?]");
    }();
    return ns;
}

struct StartToken {
    QString ticks, boot, ns;
};

StartToken splitToken(const QString &token)
{
    const QStringList parts = token.split(QLatin1Char('/'));
    StartToken t;
    if (parts.size() == 3) {
        t.ticks = parts.at(0);
        t.boot = parts.at(1);
        t.ns = parts.at(2);
    }
    return t;
}

// Field 3 of /proc/<pid>/stat: R, S, D, T, Z (zombie), X (dead), …; 0 when unreadable.
char processState(qint64 pid)
{
    const QByteArray stat = readSmallFile(QStringLiteral("/proc/%1/stat").arg(pid));
    const int close = stat.lastIndexOf(')');
    return close >= 0 && stat.size() > close + 2 ? stat.at(close + 2) : '\0';
}

// A process that has exited is not alive, even while its pid is taken: a zombie (state Z) stays
// until its parent reaps it, and a detached engine's parent may be a PID 1 that never reaps (a
// container). Every answer to "does this holder live?" goes through here, so the window, the
// queues and the store agree that a zombie's runs are nobody's.
bool pidExists(qint64 pid)
{
    if (pid <= 0 || pid > std::numeric_limits<pid_t>::max())
        return false;
    if (::kill(pid_t(pid), 0) != 0 && errno != EPERM)
        return false;
    const char state = processState(pid);
    return state != 'Z' && state != 'X';
}

// The file name of the program `pid` runs: its executable where this user may
// read it, else the first word of its command line, else its kernel name.
QString programName(qint64 pid)
{
    char buffer[4096] = {};
    const QByteArray exe = QFile::encodeName(QStringLiteral("/proc/%1/exe").arg(pid));
    const ssize_t n = ::readlink(exe.constData(), buffer, sizeof buffer - 1);
    QString path = n > 0 ? QFile::decodeName(QByteArray(buffer, int(n))) : QString();
    path.remove(QLatin1String(" (deleted)"));  // an executable replaced on disk (an update) is still that program
    if (path.isEmpty())
        path = QFile::decodeName(readSmallFile(QStringLiteral("/proc/%1/cmdline").arg(pid)).split('\0').value(0));
    if (path.isEmpty())
        path = QString::fromUtf8(readSmallFile(QStringLiteral("/proc/%1/comm").arg(pid)).trimmed());
    return path.section(QLatin1Char('/'), -1);
}

// Whether `pid` is this process or runs one of Gatefold's programs (gatefold,
// gatefold-cli): what a pid without a start token must be to hold a run.
bool isGatefoldProcess(qint64 pid)
{
    return pid == QCoreApplication::applicationPid() || programName(pid).startsWith(QLatin1String("gatefold"));
}

} // namespace

QString processStartToken(qint64 pid)
{
    if (pid <= 0)
        return {};
    const QByteArray ticks = startTicks(pid);
    if (ticks.isEmpty())
        return {};
    return QString::fromLatin1(ticks) + QLatin1Char('/') + bootId() + QLatin1Char('/') + pidNamespace();
}

ProcessId currentProcessId()
{
    static const QString start = processStartToken(QCoreApplication::applicationPid());
    return {QCoreApplication::applicationPid(), QSysInfo::machineHostName(), start};
}

bool isCheckableHere(const ProcessId &id)
{
    if (id.pid <= 0 || id.host != QSysInfo::machineHostName())
        return false;
    if (id.start.isEmpty())
        return true;  // an older record: pid and host only
    const StartToken t = splitToken(id.start);
    // Another boot: certainly dead, which is an answer. Another pid namespace: no answer here.
    return !t.ticks.isEmpty() && t.ns == pidNamespace();
}

bool isAliveHere(const ProcessId &id)
{
    if (!isCheckableHere(id) || !pidExists(id.pid))
        return false;
    if (id.start.isEmpty())  // a record from before schema 3: the pid, and a Gatefold program behind it
        return isGatefoldProcess(id.pid);
    return processStartToken(id.pid) == id.start;
}

} // namespace gatefold::store
