#pragma once

#include "worldinfo.h"

#include <QString>
#include <QStringList>

#include <sys/types.h>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace gatefold::dist {

// The ranks 1 … N−1 that rank 0 starts on this machine for --nproc N: this
// program again (`arguments`, e.g. "train"), each with the environment of its
// rank (rankEnvironment) and `threads` intra-op threads, its stdout sent to
// stderr (rank 0's stdout is the engine's event stream). Each child dies with
// this process (PR_SET_PDEATHSIG: SIGKILL), so no rank outlives a killed rank 0;
// a watcher reaps them and remembers how each ended. The destructor stops
// those still running: SIGTERM, then SIGKILL after `grace`.
class LocalRanks
{
public:
    LocalRanks() = default;
    ~LocalRanks();
    LocalRanks(const LocalRanks &) = delete;
    LocalRanks &operator=(const LocalRanks &) = delete;

    // False with `error` when a child could not be started (the others are stopped).
    bool start(const QString &program, const QStringList &arguments, const WorldInfo &world, int threads,
               QString *error);
    // How the ranks that ended so far ended, "rank 1 (pid 123) was killed by signal 9", …;
    // empty while all run (or ended with status 0).
    QString diagnosis() const;
    // Waits up to `seconds` for every child to end, then stops those left. True when all ended by themselves.
    bool waitAll(double seconds);
    // Waits up to `seconds` until some child has ended (at once if one has).
    void waitForAnyEnd(double seconds);
    void stopAll(double graceSeconds = 10.0);
    std::vector<pid_t> pids() const;

private:
    struct Child {
        int rank = 0;
        pid_t pid = 0;
        bool ended = false;
        int status = 0;
    };
    void watch();

    std::vector<Child> m_children;
    mutable std::mutex m_mutex;
    std::thread m_watcher;
    std::atomic<bool> m_quit{false};
};

} // namespace gatefold::dist
