#pragma once

#include <QStringList>

namespace gatefold::cli {

// gatefold-cli export: a run's checkpoint folded, verified and written as
// TorchScript, ONNX and safetensors + JSON config (core/export).
int runExport(const QStringList &arguments);

} // namespace gatefold::cli
