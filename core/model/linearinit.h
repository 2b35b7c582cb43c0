#pragma once

#include <torch/nn/modules/linear.h>

namespace gatefold::model {

// nn::Linear with timm's ViT init: weight trunc-normal(0.02), bias 0.
torch::nn::Linear makeLinear(int64_t in, int64_t out, bool bias);

// y = x Wᵀ + b through ATen's linear, which runs a (…, in) input as one fused
// addmm on a 2-D view. LibTorch 1.13's nn::Linear::forward instead does a
// matmul and a separate `+= bias` pass for inputs of 3 or more dimensions.
// Also counts the MACs under `component`.
torch::Tensor applyLinear(const char *component, const torch::nn::Linear &linear, const torch::Tensor &input);

// Adds the MACs of applying `linear` to `input` (..., in) under `component`.
void countLinearMacs(const char *component, const torch::Tensor &input, const torch::nn::Linear &linear);

} // namespace gatefold::model
