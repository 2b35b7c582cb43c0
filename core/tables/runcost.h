#pragma once

#include "config/vitconfig.h"

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

// The closed-form cost of costedModel(configJson, deployed). nullopt with
// `error` when the config does not parse.
std::optional<RunCost> runCost(const QByteArray &configJson, bool deployed, QString *error);

// The model a cost column describes: the run config's, or (with
// `deployed`) the folded deploy form of a joining run that ends joined
// (join.schedule other than none, or λ already 1; model::deployConfig,
// LayerNorms not absorbed) — what the joining paper's tables report for the
// -R models; a never-joined parallel run keeps its n branches. nullopt with
// `error` when the config does not parse.
std::optional<model::ViTConfig> costedModel(const QByteArray &configJson, bool deployed, QString *error);

// What the timed columns measure (core/timing times them, `gatefold-cli cost --measure`):
// "latency" the median wall time in ms of a forward pass of one image through
// the costed model on the CPU with one intra-op thread (the joining paper's
// single-thread CPU latency): 3 warm-up passes, then 15 timed ones, inference
// mode, random weights (latency does not depend on their values);
// "throughput" images per second of a forward pass of a batch of 32 (the
// joining paper's throughput batch) on the CPU with the process's intra-op
// threads: 2 warm-up passes, then the median of 5 timed ones.

} // namespace gatefold::tables
