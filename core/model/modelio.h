#pragma once

#include "visiontransformer.h"

#include <string>

namespace gatefold::model {

// Weights as a state dict keyed by timm's names, written with torch's pickle
// format: Python reads it with `torch.load(path)` (a dict of tensors) and a
// timm model of the same config accepts the plain-ViT keys.
bool saveWeights(const VisionTransformer &model, const std::string &path, std::string *error = nullptr);

// Reads weights saved by saveWeights into a model built from the same config.
// Refuses, and leaves the model untouched, when a name is missing or extra or
// a shape differs.
bool loadWeights(VisionTransformer &model, const std::string &path, std::string *error = nullptr);

} // namespace gatefold::model
