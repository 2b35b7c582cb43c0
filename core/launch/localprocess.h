#pragma once

#include <QtGlobal>

#include <optional>

namespace gatefold::store {
struct RunRecord;
}

namespace gatefold::launch {

// A process on this machine as the kernel knows it. A pid alone is reused;
// with its start time (clock ticks after boot, /proc/<pid>/stat) it names one
// process for good. The window follows its detached engines by this.
struct LocalProcess {
    qint64 pid = 0;
    quint64 startTicks = 0;

    // The process `pid` now; nullopt when there is none or it has exited (a
    // zombie nobody reaps counts as exited: detached engines are reparented
    // to a PID 1 that may never reap them).
    static std::optional<LocalProcess> find(qint64 pid);
    // The live process on this machine that the store says holds `run` (its engine while it runs;
    // the window or queue that owns it while queued): same host, pid alive, same start (the
    // record's start token, store::ProcessId); nullopt when it is gone or lives elsewhere.
    static std::optional<LocalProcess> holderOf(const store::RunRecord &run);
    // Still the same process, and not exited.
    bool isAlive() const;
    // When it started, in Unix seconds (to the second: the boot time has no more).
    double startedAt() const;
    // SIGTERM, only while isAlive() (never to whoever has the pid now).
    bool terminate() const;
};

} // namespace gatefold::launch
