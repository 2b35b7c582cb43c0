#pragma once

// The one list of the "see inside" views: what `gatefold-cli analyze
// --views` computes (and report.json's `skipped` names), and the Inspect
// tab's pages (`gatefold --inspect`), each showing one or more of them.

#include <QString>
#include <QStringList>

namespace gatefold::report {

// Every view, in the order the engine computes and writes them:
// attention, rollout, distance, codebook, branches, weights, cka, filters
// (the patch-embedding filters' principal components), positions (the
// position embeddings' similarity).
QStringList viewNames();

// The Inspect tab's pages, in their order: attention (with the rollout),
// distance, codebook, branches (feature and weight similarity), cka, filters,
// positions.
QStringList pageNames();

// The page that shows `view` ("rollout" → "attention", "weights" →
// "branches"); "" for a name that is no view.
QString pageOf(const QString &view);

} // namespace gatefold::report
