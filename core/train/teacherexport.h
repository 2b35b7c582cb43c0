#pragma once

#include "model/visiontransformer.h"

#include <QString>

#include <optional>

// A teacher from a safetensors export (gatefold-cli export --format safetensors): model.safetensors
// with the config.json beside it. Plain (timm-shaped, ungated) exports only: a wide fold's or a gated
// model's export is refused with the reason (distil from its run's checkpoint instead).
namespace gatefold::train {

// `source` is the export's folder or its .safetensors file.
std::optional<model::ViTConfig> exportModelConfig(const QString &source, QString *error);
std::optional<model::VisionTransformer> loadExportTeacher(const QString &source, QString *error);

} // namespace gatefold::train
