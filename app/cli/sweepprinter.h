#pragma once

#include <QByteArray>
#include <QString>

namespace gatefold::cli {

// How the runs of a sweep ended: what its summary counts and its exit code says.
struct SweepTally {
    int finished = 0;
    int failed = 0;     // the engine failed, or could not be started
    int cancelled = 0;  // stopped, or never started because the sweep was stopped
    int stopped = 0;    // stopped early at a rung by the sweep's early stopping (resumable)
};

// 1 when a run failed, else 3 when one was cancelled, else 0: sweep's exit status.
int sweepExitCode(const SweepTally &tally);

// What `sweep` says on stdout: lines for a person, or with --json the engine
// events (the sweep's own, and each run's lines forwarded as they are).
class SweepPrinter
{
public:
    explicit SweepPrinter(bool json);

    void sweepCreated(qint64 sweepId, const QString &name, qsizetype runs, int parallel, const QString &store) const;
    // The sweep's runs are queued for Slurm (sweep --slurm), not trained here.
    void sweepQueued(qint64 sweepId, const QString &name, qsizetype runs, const QString &store) const;
    void runStarted(qint64 runId, const QString &label) const;
    // One line a run's engine wrote (without its newline).
    void engineLine(const QByteArray &line) const;
    // `status` and `message` as the run's end event gave them ("crashed" when it gave none).
    void runEnded(qint64 runId, const QString &label, const QString &status, const QString &message) const;
    void sweepEnded(qint64 sweepId, const SweepTally &tally) const;

private:
    bool m_json = false;
};

} // namespace gatefold::cli
