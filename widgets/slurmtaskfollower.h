#pragma once

#include "launch/runprocess.h"
#include "store/storetypes.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <map>

namespace gatefold::widgets {

// The live progress of runs that train in Slurm tasks, read from each task's output file (the
// engine's JSON lines, slurm-<job>.out beside its script: on the file system the nodes and this
// machine share), as the window reads its own engines' events files. The store stays the truth;
// this is for the progress bar, %, images/s and ETA, which the store does not hold.
class SlurmTaskFollower : public QObject
{
    Q_OBJECT
public:
    explicit SlurmTaskFollower(QObject *parent = nullptr);

    // Reads what the tasks of `running` (run id → its latest Slurm job) wrote since the last call;
    // runs no longer listed are dropped.
    void follow(const std::map<qint64, store::SlurmJob> &running);

Q_SIGNALS:
    void progressed(qint64 runId, const gatefold::launch::RunProgress &progress);

private:
    struct Tail {
        QString path;
        qint64 offset = -1;  // -1: not opened yet (then only its last part is read)
        QByteArray pending;  // a line not ended yet
    };
    void read(qint64 runId, Tail &tail);

    std::map<qint64, Tail> m_tails;
};

} // namespace gatefold::widgets
