#pragma once

#include <torch/nn/module.h>

#include <string>
#include <vector>

namespace gatefold::train {

// Parameters split for decoupled weight decay: matrices decay; norms (1-D),
// biases, position embeddings, the class token, CDE codebooks and gate
// matrices and DeepEmbed tables (embeddings) do not.
struct ParamGroups {
    std::vector<torch::Tensor> decay;
    std::vector<torch::Tensor> noDecay;
    std::vector<std::string> noDecayNames;
};

bool decaysWeight(const std::string &name, const torch::Tensor &parameter);
ParamGroups splitForWeightDecay(const torch::nn::Module &model);

} // namespace gatefold::train
