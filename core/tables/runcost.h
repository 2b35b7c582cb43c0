#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace gatefold::tables {

// What a run's model costs, from its run config JSON alone (no checkpoint:
// parameters, MACs and latency depend on the architecture, not on weights).
struct RunCost {
    double params = 0;   // closed-form parameter count (core/config/costformula.h)
    double gflops = 0;   // forward GFLOPs per image = 2 × MACs / 1e9
};

// With `deployed`, a joining run that ends joined (join.schedule other than
// none, or λ already 1) is costed in its folded deploy form
// (model::deployConfig, LayerNorms not absorbed) — what the joining paper's
// tables report for the -R models; a never-joined parallel run keeps its n
// branches. nullopt with `error` when the config does not parse.
std::optional<RunCost> runCost(const QByteArray &configJson, bool deployed, QString *error);

// Median wall time in ms of a forward pass of one image through the model the
// config builds (deploy form as above), on the CPU with one intra-op thread
// (the joining paper's single-thread CPU latency): 3 warm-up passes, then 15
// timed ones, inference mode, random weights (latency does not depend on
// their values). The thread count is restored afterwards.
std::optional<double> runLatencyMs(const QByteArray &configJson, bool deployed, QString *error);

// Images per second of a forward pass of a batch of 32 (the joining paper's
// throughput batch) on the CPU with the process's intra-op threads: 2
// warm-up passes, then the median of 5 timed ones; architecture as above.
std::optional<double> runThroughput(const QByteArray &configJson, bool deployed, QString *error);

} // namespace gatefold::tables
