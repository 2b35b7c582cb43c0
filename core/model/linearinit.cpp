#include "linearinit.h"

#include "initializers.h"
#include "maccounter.h"

#include <torch/torch.h>

namespace gatefold::model {

torch::nn::Linear makeLinear(int64_t in, int64_t out, bool bias)
{
    torch::nn::Linear linear(torch::nn::LinearOptions(in, out).bias(bias));
    truncNormal_(linear->weight, 0.02);
    if (bias) {
        torch::NoGradGuard noGrad;
        linear->bias.zero_();
    }
    return linear;
}

torch::Tensor applyLinear(const char *component, const torch::nn::Linear &linear, const torch::Tensor &input)
{
    countLinearMacs(component, input, linear);
    return torch::linear(input, linear->weight, linear->bias);
}

void countLinearMacs(const char *component, const torch::Tensor &input, const torch::nn::Linear &linear)
{
    const int64_t in = linear->weight.size(1);
    const int64_t out = linear->weight.size(0);
    countMacs(component, input.numel() / in * in * out);
}

} // namespace gatefold::model
