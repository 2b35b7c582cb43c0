#pragma once

#include <QString>

namespace gatefold::store {

// A process that holds a run (an engine) or owns queued runs (a window, a
// sweep). A pid alone can be reused after its process exits; (pid, start)
// cannot. `start` is "<starttime>/<boot id>/<pid namespace>" read from /proc:
// the process's start in clock ticks since boot, the kernel's boot id (a pid
// from before a reboot is dead), and the pid namespace (a pid seen from
// another container cannot be checked here).
struct ProcessId {
    qint64 pid = 0;
    QString host;
    QString start;
};

// This process.
ProcessId currentProcessId();

// Whether this process can tell if `id` lives: same host name, and a start
// token from this boot and pid namespace (or none at all: records written
// before schema 3 carry only pid and host).
bool isCheckableHere(const ProcessId &id);

// Same host: the pid exists, has not exited (a zombie waiting to be reaped is
// dead) and its start token equals id.start. An empty
// id.start (a record from before schema 3) cannot tell a reused pid from the
// engine: the pid must then be this process or run a Gatefold program
// (gatefold, gatefold-cli), else the holder is dead. False for a process that
// is not checkable here.
bool isAliveHere(const ProcessId &id);

// The start token of a pid on this machine, empty when it does not exist.
QString processStartToken(qint64 pid);

} // namespace gatefold::store
