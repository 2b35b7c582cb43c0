#pragma once

#include "namedtensor.h"

#include <string>

namespace gatefold::exporting {

// The TorchScript source of `vit`'s forward (images (B, C, S, S) -> logits
// (B, classes)) over parameters named like its tensors with '.' -> '_'.
std::string torchScriptSource(const FlatVit &vit);

// Builds the scripted module and saves it to `path` (a TorchScript zip that
// torch.jit.load opens in Python and LibTorch), with `configJson` as the
// extra file "config.json" (Python: torch.jit.load(path, _extra_files=
// {"config.json": ""})). false with the reason.
bool saveTorchScript(const FlatVit &vit, const std::string &path, const std::string &configJson, std::string *error);

} // namespace gatefold::exporting
