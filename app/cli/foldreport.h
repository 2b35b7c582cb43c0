#pragma once

#include "model/foldaccounting.h"

#include <QString>

#include <vector>

namespace gatefold::cli {

// The fold accounting as a table: one row per model (trained, folds, plain
// L/n and the deep plain baseline) with parameters and GMACs from the formulas
// and counted, the blocks' GMACs, and each model's MACs relative to the deep
// baseline (the last row).
QString formatFoldAccounting(const std::vector<model::FoldCost> &rows);

// True when every counted row equals its formula.
bool foldAccountingAgrees(const std::vector<model::FoldCost> &rows);

} // namespace gatefold::cli
