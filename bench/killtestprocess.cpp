#include "killtestprocess.h"

#include <QElapsedTimer>
#include <QFile>

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace gatefold::killtest {
namespace {

void pause(int ms)
{
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

// Reaps the ended members of process group `group` that became ours (a
// subreaper adopts the orphans of a killed leader).
void reapGroup(pid_t group)
{
    int status = 0;
    while (waitpid(-group, &status, WNOHANG) > 0) {
    }
}

} // namespace

void EngineProcess::becomeSubreaper()
{
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

EngineProcess::EngineProcess(const QString &program, const QStringList &arguments, const QString &logFile,
                             const QStringList &environment)
    : m_log(logFile)
{
    std::vector<QByteArray> env;
    for (const QString &e : environment)
        env.push_back(e.toLocal8Bit());
    std::vector<QByteArray> args{QFile::encodeName(program)};
    for (const QString &a : arguments)
        args.push_back(a.toLocal8Bit());
    std::vector<char *> argv;
    for (auto &a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    const QByteArray log = QFile::encodeName(logFile);
    m_pid = fork();
    if (m_pid == 0) {
        setpgid(0, 0);
        const int fd = open(log.constData(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (fd >= 0) {
            dup2(fd, STDOUT_FILENO);
            dup2(fd, STDERR_FILENO);
        }
        const int devnull = open("/dev/null", O_RDONLY);
        if (devnull >= 0)
            dup2(devnull, STDIN_FILENO);
        for (auto &e : env)
            putenv(e.data());  // the child's own copy of env: it lives until exec
        execv(argv[0], argv.data());
        _exit(127);
    }
    if (m_pid > 0)
        setpgid(m_pid, m_pid);  // also from here: no race with a kill right after the fork
}

EngineProcess::~EngineProcess()
{
    if (m_pid > 0 && !m_exited) {
        ::kill(-m_pid, SIGKILL);
        reap(true);
        waitGroupGone(10000);
    }
}

void EngineProcess::record(int status)
{
    m_exited = true;
    if (WIFEXITED(status))
        m_exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        m_signal = WTERMSIG(status);
}

bool EngineProcess::reap(bool block)
{
    if (m_exited || m_pid <= 0)
        return true;
    int status = 0;
    pid_t r;
    do
        r = waitpid(m_pid, &status, block ? 0 : WNOHANG);
    while (r < 0 && errno == EINTR);
    if (r == m_pid)
        record(status);
    return m_exited;
}

bool EngineProcess::running()
{
    return !reap(false);
}

bool EngineProcess::wait(int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (running()) {
        if (clock.elapsed() > timeoutMs)
            return false;
        pause(10);
    }
    return true;
}

bool EngineProcess::killGroup()
{
    if (m_pid <= 0 || m_exited)
        return false;
    ::kill(-m_pid, SIGKILL);
    reap(true);
    waitGroupGone(30000);
    // An ended leader that was not reaped yet was not interrupted: its status says so.
    return m_signal == SIGKILL;
}

bool EngineProcess::killLeader()
{
    if (m_pid <= 0 || m_exited)
        return false;
    ::kill(m_pid, SIGKILL);
    reap(true);
    return m_signal == SIGKILL;
}

bool EngineProcess::waitGroupGone(int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    for (;;) {
        reap(false);  // the leader first, so its own status is kept
        if (m_exited)
            reapGroup(m_pid);
        if (::kill(-m_pid, 0) != 0 && errno == ESRCH)
            return true;
        if (clock.elapsed() > timeoutMs)
            return false;
        pause(20);
    }
}

int runToEnd(const QString &program, const QStringList &arguments, const QString &logFile, int timeoutMs)
{
    EngineProcess p(program, arguments, logFile);
    if (!p.wait(timeoutMs)) {
        p.killGroup();
        return -1;
    }
    p.waitGroupGone(timeoutMs);
    return p.killedBySignal() ? -1 : p.exitCode();
}

} // namespace gatefold::killtest
