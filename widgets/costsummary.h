#pragma once

#include "config/vitconfig.h"

#include <QString>

namespace gatefold::widgets {

// "5,717,416 parameters · 1.255 GMACs (2.510 GFLOPs) per image, forward": the model's closed-form
// cost (config/costformula.h; papers' "FLOPs" are often MACs, so both, FLOPs = 2 × MACs; no
// LibTorch, nothing built) for the run form, or
// why there is none (a model the validator refuses: its numbers would mean nothing).
QString costSummary(const model::ViTConfig &config);

} // namespace gatefold::widgets
