#pragma once

// The model a fuzzed checkpoint is loaded into, and the one the seed
// checkpoints are written from: a tiny ViT with a CDE gate (codebook and gate
// tensors besides the plain ones), AdamW in the trainer's two groups and an
// EMA of the weights, so every part of a checkpoint has somewhere to go.

#include "config/trainconfig.h"
#include "train/weightema.h"

#include "model/visiontransformer.h"

#include <torch/optim/adamw.h>

#include <memory>

namespace gatefold::fuzz {

struct CheckpointSubject {
    train::RunConfig config;
    model::VisionTransformer model{nullptr};
    std::unique_ptr<torch::optim::AdamW> optimizer;
    train::WeightEma ema;
};

CheckpointSubject makeCheckpointSubject();

} // namespace gatefold::fuzz
