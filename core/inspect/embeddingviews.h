#pragma once

// The ViT paper's Fig. 7 views (issue #19) of one model into the report: the
// patch-embedding filters' principal components ("filters") and the
// position embeddings' similarity ("positions"). Both read the weights
// alone: no image, no forward pass.

#include "reporttypes.h"

#include <QString>

namespace gatefold::model {
class VisionTransformerImpl;
}

namespace gatefold::inspect {

// Why the position similarity does not apply to `model`, or "" when it
// does: a model without a learned position-embedding table (none defined,
// e.g. rotary position embeddings, or an empty one) has nothing to compare.
QString noPositionEmbeddingReason(const model::VisionTransformerImpl &model);

// Why the filters view does not apply (no patch embedding, or fewer than two
// filters), or "". A folded or joined model still has its one patch embedding.
QString noEmbeddingFiltersReason(const model::VisionTransformerImpl &model);

// report.embeddingFilters from the model's patch embedding (the first 28
// principal components of its centred filters). False with the reason in `why`.
bool fillEmbeddingFilters(const model::VisionTransformerImpl &model, InspectReport &report, QString *why);

// report.positionSimilarity from the model's learned position embeddings (the
// class token's left out). False with the reason in `why`.
bool fillPositionSimilarity(const model::VisionTransformerImpl &model, InspectReport &report, QString *why);

} // namespace gatefold::inspect
