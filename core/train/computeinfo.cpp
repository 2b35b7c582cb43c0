#include "computeinfo.h"

#include <ATen/Parallel.h>
#include <torch/cuda.h>
#include <torch/version.h>

namespace gatefold::train {

QString libtorchVersion()
{
    return QStringLiteral(TORCH_VERSION);
}

QStringList computeDevices()
{
    QStringList devices{QStringLiteral("cpu (%1 threads)").arg(at::get_num_threads())};
    const auto cuda = torch::cuda::device_count();
    for (size_t i = 0; i < cuda; ++i)
        devices << QStringLiteral("cuda:%1").arg(i);
    return devices;
}

} // namespace gatefold::train
