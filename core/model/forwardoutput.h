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
    bool branches = false;     // parallel blocks: each branch's attention/FFN output
    bool blockOutputs = false; // the residual stream after each block (CKA, probes)
    // With `attention`: keep the probabilities' graph (attention distillation trains on them).
    bool attentionGraph = false;
    // Parallel blocks: the diversity term L_div (core/model/README.md, joining "Diversity regulariser"),
    // with its graph, for the loss. forwardForTraining() asks for it when α > 0.
    bool diversity = false;
};

// Per-block intermediates; a tensor is undefined when not requested or not
// applicable (e.g. no gate on this block). N counts the class token.
struct BlockIntermediates {
    torch::Tensor attention;    // (B, H, N, N) softmax probabilities (detached unless attentionGraph)
    torch::Tensor codeIndices;  // (B, N, k) int64, the codes mixed into g
    torch::Tensor codeWeights;  // (B, N, k) their weights α (exactly 1 for hard VQ)
    torch::Tensor gateNorm;     // (B, N) ‖λ g‖₂ per token
    torch::Tensor mlpInput;     // (B, N, d) z = LN2(x); n(x) where LN2's affine was absorbed
    torch::Tensor output;       // (B, N, d) the residual stream x after the block
    // Parallel blocks only. `attention` is then the mean over branches of
    // their probabilities (equal to each at λ = 1).
    torch::Tensor branchAttention;  // (B, n, H, N, N) each branch's probabilities
    torch::Tensor attnBranches;     // (n, B, N, d) O_b = Σ_h H_bh·Wo_bh, without the shared bias
    torch::Tensor mlpBranches;      // (n, B, N, d) GELU(u_b)·W2_b, without the shared bias
};

struct VitOutput {
    torch::Tensor logits;  // (B, num_classes)
    std::vector<BlockIntermediates> blocks;
    // Mean over parallel blocks and {attention, FFN} of mean_{i<j} E[cos²(f_i, f_j)];
    // defined when asked for on a parallel model. The loss adds α times it.
    torch::Tensor diversity;
};

} // namespace gatefold::model
