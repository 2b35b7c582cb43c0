#include "layerdecay.h"

#include "paramgroups.h"

#include <cmath>
#include <map>
#include <utility>

namespace gatefold::train {
namespace {

bool startsWith(const std::string &text, const std::string &prefix)
{
    return text.compare(0, prefix.size(), prefix) == 0;
}

// i of "blocks.i.…", or -1.
int blockIndexOf(const std::string &name)
{
    if (!startsWith(name, "blocks."))
        return -1;
    const auto end = name.find('.', 7);
    try {
        return std::stoi(name.substr(7, end == std::string::npos ? std::string::npos : end - 7));
    } catch (const std::exception &) {
        return -1;
    }
}

} // namespace

int layerOf(const std::string &name, int depth)
{
    if (startsWith(name, "patch_embed.") || name == "pos_embed" || name == "cls_token")
        return 0;
    const int block = blockIndexOf(name);
    if (block >= 0)
        return block + 1;
    return depth + 1;
}

double layerLrScale(int layer, int depth, double decay)
{
    return std::pow(decay, double(depth + 1 - layer));
}

int blockDepth(const torch::nn::Module &model)
{
    int depth = 0;
    for (const auto &item : model.named_parameters(true))
        depth = std::max(depth, blockIndexOf(item.key()) + 1);
    return depth;
}

std::vector<OptimGroup> optimizerGroups(const torch::nn::Module &model, double weightDecay, double layerDecay)
{
    const int depth = blockDepth(model);
    // (layer, 0 = decays / 1 = does not): ordered layer by layer, matrices first. Off: one layer.
    std::map<std::pair<int, int>, OptimGroup> byKey;
    for (const auto &item : model.named_parameters(true)) {
        if (!item.value().requires_grad())
            continue;
        const bool decays = decaysWeight(item.key(), item.value());
        const int layer = layerDecay == 1.0 ? 0 : layerOf(item.key(), depth);
        OptimGroup &g = byKey[{layer, decays ? 0 : 1}];
        g.params.push_back(item.value());
        g.names.push_back(item.key());
        g.weightDecay = decays ? weightDecay : 0.0;
        g.lrScale = layerDecay == 1.0 ? 1.0 : layerLrScale(layer, depth, layerDecay);
    }
    std::vector<OptimGroup> groups;
    for (auto &[key, group] : byKey)
        groups.push_back(std::move(group));
    return groups;
}

} // namespace gatefold::train
