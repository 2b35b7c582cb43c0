#include "paramgroups.h"

namespace gatefold::train {

bool decaysWeight(const std::string &name, const torch::Tensor &parameter)
{
    if (parameter.dim() <= 1)
        return false;  // LayerNorm weights and biases
    const auto dot = name.rfind('.');
    const std::string leaf = dot == std::string::npos ? name : name.substr(dot + 1);
    for (const char *exempt : {"bias", "cls_token", "pos_embed", "codebook", "embed", "deep_embed"})
        if (leaf == exempt)
            return false;
    return true;
}

ParamGroups splitForWeightDecay(const torch::nn::Module &model)
{
    ParamGroups groups;
    for (const auto &item : model.named_parameters(true)) {
        if (!item.value().requires_grad())
            continue;
        if (decaysWeight(item.key(), item.value())) {
            groups.decay.push_back(item.value());
        } else {
            groups.noDecay.push_back(item.value());
            groups.noDecayNames.push_back(item.key());
        }
    }
    return groups;
}

} // namespace gatefold::train
