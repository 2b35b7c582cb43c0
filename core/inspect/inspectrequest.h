#pragma once

#include <QString>
#include <QStringList>

namespace gatefold::inspect {

// What inspectRun() computes. Views: report::viewNames() ("attention",
// "rollout", "distance", "codebook", "branches" (feature similarity),
// "weights" (branch weight similarity), "cka", "filters" (the patch-embedding
// filters' principal components), "positions" (position embedding similarity)).
struct InspectRequest {
    qint64 runId = 0;
    QString checkpoint = QStringLiteral("best");  // "best", "last", or "epoch:N" (the run's checkpoint after epoch N)
    int images = 8;                 // how many images of the split (the first ones, deterministic)
    QString split = QStringLiteral("val");        // "val" or "train" (training images without augmentation)
    QStringList files;              // image files instead of the split (resized + centre-cropped as in evaluation)
    QStringList views;              // empty: every view that applies to the model
    QString rolloutFusion = QStringLiteral("mean");  // mean, max, min
    double discardRatio = 0.0;      // rollout: fraction of the lowest fused attention dropped per row
    double deadFraction = 1e-3;     // codebook: dead when usage <= deadFraction / K
    qint64 ckaRunId = 0;            // cka: the other run (0: the run against itself)
    QString ckaCheckpoint = QStringLiteral("best");
    int ckaImages = 256;            // cka: images (in minibatches) of the split
    QString device = QStringLiteral("cpu");  // "cpu", "cuda", "auto"
    bool acceptModifiedCheckpoint = false;   // load a checkpoint that is not what was written (its hash differs)
};

} // namespace gatefold::inspect
