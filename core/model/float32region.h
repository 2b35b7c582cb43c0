#pragma once

#include <ATen/autocast_mode.h>
#include <torch/types.h>

namespace gatefold::model {

// A stretch of a forward pass that runs in float32 while autocast is on around it
// (compute.precision=bf16): as PyTorch's custom_fwd(cast_inputs=torch.float32), for code
// whose fused kernels take float32 and float64 only (the CDE gate's sparse mix, gated
// scale and top-k). Autocast is off inside and back as it was after; input() casts a
// reduced-precision tensor to float32. Without autocast it changes nothing.
class Float32Region
{
public:
    Float32Region()
        : m_cpu(at::autocast::is_cpu_enabled())
        , m_gpu(at::autocast::is_enabled())
    {
        if (m_cpu)
            at::autocast::set_cpu_enabled(false);
        if (m_gpu)
            at::autocast::set_enabled(false);
    }
    ~Float32Region()
    {
        if (m_cpu)
            at::autocast::set_cpu_enabled(true);
        if (m_gpu)
            at::autocast::set_enabled(true);
    }
    Float32Region(const Float32Region &) = delete;
    Float32Region &operator=(const Float32Region &) = delete;

    torch::Tensor input(const torch::Tensor &t) const
    {
        const bool reduced = t.defined() && (t.scalar_type() == torch::kBFloat16 || t.scalar_type() == torch::kHalf);
        return (m_cpu || m_gpu) && reduced ? t.to(torch::kFloat32) : t;
    }

private:
    bool m_cpu;
    bool m_gpu;
};

} // namespace gatefold::model
