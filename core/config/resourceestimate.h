#pragma once

#include "trainconfig.h"

#include "configproblem.h"
#include "memorysize.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <string>

namespace gatefold::train {

// What a run needs, from its config alone (nothing is built or allocated),
// overflow-safe: sizes past 2^63 saturate at INT64_MAX instead of wrapping.
// Float32 everywhere; a training step keeps every block's forward activations
// for the backward pass: the token tensors (LN, q/k/v, attention output,
// projections, MLP hidden before and after GELU: B·N·(c·d + 2·d_ff) per block
// and branch), the attention maps (scores and probabilities, 2·B·H·N²) and for
// CDE the codebook logits and assignments (B·N·K). The state is weights,
// gradients, AdamW's two moments and the EMA copy. A checkpoint holds the
// weights, the moments and the EMA.
struct ResourceEstimate {
    qint64 parameters = 0;
    // With compute.processes = N the parts are one rank's (its train.batch_size / N images), the
    // peak is the N ranks' together.
    qint64 activationBytes = 0;   // one training step's activations (train.batch_size)
    qint64 stateBytes = 0;        // weights, gradients, optimiser moments, EMA
    qint64 evalBytes = 0;         // the largest transient of an evaluation batch (no gradients)
    qint64 inputBytes = 0;        // the batches the loader holds (data.prefetch + 2, float32)
    qint64 checkpointBytes = 0;   // one checkpoint file
    qint64 peakBytes = 0;         // the engine's whole need at its peak, LibTorch itself included
    qint64 memoryLimitBytes = 0;  // what it must fit: compute.memory_limit, else this machine's memory
    bool limitIsSetting = false;  // memoryLimitBytes is compute.memory_limit
};

ResourceEstimate estimateResources(const RunConfig &config);

// Refuses a config whose peak cannot fit compute.memory_limit (or, when that
// is 0, this machine's memory), naming the setting that makes it so and how
// much is needed: "key: message", like checkDataFits. A stated limit above
// this machine's memory and swap does not let through a run that needs more
// than the machine has (the run is trained here): refused too, saying so.
// `out` gets the estimate.
QStringList checkResources(const RunConfig &config, ResourceEstimate *out = nullptr);

// The estimate as `config --check --json` prints it (contract C3): {"parameters",
// "activation_bytes", "state_bytes", "eval_bytes", "input_bytes", "checkpoint_bytes",
// "peak_bytes", "memory_limit_bytes", "memory_limit_from": "compute.memory_limit"|"machine"}.
QJsonObject resourcesJson(const ResourceEstimate &estimate);

// This machine's memory: MemTotal, or the cgroup's memory.max when lower.
qint64 machineMemoryBytes();
// Its swap: SwapTotal (0 when it has none or it cannot be read).
qint64 machineSwapBytes();

// "3.2 GiB" for messages.
QString describeBytes(double bytes);

} // namespace gatefold::train
