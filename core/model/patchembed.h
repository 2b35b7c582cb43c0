#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/conv.h>

namespace gatefold::model {

// Non-overlapping p×p patches projected to width d. The weight is a Conv2d's
// (timm's `patch_embed.proj`), applied as one matmul over unfolded patches.
class PatchEmbedImpl : public torch::nn::Module
{
public:
    PatchEmbedImpl(int imageSize, int patchSize, int inChannels, int dim);

    torch::Tensor forward(const torch::Tensor &images);  // (B, C, H, W) -> (B, P, d)

    torch::nn::Conv2d proj{nullptr};

private:
    int m_imageSize;
    int m_patchSize;
    int m_inChannels;
};
TORCH_MODULE(PatchEmbed);

} // namespace gatefold::model
