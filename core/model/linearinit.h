#pragma once

#include <torch/nn/modules/linear.h>

namespace gatefold::model {

// nn::Linear with timm's ViT init: weight trunc-normal(0.02), bias 0.
torch::nn::Linear makeLinear(int64_t in, int64_t out, bool bias);

// Adds the MACs of applying `linear` to `input` (..., in) under `component`.
void countLinearMacs(const char *component, const torch::Tensor &input, const torch::nn::Linear &linear);

} // namespace gatefold::model
