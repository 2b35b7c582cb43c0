#pragma once

#include "config/trainconfig.h"

#include <QString>

namespace gatefold::train {

// What LibTorch 1.13 needs of a CPU to run bfloat16 matrix products fast: oneDNN's
// bf16 path (ATen's mkldnn_bf16_device_check) needs AVX-512 BW, VL and DQ;
// without them bf16 matmuls fall back to kernels slower than fp32.
struct CpuFeatures {
    bool avx512bw = false;
    bool avx512vl = false;
    bool avx512dq = false;
    bool avx512bf16 = false;  // native bf16 dot products (reported, not required)
};
CpuFeatures thisCpu();

// Why compute.precision cannot run here ("" when it can): bf16 on a CPU without
// oneDNN's bf16 path. `cuda`: whether the run's device would be a CUDA device
// (LibTorch's CUDA autocast takes bf16). A line "compute.precision: …".
QString precisionRefusal(const RunConfig &config, bool cuda, const CpuFeatures &cpu);
// The same for this machine and this LibTorch (compute.device auto: CUDA when LibTorch sees a device).
QString precisionRefusalHere(const RunConfig &config);

} // namespace gatefold::train
