#pragma once

#include "config/trainconfig.h"

#include <torch/types.h>

namespace gatefold::train {

// LibTorch autocast for the training forward pass while it lives (as Python's
// torch.autocast(device_type, dtype=torch.bfloat16)): ops on autocast's
// lower-precision list (linear, matmul, bmm, conv) run in bf16, the rest
// (softmax, layer norm, losses) in fp32; parameters stay fp32. Nothing with fp32.
class AutocastScope
{
public:
    AutocastScope(Precision precision, const torch::Device &device);
    ~AutocastScope();
    AutocastScope(const AutocastScope &) = delete;
    AutocastScope &operator=(const AutocastScope &) = delete;

private:
    bool m_on = false;
    bool m_cuda = false;
    bool m_wasEnabled = false;
    at::ScalarType m_wasType = at::kFloat;
};

} // namespace gatefold::train
