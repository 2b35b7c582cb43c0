#pragma once

#include "runprocess.h"

#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace gatefold::launch {

// Hands runs to `gatefold-cli queue`, started detached: it takes them over in
// the store (their owner becomes it, so nobody offers them as stranded),
// starts them as detached engines N at a time — counting the runs already
// training that it is told about — and exits when they are done. What a
// window's queue still held when the user quit and kept the runs going.
class BackgroundQueue
{
public:
    struct Plan {
        int parallel = 1;
        QList<qint64> training;                            // count against `parallel` until they end
        QList<std::pair<qint64, RunProcess::Mode>> waiting;  // in order
        qint64 handedBy = 0;  // the window that hands them over: taken over once it has exited
    };
    // The queue's pid, or nullopt with `error`.
    static std::optional<qint64> start(const QString &cliPath, const QString &storePath, const Plan &plan,
                                       QString *error);
    // `gatefold-cli queue` arguments for `plan` (after the command name).
    static QStringList arguments(const QString &storePath, const Plan &plan);
    // The runs that live background queues of this store on this machine were handed (queued and
    // --resume ones), read from their command lines: a queue takes its runs over only once the window
    // that handed them has exited, and a window started in between must not offer them as stranded.
    static QList<qint64> handedRuns(const QString &storePath);
    // Where background queues of this store say what they did: <data dir>/runs/queue.log.
    static QString logPathFor(const QString &storePath);
};

} // namespace gatefold::launch
