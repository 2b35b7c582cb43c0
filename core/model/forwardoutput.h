#pragma once

#include <torch/types.h>

#include <vector>

namespace gatefold::model {

// What a forward pass keeps besides the logits. Everything off by default:
// training pays for none of it.
struct ForwardOptions {
    bool attention = false;    // attention probabilities per block
    bool assignments = false;  // CDE code indices/weights and gate norms
    bool mlpInputs = false;    // LN2 outputs z (what the gate's logits read)
};

// Per-block intermediates; a tensor is undefined when not requested or not
// applicable (e.g. no gate on this block). N counts the class token.
struct BlockIntermediates {
    torch::Tensor attention;    // (B, H, N, N) softmax probabilities
    torch::Tensor codeIndices;  // (B, N, k) int64, the codes mixed into g
    torch::Tensor codeWeights;  // (B, N, k) their weights α (exactly 1 for hard VQ)
    torch::Tensor gateNorm;     // (B, N) ‖λ g‖₂ per token
    torch::Tensor mlpInput;     // (B, N, d) z = LN2(x)
};

struct VitOutput {
    torch::Tensor logits;  // (B, num_classes)
    std::vector<BlockIntermediates> blocks;
};

} // namespace gatefold::model
