#pragma once

#include <torch/types.h>

#include <cstdint>

namespace gatefold::train {

// Running sums of the train/* metrics since the last time they were written.
struct MetricWindow {
    double loss = 0.0;
    double gradNorm = 0.0;
    double diversity = 0.0;
    std::int64_t steps = 0;
    std::int64_t images = 0;
    double seconds = 0.0;
    double dataWait = 0.0;  // seconds the steps waited for their batch (a timing: not checkpointed)
    double commWait = 0.0;  // data parallel: seconds the steps waited for the other ranks (not checkpointed)
    // Distillation: the two unweighted terms and the teacher's forward seconds (checkpointed as the loss is).
    double distillAttention = 0.0;
    double distillLogits = 0.0;
    double teacherSeconds = 0.0;
};

// Where a run stands, as a checkpoint keeps it: enough to continue exactly.
struct TrainState {
    std::int64_t step = 0;        // optimiser steps taken
    double bestTop1 = -1.0;       // best val/top1 so far (-1: none yet)
    std::int64_t bestStep = -1;
    double trainSeconds = 0.0;    // time spent in steps and evaluations, all sessions
    MetricWindow window;
    torch::Tensor cpuRngState;    // the default CPU generator (dropout, drop-path)
    std::int64_t emaUpdates = 0;
};

} // namespace gatefold::train
