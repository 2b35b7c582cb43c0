#include "vqstraightthrough.h"

#include "sparsemix.h"

#include <torch/torch.h>

namespace gatefold::model {
namespace {

struct VqStraightThrough : public torch::autograd::Function<VqStraightThrough> {
    static torch::Tensor forward(torch::autograd::AutogradContext *ctx, const torch::Tensor & /*probs: its gradient comes from backward*/,
                                 const torch::Tensor &index, const torch::Tensor &embed)
    {
        ctx->save_for_backward({index, embed});
        auto shape = index.sizes().vec();
        shape.push_back(embed.size(1));
        return embed.index_select(0, index.reshape(-1)).view(shape);  // (B, N, d_g)
    }

    static torch::autograd::variable_list backward(torch::autograd::AutogradContext *ctx,
                                                   torch::autograd::variable_list gradOutputs)
    {
        const auto saved = ctx->get_saved_variables();
        const auto &index = saved[0];
        const auto &embed = saved[1];
        const auto &grad = gradOutputs[0];  // (B, N, d_g)
        auto gradProbs = torch::matmul(grad, embed.t());  // (B, N, K)
        auto flatIndex = index.reshape({-1, 1});  // (B·N, 1)
        auto gradEmbed = scatterMix(torch::ones(flatIndex.sizes(), grad.options()), flatIndex,
                                    grad.reshape({-1, embed.size(1)}), embed.size(0));
        return {gradProbs, torch::Tensor(), gradEmbed};
    }
};

} // namespace

torch::Tensor vqStraightThrough(const torch::Tensor &probs, const torch::Tensor &index, const torch::Tensor &embed)
{
    return VqStraightThrough::apply(probs, index, embed);
}

} // namespace gatefold::model
