#include "assignment.h"

#include "maccounter.h"
#include "vqstraightthrough.h"

#include <torch/torch.h>

namespace gatefold::model {

namespace F = torch::nn::functional;

torch::Tensor cosineLogits(const torch::Tensor &z, const torch::Tensor &codebook, double temperature)
{
    // τ is folded into the (K, d) side: K·d multiplies instead of B·N·K.
    auto zn = F::normalize(z, F::NormalizeFuncOptions().dim(-1));                    // (B, N, d)
    auto cn = F::normalize(codebook, F::NormalizeFuncOptions().dim(-1)) * temperature;  // (K, d)
    countMacs("cde.assign", zn.numel() * codebook.size(0));
    return torch::matmul(zn, cn.t());  // (B, N, K)
}

Assignment assignCodes(const torch::Tensor &logits, AssignKind kind, int topK)
{
    Assignment a;
    a.kind = kind;
    const int64_t codes = logits.size(-1);
    if (kind == AssignKind::HardVq) {
        a.probs = logits.softmax(-1);                          // (B, N, K)
        a.indices = logits.argmax(-1, /*keepdim=*/true);       // (B, N, 1)
        a.weights = torch::ones(a.indices.sizes(), logits.options());  // one-hot, exactly
        return a;
    }
    if (topK >= codes) {
        a.dense = true;
        a.probs = logits.softmax(-1);  // (B, N, K)
        a.weights = a.probs;
        a.indices = torch::arange(codes, logits.options().dtype(torch::kLong)).expand(logits.sizes());
        return a;
    }
    auto [values, indices] = logits.topk(topK, -1);  // (B, N, k) each
    a.indices = indices;
    a.weights = values.softmax(-1);
    return a;
}

torch::Tensor mixGate(const Assignment &a, const torch::Tensor &embed)
{
    const int64_t gateWidth = embed.size(1);
    if (a.kind == AssignKind::HardVq) {
        countMacs("cde.mix", a.indices.numel() * gateWidth);
        return vqStraightThrough(a.probs, a.indices.squeeze(-1), embed);
    }
    if (a.dense) {
        countMacs("cde.mix", a.probs.numel() * gateWidth);
        return torch::matmul(a.probs, embed);  // (B, N, d_g)
    }
    // One (B·N, d_g) gather per mixture slot keeps memory at B·N·d_g instead
    // of B·N·k·d_g; autograd turns each into an index_add on E.
    const int64_t k = a.indices.size(-1);
    countMacs("cde.mix", a.indices.numel() * gateWidth);
    auto flatIdx = a.indices.reshape({-1, k});  // (B·N, k)
    auto flatW = a.weights.reshape({-1, k});    // (B·N, k)
    torch::Tensor g;
    for (int64_t j = 0; j < k; ++j) {
        auto rows = embed.index_select(0, flatIdx.select(1, j));  // (B·N, d_g)
        auto term = rows * flatW.select(1, j).unsqueeze(1);
        g = j == 0 ? term : g + term;
    }
    auto shape = a.indices.sizes().vec();
    shape.back() = gateWidth;
    return g.view(shape);  // (B, N, d_g)
}

} // namespace gatefold::model
