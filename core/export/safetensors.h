#pragma once

#include "namedtensor.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace gatefold::exporting {

// The safetensors format (https://github.com/huggingface/safetensors, "Format"):
// 8 bytes little-endian u64 N, N bytes of JSON {"name": {"dtype": "F32",
// "shape": [...], "data_offsets": [begin, end]}, "__metadata__": {...}}
// padded with spaces to a multiple of 8, then the raw little-endian data.
// Tensors are laid out in the order given. `metadata` values are strings.
QByteArray encodeSafetensors(const std::vector<NamedTensor> &tensors,
                             const std::vector<std::pair<QString, QString>> &metadata = {});

// Reads F32 tensors back (in file order); nullopt with the reason for a
// malformed file or another dtype.
std::optional<std::vector<NamedTensor>> decodeSafetensors(const QByteArray &bytes, QString *error);

} // namespace gatefold::exporting
