#pragma once

#include "checkpoint.h"

#include "model/visiontransformer.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gatefold::train {

// What starting from a checkpoint (init.from) does to one tensor of the model
// beyond copying it.
enum class InitChangeKind {
    Resampled,      // pos_embed: its patch grid interpolated to the model's (another img_size)
    Reinitialised,  // kept as the new model initialised it (head for another num_classes; a
                    // pos_embed the checkpoint lacks)
    Skipped,        // a checkpoint tensor the model has no place for (pos_embed of a model without one)
};

struct InitChange {
    std::string tensor;
    InitChangeKind kind = InitChangeKind::Resampled;
    std::vector<int64_t> checkpointShape;  // empty: not in the checkpoint
    std::vector<int64_t> modelShape;       // empty: not in the model
    QString reason;                        // why, in words ("8x8 grid → 7x7 grid (img_size 28)")
};

// How the weights of a checkpoint go into a model of another image size or
// label set: every tensor of the same name and shape is copied; the changes
// say what else happens. Patch size, width, depth, heads, MLP ratio, pooling,
// gates and branch layout must match (every other difference is refused).
struct InitFromPlan {
    std::vector<InitChange> changes;
    int copied = 0;  // tensors taken as they are

    // One line for the run's log per change, after a summary line.
    QStringList logLines() const;
    // The record of the plan kept with the run (artifact init/from, infoJson): {"copied": n, "changes":
    // [{"tensor", "change": resampled|reinitialised|skipped, "checkpoint_shape", "model_shape", "reason"}]}.
    QByteArray toJson() const;
};

QString initChangeName(InitChangeKind kind);

// The run store's record of what init.from changed in a run (RunStore artifact kind; path: the
// checkpoint, sha256: its content, info: InitFromPlan::toJson()).
inline constexpr char kInitFromArtifactKind[] = "init/from";

// The plan for putting `stored` (a checkpoint's weights by name) into `model`; nullopt with every
// refusal in `error`: the tensors that do not fit, one by one with the checkpoint's and the model's
// shape, and what to do (another channel count: in_chans and data.channels).
std::optional<InitFromPlan> planInitFrom(const std::map<std::string, torch::Tensor> &stored,
                                         const model::VisionTransformer &model, QString *error);

// The same for the checkpoint file `path` (checked as loadCheckpoint checks it).
std::optional<InitFromPlan> checkInitFrom(const QString &path, const model::VisionTransformer &model, QString *error,
                                          const CheckpointTrust &trust = {});

// Puts the checkpoint's weights into `model` by its plan (nothing changes on a refusal): copies,
// resamples pos_embed, keeps the model's own initialisation where re-initialised. `plan` and
// `check` (if given) get what was done and the verdict on the file.
bool loadInitFrom(const QString &path, model::VisionTransformer &model, const CheckpointTrust &trust,
                  InitFromPlan *plan, QString *error, CheckpointCheck *check = nullptr);

} // namespace gatefold::train
