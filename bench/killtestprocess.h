#pragma once

// A gatefold-cli child of the kill test: in its own process group (so a kill
// takes its children too, as a crash of the machine would), output to a log
// file, reaped without blocking so the tool can watch files meanwhile.

#include <QString>
#include <QStringList>

#include <sys/types.h>

namespace gatefold::killtest {

class EngineProcess
{
public:
    // `environment`: extra NAME=value pairs for the child only (e.g. a test kill point).
    EngineProcess(const QString &program, const QStringList &arguments, const QString &logFile,
                  const QStringList &environment = {});
    ~EngineProcess();
    EngineProcess(const EngineProcess &) = delete;
    EngineProcess &operator=(const EngineProcess &) = delete;

    // Orphans of killed process groups (a sweep's engines whose parent died)
    // become this process's children, so they can be waited for.
    static void becomeSubreaper();

    pid_t pid() const { return m_pid; }
    bool started() const { return m_pid > 0; }
    // Reaps the process if it has ended; true while it runs.
    bool running();
    // Waits for it to end by itself; false on timeout (it still runs).
    bool wait(int timeoutMs);
    // SIGKILL to the whole group (or to the leader only); true when the
    // leader was still running, i.e. the kill interrupted it.
    bool killGroup();
    bool killLeader();
    // Waits until no process of the group is left (orphans included).
    bool waitGroupGone(int timeoutMs);

    bool exited() const { return m_exited; }
    int exitCode() const { return m_exitCode; }      // when it exited
    bool killedBySignal() const { return m_signal != 0; }
    int signal() const { return m_signal; }
    QString logFile() const { return m_log; }

private:
    void record(int status);
    bool reap(bool block);

    pid_t m_pid = -1;
    bool m_exited = false;   // ended (by exit or signal) and reaped
    int m_exitCode = -1;
    int m_signal = 0;
    QString m_log;
};

// Runs the program to its end (up to `timeoutMs`); its exit code, or -1 on a
// signal or timeout (then it is killed).
int runToEnd(const QString &program, const QStringList &arguments, const QString &logFile, int timeoutMs);

} // namespace gatefold::killtest
