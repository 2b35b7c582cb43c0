#pragma once

#include <torch/nn/module.h>
#include <torch/types.h>

namespace gatefold::model {

// In-place N(0, std²) truncated to [-2·std, 2·std] (timm's trunc_normal_
// defaults), by inverse-CDF sampling of a uniform draw.
void truncNormal_(torch::Tensor &tensor, double std);

// timm's "jax" init over a built ViT's parameters by name: xavier-uniform on
// every linear weight (per branch for branch-stacked (n, out, in) weights),
// LeCun-normal on the patch embedding, zeros on the head, N(0, 1e-6²) on MLP
// biases. Norms, tokens, position embeddings and gate parameters keep theirs.
void jaxInit_(torch::nn::Module &vit);

} // namespace gatefold::model
