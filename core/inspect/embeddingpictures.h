#pragma once

// The ViT paper's Fig. 7 pictures of a report (issue #19):
// embedding_filters.png (the patch-embedding filters' principal components as
// RGB tiles, each with its explained variance ratio) and
// position_similarity.png (one tile per patch position, the cosine
// similarity of its embedding to every position's, on one [-1, 1] scale
// with its colour bar).

#include "reporttypes.h"

#include "report/reportfiles.h"

namespace gatefold::inspect {

bool filtersPicture(const InspectReport &report, report::ReportFiles &files);
bool positionsPicture(const InspectReport &report, report::ReportFiles &files);

} // namespace gatefold::inspect
