#pragma once

#include <QString>
#include <QStringList>

namespace gatefold::train {

// What this process can compute on, for an About box or a settings page,
// without the caller including LibTorch: its version, the devices it sees
// ("cpu (16 threads)", "cuda:0 NVIDIA H100 …") — CUDA only when the LibTorch
// build has it.
QString libtorchVersion();
QStringList computeDevices();

} // namespace gatefold::train
