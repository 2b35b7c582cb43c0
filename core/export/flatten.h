#pragma once

// A folded (single-branch) model as plain numbers for the writers.

#include "namedtensor.h"

#include "model/visiontransformer.h"

namespace gatefold::exporting {

// One tensor, detached and copied to CPU float32.
NamedTensor namedTensor(const std::string &name, const torch::Tensor &tensor);

// `model` (deploy form or a single-branch run) with its parameters and
// buffers by name, the attention widths of every block and, for a gated
// model, the gate: which codebook each block's logits read (none for blocks
// that reuse an assign-once α), which E or DeepEmbed table it applies, and λ
// and τ as they stand.
FlatVit flattenModel(const model::VisionTransformer &model);

// True when some block's attention is wider than the embedding (a wide fold).
bool isWide(const FlatVit &vit);

} // namespace gatefold::exporting
