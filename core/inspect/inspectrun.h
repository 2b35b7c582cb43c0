#pragma once

// The "see inside" views (issue #7) of one checkpoint of one run, computed
// for the GUI and `gatefold-cli analyze`: inspectRun() reads the run and its
// checkpoint, takes the images, runs core/analysis's ModelInspector and fills
// an InspectReport. Read-only: nothing is written to the store, the run
// directory or the checkpoint.

#include "inspectrequest.h"
#include "reporttypes.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::inspect {

// What is wrong with `request` on its own (no store, no files): unknown
// views, a bad checkpoint name, fusion, device, split, discard ratio outside
// [0, 1), a dead fraction below 0, too few images. One sentence per problem,
// naming the field and what to do; empty when it is fine.
QStringList checkRequest(const InspectRequest &request);

// "best" -> "best", "epoch:3" -> "epoch-3": the name of a checkpoint as a
// directory name (the CLI's default output folder <run dir>/analysis/<this>).
QString checkpointDirName(const QString &checkpoint);

// Computes the views `request` asks for (all that apply when it names none)
// on checkpoint `request.checkpoint` of run `request.runId`:
//
// - the model is built from the run's config in the store and loaded like a
//   resume loads it (every name and shape checked), in eval mode, with the
//   schedules (CDE λ and τ, joining λ) at the checkpoint's step as its
//   evaluation saw them; the raw weights, not the EMA;
// - images: the first `request.images` of the split (as many as it holds) through the evaluation
//   transform (resize + centre crop, no augmentation), or `request.files`
//   decoded with OpenCV and prepared the same way, normalised with the run's
//   normalisation (data.mean/std, or measured as the trainer measured it);
// - CKA runs on the first `request.ckaImages` images of the split (also when
//   files are given), in minibatches of 64, against run `ckaRunId` (0: the
//   run itself), each model fed its own run's normalisation.
//
// Views that do not apply to the model (codebook without CDE gates, branches
// and weights on a single-branch or folded model, positions without learned
// position embeddings) and views that fail go to
// `skipped` with the reason; the rest of the report is still filled. With
// the codebook view the report holds the usage the run recorded at each
// evaluation, with a branch view the branch similarity it recorded
// (recordedhistory.h).
// Bad input — a bad request, no such run, no such checkpoint (the message
// lists the ones the run has), a damaged checkpoint, an unreadable image
// file, a CKA run of another image size — returns nullopt with a sentence in
// `error` saying what is wrong and what to do. `progress`, when set, is told
// each stage ("loading checkpoint …", "attention maps", …) as it starts.
std::optional<InspectReport> inspectRun(store::RunStore &store, const InspectRequest &request, QString *error,
                                        std::function<void(QString)> progress = {});

} // namespace gatefold::inspect
