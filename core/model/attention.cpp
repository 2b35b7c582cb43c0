#include "attention.h"

#include "linearinit.h"
#include "maccounter.h"

#include <torch/torch.h>

#include <cmath>

namespace gatefold::model {

AttentionImpl::AttentionImpl(int dim, int numHeads, int qkDim, int vDim, bool qkvBias, double attnDrop,
                             double projDrop)
    : m_numHeads(numHeads)
    , m_qkDim(qkDim)
    , m_vDim(vDim)
    , m_scale(1.0 / std::sqrt(static_cast<double>(qkDim / numHeads)))
{
    qkv = register_module("qkv", makeLinear(dim, 2 * qkDim + vDim, qkvBias));
    attn_drop = register_module("attn_drop", torch::nn::Dropout(attnDrop));
    proj = register_module("proj", makeLinear(vDim, dim, true));
    proj_drop = register_module("proj_drop", torch::nn::Dropout(projDrop));
}

torch::Tensor AttentionImpl::forward(const torch::Tensor &x, torch::Tensor *probs)
{
    const int64_t b = x.size(0), n = x.size(1);
    const int64_t dqk = m_qkDim / m_numHeads, dv = m_vDim / m_numHeads;
    const auto mixed = applyLinear("attention", qkv, x);  // (B, N, 2·qkDim + vDim)
    torch::Tensor q, k, v;                                // (B, H, N, d_head)
    if (m_qkDim == m_vDim) {
        auto heads = mixed.view({b, n, 3, m_numHeads, dqk}).permute({2, 0, 3, 1, 4});  // (3, B, H, N, d_h)
        // unbind, not three selects: its backward stacks once instead of zero-filling
        // a (3, B, H, N, d_h) gradient per select and summing them.
        auto qkvHeads = heads.unbind(0);
        q = qkvHeads[0], k = qkvHeads[1], v = qkvHeads[2];
    } else {
        auto parts = mixed.split_with_sizes({m_qkDim, m_qkDim, m_vDim}, -1);
        q = parts[0].view({b, n, m_numHeads, dqk}).transpose(1, 2);
        k = parts[1].view({b, n, m_numHeads, dqk}).transpose(1, 2);
        v = parts[2].view({b, n, m_numHeads, dv}).transpose(1, 2);
    }
    q = m_rotary.apply(q), k = m_rotary.apply(k);  // 2-D RoPE, when on
    countMacs("attention", b * m_numHeads * n * n * (dqk + dv));
    auto attn = torch::matmul(q * m_scale, k.transpose(-2, -1)).softmax(-1);  // (B, H, N, N)
    if (probs)
        *probs = attn;  // with its graph: the block detaches it unless distillation trains on it
    auto out = torch::matmul(attn_drop(attn), v)  // (B, H, N, d_v)
                   .transpose(1, 2)                // (B, N, H, d_v)
                   .reshape({b, n, m_vDim});       // (B, N, vDim)
    return proj_drop(applyLinear("attention", proj, out));
}

} // namespace gatefold::model
