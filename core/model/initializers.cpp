#include "initializers.h"

#include <cmath>

namespace gatefold::model {

void truncNormal_(torch::Tensor &tensor, double std)
{
    torch::NoGradGuard noGrad;
    // Φ(±2) mapped to (-1, 1) and back through erfinv gives the truncated normal.
    const double lower = std::erf(-2.0 / std::sqrt(2.0));
    const double upper = std::erf(2.0 / std::sqrt(2.0));
    tensor.uniform_(lower, upper).erfinv_().mul_(std * std::sqrt(2.0)).clamp_(-2.0 * std, 2.0 * std);
}

namespace {

bool endsWith(const std::string &s, const char *suffix)
{
    const std::string t(suffix);
    return s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
}

} // namespace

void jaxInit_(torch::nn::Module &vit)
{
    torch::NoGradGuard noGrad;
    for (auto &item : vit.named_parameters(true)) {
        const std::string &name = item.key();
        torch::Tensor p = item.value();
        if (name == "patch_embed.proj.weight") {
            const double fanIn = double(p[0].numel());
            truncNormal_(p, std::sqrt(1.0 / fanIn) / 0.87962566103423978);
        } else if (name == "head.weight" || name == "head.bias") {
            p.zero_();
        } else if (endsWith(name, ".weight") && p.dim() >= 2) {
            const double fanOut = double(p.size(-2)), fanIn = double(p.size(-1));
            const double bound = std::sqrt(6.0 / (fanIn + fanOut));
            p.uniform_(-bound, bound);
        } else if (endsWith(name, ".bias") && name.find(".mlp.") != std::string::npos) {
            p.normal_(0.0, 1e-6);
        }
    }
}

} // namespace gatefold::model
