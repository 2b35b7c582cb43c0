#pragma once

// core/analysis's tensors as the report's plain numbers: one function per
// view that fills its part of an InspectReport from a ModelInspector.

#include "reporttypes.h"

#include "analysis/attentionrollout.h"
#include "analysis/modelinspector.h"

#include <torch/types.h>

#include <vector>

namespace gatefold::inspect {

// A 2-D tensor as a Matrix (float64 copy).
Matrix toMatrix(const torch::Tensor &matrix);
// (..., rows, cols) -> one Matrix per leading index, row-major over the leading dimensions.
std::vector<Matrix> toMatrices(const torch::Tensor &stack);
// A Matrix as a (rows, cols) float64 tensor (a copy).
torch::Tensor toTensor(const Matrix &matrix);

// Per code of a codebook of `codes`: the images whose patch code map uses it,
// most patches first (ties: lower image first), as (image, patches).
// codeMap (B, gh, gw) int64.
std::vector<std::vector<std::pair<int, int>>> topImagesPerCode(const torch::Tensor &codeMap, int codes);

// Each returns false with the reason in `why` when the view fails; a view
// that does not apply leaves the report as it is and sets `why` too (the
// caller tells them apart by the model).
bool fillAttention(analysis::ModelInspector &inspector, InspectReport &report, QString *why);
bool fillRollout(analysis::ModelInspector &inspector, analysis::HeadFusion fusion, double discardRatio,
                 InspectReport &report, QString *why);
bool fillDistance(analysis::ModelInspector &inspector, InspectReport &report, QString *why);
bool fillCodebook(analysis::ModelInspector &inspector, double deadFraction, int codes, InspectReport &report,
                  QString *why);
bool fillBranchFeatures(analysis::ModelInspector &inspector, InspectReport &report, QString *why);
bool fillBranchWeights(analysis::ModelInspector &inspector, InspectReport &report, QString *why);

} // namespace gatefold::inspect
