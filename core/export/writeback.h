#pragma once

// Each format written to a temporary name and read back as its user would
// read it: the file's logits on the verification images, or why not.

#include "namedtensor.h"

#include "config/vitconfig.h"

#include <QByteArray>
#include <QString>

#include <torch/types.h>

#include <optional>
#include <string>

namespace gatefold::exporting {

// TorchScript with the config as extra file, loaded back by torch::jit::load.
std::optional<torch::Tensor> writeTorchScript(const FlatVit &flat, const std::string &configText, const QString &path,
                                              const torch::Tensor &images, QString *error);

// ONNX with the config in its metadata, run back in OpenCV's dnn.
std::optional<torch::Tensor> writeOnnx(const FlatVit &flat, const std::string &configText, const QString &path,
                                       const torch::Tensor &images, QString *error);

// safetensors with timm's names (absorbed LayerNorms as γ = 1, β = 0) and the
// config JSON at `configPath`; read back bit-exact, then into a fresh model of
// `deploy` whose logits are returned.
std::optional<torch::Tensor> writeSafetensors(const FlatVit &flat, const model::ViTConfig &deploy,
                                              const QByteArray &configJson, const QString &path,
                                              const QString &configPath, const torch::Tensor &images, QString *error);

} // namespace gatefold::exporting
