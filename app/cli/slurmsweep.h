#pragma once

namespace gatefold::cli {

struct SweepRequest;

// sweep --slurm: the store checked for the cluster, the sweep and its runs created, submitted as
// one job array (a task per run) and, with --wait, followed to the end. The exit status: 0
// submitted (with --wait: as sweep's), 1 not submitted, 2 refused before anything was created.
int submitSweep(const SweepRequest &request);

} // namespace gatefold::cli
