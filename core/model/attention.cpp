#include "attention.h"

#include "linearinit.h"
#include "maccounter.h"

#include <torch/torch.h>

#include <cmath>

namespace gatefold::model {

AttentionImpl::AttentionImpl(int dim, int numHeads, bool qkvBias, double attnDrop, double projDrop)
    : m_numHeads(numHeads)
    , m_scale(1.0 / std::sqrt(static_cast<double>(dim / numHeads)))
{
    qkv = register_module("qkv", makeLinear(dim, 3 * dim, qkvBias));
    attn_drop = register_module("attn_drop", torch::nn::Dropout(attnDrop));
    proj = register_module("proj", makeLinear(dim, dim, true));
    proj_drop = register_module("proj_drop", torch::nn::Dropout(projDrop));
}

torch::Tensor AttentionImpl::forward(const torch::Tensor &x, torch::Tensor *probs)
{
    const int64_t b = x.size(0), n = x.size(1), d = x.size(2);
    const int64_t dh = d / m_numHeads;
    auto heads = applyLinear("attention", qkv, x).view({b, n, 3, m_numHeads, dh})  // (B, N, 3, H, d_h)
                     .permute({2, 0, 3, 1, 4});           // (3, B, H, N, d_h)
    // unbind, not three selects: its backward stacks once instead of zero-filling
    // a (3, B, H, N, d_h) gradient per select and summing them.
    const auto qkvHeads = heads.unbind(0);
    const auto &q = qkvHeads[0], &k = qkvHeads[1], &v = qkvHeads[2];  // (B, H, N, d_h)
    countMacs("attention", 2 * b * m_numHeads * n * n * dh);
    auto attn = torch::matmul(q * m_scale, k.transpose(-2, -1)).softmax(-1);  // (B, H, N, N)
    if (probs)
        *probs = attn.detach();
    auto out = torch::matmul(attn_drop(attn), v)  // (B, H, N, d_h)
                   .transpose(1, 2)                // (B, N, H, d_h)
                   .reshape({b, n, d});            // (B, N, d)
    return proj_drop(applyLinear("attention", proj, out));
}

} // namespace gatefold::model
