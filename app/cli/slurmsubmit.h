#pragma once

#include "clicommon.h"
#include "slurmprinter.h"

#include "launch/slurmsubmission.h"

#include <QString>

#include <atomic>
#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// The steps sweep, train and resume share when they hand runs to Slurm.

// Why the store `storePath` names cannot serve the nodes `options` ask for (ExitUsage, nothing
// created), checked before any store is opened; the notices about it printed on the way.
std::optional<CommandError> slurmStoreRefusal(const QString &storePath, const slurm::SlurmOptions &options,
                                              const slurm::SlurmClient &client);
// Why run `runId` cannot be submitted while an earlier submission of it still waits or runs in
// Slurm (or Slurm cannot say); nullopt when it can.
std::optional<CommandError> liveJobProblem(store::RunStore &store, qint64 runId, const slurm::SlurmClient &client);
// The batch's parts every submission fills the same way: this gatefold-cli, what made it.
launch::SlurmBatch slurmBatch(const std::vector<qint64> &runIds, slurm::EngineCommand command,
                              const slurm::SlurmOptions &options, const QString &commandName);
// Submits `batch` and prints what Slurm accepted. When it fails, `newRuns` (queued for this
// submission alone) are recorded as failed with the reason, so no window starts them here.
std::optional<launch::SlurmSubmitted> submitBatch(store::RunStore &store, const slurm::SlurmClient &client,
                                                  const launch::SlurmBatch &batch, const SlurmPrinter &printer,
                                                  bool newRuns, CommandError *error);
// --wait: the runs' records once their tasks have ended; nullopt after printing why not.
std::optional<std::vector<store::RunRecord>> waitForRuns(store::RunStore &store, const slurm::SlurmClient &client,
                                                         const SlurmPrinter &printer,
                                                         const std::vector<qint64> &runIds);
// The exit status of one run as `train` gives it: 0 finished, 3 cancelled, else 1.
int runExitCode(const store::RunRecord &record);

} // namespace gatefold::cli
