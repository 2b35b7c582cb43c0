#pragma once

// The JSON an export writes: the config beside (and inside) the model files.
// No LibTorch: plain config and tensor descriptions.

#include "modelexport.h"
#include "namedtensor.h"

#include "data/normalization.h"
#include "config/vitconfig.h"

#include <QJsonObject>

namespace gatefold::exporting {

// config.json: what timm's VisionTransformer needs (img_size, patch_size,
// embed_dim, depth, num_heads, mlp_ratio, qkv_bias, global_pool, …), the
// input normalisation, per-block attention widths of a wide fold, the gate of
// a gated model, and where it came from (run, checkpoint, step, fold, λ).
QJsonObject configJson(const ExportResult &r, const model::ViTConfig &c, const FlatVit &flat,
                       const data::Normalization &norm);

} // namespace gatefold::exporting
