#pragma once

#include "visiontransformer.h"

#include "config/costformula.h"

namespace gatefold::model {

// Counted from the built model: parameters from its named tensors, MACs from
// one instrumented forward pass on a blank image.
std::vector<CostRow> countedCost(VisionTransformer &model);

} // namespace gatefold::model
