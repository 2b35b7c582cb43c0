#include "patchembed.h"

#include "initializers.h"
#include "maccounter.h"

#include <torch/torch.h>

namespace gatefold::model {

PatchEmbedImpl::PatchEmbedImpl(int imageSize, int patchSize, int inChannels, int dim, bool anySize)
    : m_imageSize(imageSize)
    , m_patchSize(patchSize)
    , m_inChannels(inChannels)
    , m_anySize(anySize)
{
    proj = register_module(
        "proj", torch::nn::Conv2d(torch::nn::Conv2dOptions(inChannels, dim, patchSize).stride(patchSize)));
    truncNormal_(proj->weight, 0.02);
    torch::NoGradGuard noGrad;
    proj->bias.zero_();
}

torch::Tensor PatchEmbedImpl::forward(const torch::Tensor &images)
{
    if (m_anySize) {
        TORCH_CHECK(images.dim() == 4 && images.size(1) == m_inChannels && images.size(2) == images.size(3)
                        && images.size(2) > 0 && images.size(2) % m_patchSize == 0,
                    "expected square images (B, ", m_inChannels, ", S, S) with S a multiple of the patch size ",
                    m_patchSize, ", got ", images.sizes());
    } else {
        TORCH_CHECK(images.dim() == 4 && images.size(1) == m_inChannels && images.size(2) == m_imageSize
                        && images.size(3) == m_imageSize,
                    "expected images of shape (B, ", m_inChannels, ", ", m_imageSize, ", ", m_imageSize,
                    "), got ", images.sizes());
    }
    const int64_t b = images.size(0);
    const int64_t g = images.size(2) / m_patchSize;
    const int64_t p = m_patchSize;
    const int64_t dim = proj->weight.size(0);
    auto patches = images.view({b, m_inChannels, g, p, g, p})  // (B, C, Gh, p, Gw, p)
                       .permute({0, 2, 4, 1, 3, 5})             // (B, Gh, Gw, C, p, p)
                       .reshape({b * g * g, m_inChannels * p * p});  // (B·P, C·p·p)
    countMacs("patch_embed", patches.size(0) * patches.size(1) * dim);
    auto tokens = torch::addmm(proj->bias, patches, proj->weight.view({dim, -1}).t());  // (B·P, d)
    return tokens.view({b, g * g, dim});  // (B, P, d)
}

} // namespace gatefold::model
