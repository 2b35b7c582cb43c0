#include "computeinfo.h"

#include <ATen/Parallel.h>
#include <torch/cuda.h>
#include <torch/version.h>

namespace gatefold::train {

QString libtorchVersion()
{
    return QStringLiteral(TORCH_VERSION);
}

int cpuThreads()
{
    return at::get_num_threads();
}

int cudaDeviceCount()
{
    return int(torch::cuda::device_count());
}

} // namespace gatefold::train
