#pragma once

namespace gatefold::cli {

struct TrainRequest;
struct ResumeRequest;

// train --slurm: the run created from the request (or, with --run, the queued run) submitted to
// Slurm as a one-task job array. resume --run ID --slurm: a failed, cancelled, crashed or stopped run
// submitted again, with the options of its last submission unless given anew. Exit status 0
// once Slurm accepted it (with --wait: the run's, as train's), 1 not submitted, 2 refused.
int submitTrain(const TrainRequest &request);
int resubmitRun(const ResumeRequest &request);

} // namespace gatefold::cli
