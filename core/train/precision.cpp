#include "precision.h"

#include <torch/cuda.h>

namespace gatefold::train {

CpuFeatures thisCpu()
{
    CpuFeatures f;
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    f.avx512bw = __builtin_cpu_supports("avx512bw");
    f.avx512vl = __builtin_cpu_supports("avx512vl");
    f.avx512dq = __builtin_cpu_supports("avx512dq");
    f.avx512bf16 = __builtin_cpu_supports("avx512bf16");
#endif
    return f;
}

QString precisionRefusal(const RunConfig &config, bool cuda, const CpuFeatures &cpu)
{
    if (config.train.precision == Precision::Fp32 || cuda)
        return {};
    if (cpu.avx512bw && cpu.avx512vl && cpu.avx512dq)
        return {};
    return QStringLiteral("compute.precision: bf16 on this CPU is refused: it lacks AVX-512 (BW, VL and DQ), "
                          "which LibTorch 1.13's oneDNN needs for bfloat16 matrix products, so they would run in "
                          "fallback kernels slower than float32; use compute.precision=fp32");
}

QString precisionRefusalHere(const RunConfig &config)
{
    const bool cuda = config.train.device != DeviceChoice::Cpu && torch::cuda::is_available();
    return precisionRefusal(config, cuda, thisCpu());
}

} // namespace gatefold::train
