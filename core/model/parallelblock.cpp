#include "parallelblock.h"

#include "block.h"
#include "branchsimilarity.h"
#include "droppath.h"

#include <torch/torch.h>

namespace gatefold::model {

ParallelBlockImpl::ParallelBlockImpl(const ViTConfig &config, double dropPath, ParallelMlp mlpModule)
    : m_dropPath(dropPath)
    , m_lambda(config.join.strength)
{
    norm1 = register_module("norm1", makeLayerNorm(config.embedDim));
    attn = register_module("attn", ParallelAttention(config));
    norm2 = register_module("norm2", makeLayerNorm(config.embedDim));
    mlp = register_module("mlp", mlpModule);
}

torch::Tensor ParallelBlockImpl::forward(const torch::Tensor &x, GateState &state, const ForwardOptions &options,
                                         BlockIntermediates *record, std::vector<torch::Tensor> *diversity)
{
    const bool wantBranches = diversity || (record && options.branches);
    const bool wantProbs = record && options.attention;
    auto a = attn(norm1(x), m_lambda, wantBranches, wantProbs);
    auto h = x + dropPath(a.out, m_dropPath, is_training());
    auto z = norm2(h);
    auto m = mlp(z, m_lambda, state, wantBranches, options, record);
    if (diversity) {
        diversity->push_back(branchDiversity(a.branches));
        diversity->push_back(branchDiversity(m.branches));
    }
    if (record) {
        if (wantProbs) {
            if (!options.attentionGraph)
                a.probs = a.probs.detach();
            // The paper's "averaged maps across branches" (attention distillation reads this mean).
            record->branchAttention = a.probs.expand({x.size(0), attn->branches(), a.probs.size(2),
                                                      a.probs.size(3), a.probs.size(4)});
            record->attention = a.probs.mean(1);
        }
        if (options.mlpInputs)
            record->mlpInput = z.detach();
        if (options.branches) {
            record->attnBranches = a.branches.detach();
            record->mlpBranches = m.branches.detach();
        }
    }
    auto out = h + dropPath(m.out, m_dropPath, is_training());
    if (record && options.blockOutputs)
        record->output = out.detach();
    return out;
}

} // namespace gatefold::model
