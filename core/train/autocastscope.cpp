#include "autocastscope.h"

#include <ATen/autocast_mode.h>

namespace gatefold::train {

AutocastScope::AutocastScope(Precision precision, const torch::Device &device)
    : m_on(precision == Precision::Bf16)
    , m_cuda(device.is_cuda())
{
    if (!m_on)
        return;
    if (m_cuda) {
        m_wasEnabled = at::autocast::is_enabled();
        m_wasType = at::autocast::get_autocast_gpu_dtype();
        at::autocast::set_autocast_gpu_dtype(at::kBFloat16);
        at::autocast::set_enabled(true);
    } else {
        m_wasEnabled = at::autocast::is_cpu_enabled();
        m_wasType = at::autocast::get_autocast_cpu_dtype();
        at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
        at::autocast::set_cpu_enabled(true);
    }
    at::autocast::increment_nesting();
}

AutocastScope::~AutocastScope()
{
    if (!m_on)
        return;
    // The casts of the weights are cached while autocast is on: dropped when the outermost scope ends.
    if (at::autocast::decrement_nesting() == 0)
        at::autocast::clear_cache();
    if (m_cuda) {
        at::autocast::set_enabled(m_wasEnabled);
        at::autocast::set_autocast_gpu_dtype(m_wasType);
    } else {
        at::autocast::set_cpu_enabled(m_wasEnabled);
        at::autocast::set_autocast_cpu_dtype(m_wasType);
    }
}

} // namespace gatefold::train
