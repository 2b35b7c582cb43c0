#include "checkpointreader.h"

namespace gatefold::train {

std::vector<std::pair<std::string, torch::Tensor>> namedWeights(const torch::nn::Module &model)
{
    std::vector<std::pair<std::string, torch::Tensor>> out;
    for (const auto &p : model.named_parameters(true))
        out.emplace_back(p.key(), p.value());
    for (const auto &b : model.named_buffers(true))
        out.emplace_back(b.key(), b.value());
    return out;
}

} // namespace gatefold::train
