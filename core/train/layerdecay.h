#pragma once

#include <torch/nn/module.h>

#include <string>
#include <vector>

namespace gatefold::train {

// The optimiser's parameter groups under layer-wise learning-rate decay
// (optim.layer_decay; timm's param_groups_layer_decay, cde_vit.py's
// build_param_groups): a model of `depth` blocks has depth + 2 layers,
//   0          patch_embed.*, pos_embed, cls_token (the embeddings, deepest),
//   i + 1      blocks.i.* (a parallel block's branches, its own CDE codebook,
//              gate matrix and DeepEmbed table included),
//   depth + 1  everything else: norm, fc_norm, head, and the CDE tables shared
//              by all blocks (cde.codebook, cde.embed; cde_vit.py keeps its
//              shared deepembed_codebook / deepembed_E on the model outside
//              `blocks`, so its rule gives them this layer too),
// and layer l learns at lr × decay^(depth + 1 − l). Each layer is split by
// weight decay as splitForWeightDecay does (paramgroups.h).
int layerOf(const std::string &name, int depth);
double layerLrScale(int layer, int depth, double decay);
// The number of blocks: 1 + the largest i of a parameter named blocks.i.*.
int blockDepth(const torch::nn::Module &model);

struct OptimGroup {
    std::vector<torch::Tensor> params;
    std::vector<std::string> names;
    double weightDecay = 0.0;
    double lrScale = 1.0;  // the group's lr is the scheduled lr × lrScale, at every step
};

// decay = 1 (off): the two groups of splitForWeightDecay (matrices, then the
// rest), as every run before optim.layer_decay had, so their checkpoints load.
// Otherwise one group per (layer, decays) that has parameters, layer by layer
// (matrices first in each).
std::vector<OptimGroup> optimizerGroups(const torch::nn::Module &model, double weightDecay, double layerDecay);

} // namespace gatefold::train
