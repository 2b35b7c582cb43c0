#include "branchweights.h"

#include "parallelblock.h"

#include <torch/torch.h>

namespace gatefold::model {

BranchWeights branchWeights(const ParallelBlockImpl &block)
{
    torch::NoGradGuard noGrad;
    const auto &qkv = block.attn->qkv->weight;  // (n, 3d, d)
    const int64_t n = qkv.size(0), d = qkv.size(2), h = block.attn->numHeads(), dh = d / h;
    BranchWeights w;
    auto parts = qkv.detach().view({n, 3, d, d}).unbind(1);
    w.q = parts[0].clone(), w.k = parts[1].clone(), w.v = parts[2].clone();
    w.proj = block.attn->proj->weight.detach().clone();
    // Per head: rows h·d_h.. of q/k/v are (d_h, d) = (Wq_bh)ᵀ; columns of proj are (d, d_h) = (Wo_bh)ᵀ.
    const auto qh = w.q.view({n, h, dh, d}), kh = w.k.view({n, h, dh, d}), vh = w.v.view({n, h, dh, d});
    const auto oh = w.proj.view({n, d, h, dh}).permute({0, 2, 3, 1});  // (n, H, d_h, d) = Wo_bh
    w.qk = torch::matmul(qh.transpose(-2, -1), kh);  // (n, H, d, d)
    w.vo = torch::matmul(vh.transpose(-2, -1), oh);  // (n, H, d, d)
    w.fc1 = block.mlp->fc1->weight.detach().clone();
    w.fc2 = block.mlp->fc2->weight.detach().clone();
    return w;
}

} // namespace gatefold::model
