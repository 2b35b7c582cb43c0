#pragma once

#include "runpresets.h"

#include <vector>

namespace gatefold::train {

// The rows of the papers' tables as run presets, at the size of `demo` (a
// 32 px / patch 4 ViT of width 96 on the built-in set, ten epochs) so that
// each trains on a laptop in minutes — the layout of the study, not its scale:
//
//   cde-t2-*    CDE paper Table 2: the ViT baseline, CDE soft top-4 and VQ in
//               width and expand mode (K = 512), and the DeepEmbed baseline
//               kept in every CDE study (core/model/README.md, CDE "Baseline: DeepEmbed for images").
//   cde-t3-*    CDE Table 3 ablations: K, top-k, gating width, depth sharing.
//   join-t1-*   joining paper Table 1: the 12-block ViT and its 6×2, 4×3,
//               3×4 joined forms (linear λ, diversity on; they fold to 6, 4, 3 blocks).
//   join-t5-*   Table 5 on the 6×2 model: no joining (λ = 0), instant, and
//               linear, cosine, exp, sqrt schedules with and without diversity.
//   join-t6-*   Table 6: plain 6/4/3-block ViTs (depth scaling), the n-branch
//               models never joined (λ = 0), and the joined ones.
std::vector<RunPreset> paperPresets();

} // namespace gatefold::train
