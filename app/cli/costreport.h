#pragma once

#include "model/costmodel.h"

#include <QString>

namespace gatefold::cli {

// The closed-form and counted costs side by side, one row per component that
// costs anything, with totals and a verdict column; with `counted` empty, the
// formulas alone.
QString formatCostTable(const model::ViTConfig &config, const std::vector<model::CostRow> &formula,
                        const std::vector<model::CostRow> &counted);

// The formulas alone (nothing counted).
QString formatFormulaTable(const model::ViTConfig &config, const std::vector<model::CostRow> &formula);

// True when every component's counted parameters and MACs equal the formula's.
bool costsAgree(const std::vector<model::CostRow> &formula, const std::vector<model::CostRow> &counted);

} // namespace gatefold::cli
