#include "fold.h"

#include <torch/torch.h>

#include <cstdio>
#include <map>

namespace gatefold::model {
namespace {

using Params = std::map<std::string, torch::Tensor>;

Params parameterMap(const torch::nn::Module &module)
{
    Params out;
    for (const auto &item : module.named_parameters())
        out[item.key()] = item.value();
    return out;
}

void assign(const torch::Tensor &target, const torch::Tensor &value, const std::string &name)
{
    TORCH_CHECK(target.sizes() == value.sizes(), "fold: ", name, " has shape ", target.sizes(),
                " but the folded value has ", value.sizes());
    target.copy_(value);
}

// Rows of n branches' heads (n, H, d_h, …) interleaved per head: (H·n·d_h, …),
// so that folded head h is [branch 1's head h | … | branch n's head h].
torch::Tensor wideRows(const torch::Tensor &t)
{
    auto sizes = t.sizes().vec();
    std::vector<int64_t> order = {1, 0, 2};
    for (int64_t i = 3; i < t.dim(); ++i)
        order.push_back(i);
    std::vector<int64_t> shape = {-1};
    shape.insert(shape.end(), sizes.begin() + 3, sizes.end());
    return t.permute(order).reshape(shape);
}

// Folds parallel block `src` at λ = 1 into the single-branch `dst` of `config`.
void foldBlock(const ParallelBlockImpl &src, BlockImpl &dst, const ViTConfig &config)
{
    const int64_t n = config.join.branches, d = config.embedDim, h = config.numHeads, dh = d / h;
    const auto &qkvW = src.attn->qkv->weight;  // (n, 3d, d)
    const auto w = qkvW.view({n, 3, h, dh, d});
    const bool hasBias = src.attn->qkv->bias.defined();
    const auto b = hasBias ? src.attn->qkv->bias.view({n, 3, h, dh}) : torch::Tensor();
    torch::Tensor wq, wk, wv, bq, bk, bv, wo;
    const auto woHeads = src.attn->proj->weight.view({n, d, h, dh});  // (n, d_out, H, d_h)
    switch (config.join.variant) {
    case JoinVariant::Logits:  // q, k, v wide: H heads of n·d_h; Wo stacked per head
        wq = wideRows(w.select(1, 0)), wk = wideRows(w.select(1, 1)), wv = wideRows(w.select(1, 2));
        if (hasBias)
            bq = wideRows(b.select(1, 0)), bk = wideRows(b.select(1, 1)), bv = wideRows(b.select(1, 2));
        wo = woHeads.permute({1, 2, 0, 3}).reshape({d, n * d});
        break;
    case JoinVariant::Values:  // q, k wide; values and Wo summed
        wq = wideRows(w.select(1, 0)), wk = wideRows(w.select(1, 1));
        wv = w.select(1, 2).sum(0).reshape({d, d});
        if (hasBias) {
            bq = wideRows(b.select(1, 0)), bk = wideRows(b.select(1, 1));
            bv = b.select(1, 2).sum(0).reshape({d});
        }
        wo = src.attn->proj->weight.sum(0);
        break;
    case JoinVariant::Projections: {  // all summed; c(1) = n moves into q
        const double c = double(n);
        wq = w.select(1, 0).sum(0).reshape({d, d}) / c;
        wk = w.select(1, 1).sum(0).reshape({d, d});
        wv = w.select(1, 2).sum(0).reshape({d, d});
        if (hasBias) {
            bq = b.select(1, 0).sum(0).reshape({d}) / c;
            bk = b.select(1, 1).sum(0).reshape({d});
            bv = b.select(1, 2).sum(0).reshape({d});
        }
        wo = src.attn->proj->weight.sum(0);
        break;
    }
    }
    assign(dst.attn->qkv->weight, torch::cat({wq, wk, wv}, 0), "attn.qkv.weight");
    if (hasBias)
        assign(dst.attn->qkv->bias, torch::cat({bq, bk, bv}, 0), "attn.qkv.bias");
    else if (dst.attn->qkv->bias.defined())
        dst.attn->qkv->bias.zero_();
    assign(dst.attn->proj->weight, wo, "attn.proj.weight");
    assign(dst.attn->proj->bias, src.attn->proj->bias, "attn.proj.bias");
    assign(dst.mlp->fc1->weight, src.mlp->fc1->weight.sum(0), "mlp.fc1.weight");
    assign(dst.mlp->fc1->bias, src.mlp->fc1->bias.sum(0), "mlp.fc1.bias");
    assign(dst.mlp->fc2->weight, src.mlp->fc2->weight.sum(0), "mlp.fc2.weight");
    assign(dst.mlp->fc2->bias, src.mlp->fc2->bias, "mlp.fc2.bias");
}

// LN(x) = γ⊙n(x) + β followed by y = W·LN(x) + b (W: out × in) equals
// y = (W·diag γ)·n(x) + (W·β + b): forward absorption, exact.
void absorbNorm(const torch::Tensor &gamma, const torch::Tensor &beta, const torch::nn::Linear &linear)
{
    auto w = linear->weight;
    const auto shift = torch::mv(w, beta);
    linear->bias.add_(shift);
    w.mul_(gamma.unsqueeze(0));
}

} // namespace

std::optional<VisionTransformer> foldModel(const VisionTransformer &trained, const FoldOptions &options,
                                           std::string *error)
{
    const ViTConfig &tc = trained->config();
    if (tc.isParallel() && tc.join.strength < 1.0 && !options.force) {
        if (error) {
            char lambda[32];
            std::snprintf(lambda, sizeof lambda, "%.4g", tc.join.strength);
            *error = std::string("The branches are not joined yet (lambda = ") + lambda
                   + " < 1): folding would change the model's outputs. Train until lambda reaches 1 (the "
                     "schedule's adjustment phase), or force the fold and check the reported logit error.";
        }
        return std::nullopt;
    }
    const ViTConfig dc = deployConfig(tc, options.absorbNorms);
    VisionTransformer deployed(dc);
    const torch::Tensor reference = trained->parameters().front();
    deployed->to(reference.device(), reference.scalar_type());
    deployed->train(trained->is_training());

    torch::NoGradGuard noGrad;
    // Everything outside the blocks' linear maps keeps its name and shape.
    const Params source = parameterMap(*trained);
    for (auto &item : deployed->named_parameters()) {
        auto it = source.find(item.key());
        if (it != source.end() && it->second.sizes() == item.value().sizes())
            item.value().copy_(it->second);
    }
    const auto &parallel = trained->parallelBlockList();
    for (size_t i = 0; i < parallel.size(); ++i)
        foldBlock(*parallel[i], *deployed->blockList()[i].ptr(), dc);

    // Forward absorption of the affines the trained form still has.
    if (dc.join.absorbNorms && !tc.join.absorbNorms) {
        for (int i = 0; i < deployed->numBlocks(); ++i) {
            const std::string prefix = "blocks." + std::to_string(i) + ".";
            auto &block = *deployed->blockList()[size_t(i)].ptr();
            absorbNorm(source.at(prefix + "norm1.weight"), source.at(prefix + "norm1.bias"), block.attn->qkv);
            if (dc.absorbsNorm2(i))
                absorbNorm(source.at(prefix + "norm2.weight"), source.at(prefix + "norm2.bias"), block.mlp->fc1);
        }
        const std::string finalNorm = tc.pooling == Pooling::ClassToken ? "norm" : "fc_norm";
        absorbNorm(source.at(finalNorm + ".weight"), source.at(finalNorm + ".bias"), deployed->head);
    }
    return deployed;
}

FoldReport compareLogits(VisionTransformer &reference, VisionTransformer &candidate, const torch::Tensor &images)
{
    torch::NoGradGuard noGrad;
    const bool refTraining = reference->is_training(), candTraining = candidate->is_training();
    reference->eval();
    candidate->eval();
    const auto a = reference->forward(images), b = candidate->forward(images);
    reference->train(refTraining);
    candidate->train(candTraining);

    FoldReport r;
    r.images = images.size(0);
    r.maxAbsDiff = (a - b).abs().max().item<double>();
    const double scale = a.abs().max().item<double>();
    r.relativeError = scale > 0 ? r.maxAbsDiff / scale : r.maxAbsDiff;
    r.top1Agreement = a.argmax(-1).eq(b.argmax(-1)).to(torch::kDouble).mean().item<double>();
    return r;
}

std::string formatFoldReport(const FoldReport &report)
{
    char line[160];
    std::snprintf(line, sizeof line, "max |dlogit| %.3g, relative %.3g, top-1 agreement %.1f%% on %lld image%s",
                  report.maxAbsDiff, report.relativeError, 100.0 * report.top1Agreement,
                  static_cast<long long>(report.images), report.images == 1 ? "" : "s");
    return line;
}

} // namespace gatefold::model
