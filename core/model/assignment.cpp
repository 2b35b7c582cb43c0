#include "assignment.h"

#include "maccounter.h"
#include "rownormalize.h"
#include "sparsemix.h"
#include "vqstraightthrough.h"

#include <torch/torch.h>

namespace gatefold::model {

torch::Tensor cosineLogits(const torch::Tensor &z, const torch::Tensor &codebook, double temperature)
{
    // τ is folded into the (K, d) side: K·d multiplies instead of B·N·K.
    auto zn = normalizeLastDim(z);                        // (B, N, d)
    auto cn = normalizeLastDim(codebook) * temperature;  // (K, d)
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
    const int64_t k = a.indices.size(-1);
    countMacs("cde.mix", a.indices.numel() * gateWidth);
    auto g = sparseMix(a.weights.reshape({-1, k}), a.indices.reshape({-1, k}), embed);  // (B·N, d_g)
    auto shape = a.indices.sizes().vec();
    shape.back() = gateWidth;
    return g.view(shape);  // (B, N, d_g)
}

Assignment assignFromFeatures(const torch::Tensor &z, const torch::Tensor &codebook, double temperature,
                              AssignKind kind, int topK)
{
    if (kind != AssignKind::SoftTopK || topK >= codebook.size(0))
        return assignCodes(cosineLogits(z, codebook, temperature), kind, topK);
    // Soft top-k with k < K: only k logits per token get a gradient, so the
    // backward of Eq. 1 is done sparsely (2·N·k·d instead of 2·N·K·d).
    const int64_t d = z.size(-1);
    auto cn = normalizeLastDim(codebook) * temperature;  // (K, d)
    countMacs("cde.assign", z.numel() * codebook.size(0));
    auto [values, indices] = topKCosine(z.reshape({-1, d}), cn, topK);  // (B·N, k) each
    auto shape = z.sizes().vec();
    shape.back() = topK;
    Assignment a;
    a.kind = kind;
    a.indices = indices.view(shape);
    a.weights = values.softmax(-1).view(shape);
    return a;
}

} // namespace gatefold::model
