#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/conv.h>

namespace gatefold::model {

// Non-overlapping p×p patches projected to width d. The weight is a Conv2d's
// (timm's `patch_embed.proj`), applied as one matmul over unfolded patches.
class PatchEmbedImpl : public torch::nn::Module
{
public:
    // `anySize`: square images of any side that is a multiple of the patch (a model without a
    // learned position table, 2-D RoPE); otherwise exactly imageSize × imageSize.
    PatchEmbedImpl(int imageSize, int patchSize, int inChannels, int dim, bool anySize = false);

    torch::Tensor forward(const torch::Tensor &images);  // (B, C, H, W) -> (B, P, d), P row by row

    torch::nn::Conv2d proj{nullptr};

private:
    int m_imageSize;
    int m_patchSize;
    int m_inChannels;
    bool m_anySize;
};
TORCH_MODULE(PatchEmbed);

} // namespace gatefold::model
