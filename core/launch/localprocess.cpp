#include "localprocess.h"

#include "store/processid.h"
#include "store/storetypes.h"

#include <QFile>
#include <QList>

#include <cerrno>
#include <csignal>
#include <sys/syscall.h>
#include <unistd.h>

namespace gatefold::launch {
namespace {

// /proc/<pid>/stat: "pid (comm) state ppid … starttime(22) …"; comm may hold spaces and ')'.
struct Stat {
    char state = 0;
    quint64 startTicks = 0;
};

std::optional<Stat> readStat(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (pid <= 0 || !file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray text = file.readAll();
    const qsizetype close = text.lastIndexOf(')');
    if (close < 0)
        return std::nullopt;
    const QList<QByteArray> fields = text.mid(close + 2).split(' ');  // fields[0] is field 3 (state)
    if (fields.size() < 20)
        return std::nullopt;
    Stat s;
    s.state = fields[0].isEmpty() ? 0 : fields[0][0];
    s.startTicks = fields[19].toULongLong();
    return s;
}

double bootTime()
{
    QFile file(QStringLiteral("/proc/stat"));
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : file.readAll().split('\n'))
        if (line.startsWith("btime "))
            return line.mid(6).trimmed().toDouble();
    return 0;
}

bool exited(char state)
{
    return state == 'Z' || state == 'X' || state == 'x';
}

} // namespace

std::optional<LocalProcess> LocalProcess::find(qint64 pid)
{
    const auto stat = readStat(pid);
    if (!stat || exited(stat->state))
        return std::nullopt;
    return LocalProcess{pid, stat->startTicks};
}

std::optional<LocalProcess> LocalProcess::holderOf(const store::RunRecord &run)
{
    const store::ProcessId id{run.pid, run.host, run.pidStart};
    if (!store::isAliveHere(id))  // another host, another boot, the pid gone or reused
        return std::nullopt;
    auto process = find(run.pid);  // and not a zombie nobody reaps
    if (process && !run.pidStart.isEmpty() && run.pidStart.section(QLatin1Char('/'), 0, 0).toULongLong() != process->startTicks)
        return std::nullopt;
    return process;
}

bool LocalProcess::isAlive() const
{
    const auto stat = readStat(pid);
    return stat && !exited(stat->state) && stat->startTicks == startTicks;
}

double LocalProcess::startedAt() const
{
    return bootTime() + double(startTicks) / double(sysconf(_SC_CLK_TCK));
}

bool LocalProcess::terminate() const
{
    // A pidfd taken before the check names the process that had the pid then: if the check then
    // finds ours, the signal reaches ours or (if the pid changed hands in between) a dead one.
    const int fd = int(::syscall(SYS_pidfd_open, pid_t(pid), 0));
    if (fd < 0)
        return errno == ENOSYS && isAlive() && ::kill(pid_t(pid), SIGTERM) == 0;  // kernels before 5.3
    const bool sent = isAlive() && ::syscall(SYS_pidfd_send_signal, fd, SIGTERM, nullptr, 0) == 0;
    ::close(fd);
    return sent;
}

} // namespace gatefold::launch
