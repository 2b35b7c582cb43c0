#pragma once

#include <QString>

namespace gatefold::slurm {

// Where Slurm has a job (or an array task), as `runs list` shows it beside the store's status.
enum class JobState {
    Pending,     // waiting for resources, held, or requeued
    Running,     // started (also suspended or being configured)
    Completing,  // ended, Slurm is cleaning up
    Done,        // ended with exit code 0
    Failed,      // ended otherwise: non-zero exit, time limit, node failure, out of memory, preempted
    Cancelled,   // scancel (or an administrator)
    Unknown,     // Slurm no longer knows it (squeue forgets ended jobs after MinJobAge; no accounting)
};

// The state of a job as squeue's %T or sacct's State column gives it ("PENDING", "CANCELLED by 0",
// "OUT_OF_MEMORY", …); Unknown for a word Slurm does not use.
JobState jobStateFromSlurm(const QString &word);
// "pending", "running", "completing", "done", "failed", "cancelled", "unknown to Slurm".
QString toString(JobState state);
// The word JSON lines carry: pending, running, completing, done, failed, cancelled, unknown (never translated).
QString stateKey(JobState state);
// Pending, Running or Completing: the task still holds (or waits for) a place.
bool isLive(JobState state);

} // namespace gatefold::slurm
