#pragma once

#include <QString>

namespace gatefold::train {

// What this process can compute on, without the caller including LibTorch:
// its LibTorch version, LibTorch's intra-op CPU threads and the CUDA devices
// it sees (none unless the LibTorch build has CUDA). For the engine's
// `gatefold-cli --version --json`; the window asks that child.
QString libtorchVersion();
int cpuThreads();
int cudaDeviceCount();

} // namespace gatefold::train
