#pragma once

#include "trainstate.h"
#include "weightema.h"

#include "model/visiontransformer.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <torch/optim/optimizer.h>

#include <map>
#include <optional>
#include <string>

namespace gatefold::train {

// A training checkpoint: a dict pickled into torch's zip format, so that
// Python's `torch.load("step-120.pt")` opens it (dictcheckpoint.h writes it,
// model/picklearchive.h pickles it), sealed with a content hash in the zip's
// comment (checkpointseal.h). Its keys (format version 3):
//   "format"          str   "gatefold-checkpoint/3"
//   "format_version"  int   3 (a reader refuses a larger one: a newer Gatefold's)
//   "step"            int   optimiser steps taken
//   "config"          str   the run config JSON (json.loads reads it)
//   "model"           dict  str -> Tensor: the model's parameters and buffers by
//                           their timm names ("blocks.0.attn.qkv.weight", …; the
//                           names of model::VisionTransformer and the exports)
//   "model_ema"       dict  str -> Tensor: the weight averages by the same names
//                           (only with optim.ema_decay > 0)
//   "optimizer"       dict  AdamW's state as Python's AdamW.state_dict() has it
//                           (optimizerstate.h; absent in a weights-only checkpoint)
//   "train_state"     dict  the rest of TrainState: "best_top1" float,
//                           "best_step" int, "train_seconds" float,
//                           "ema_updates" int, "window" {"loss", "grad_norm",
//                           "diversity", "seconds", "distill_attention",
//                           "distill_logits", "teacher_seconds": float;
//                           "steps", "images": int} (the three distill ones
//                           absent in older files: read as 0)
//   "rng"             dict  "cpu": uint8 Tensor, the CPU generator's state
//                           (torch.set_rng_state takes it); {} when none was kept
// "model" and "model_ema" are the keys timm's checkpoint loader looks for.
// The pickle holds no class but tensors' (no TorchScript type tags); still,
// torch 1.13's torch.load(weights_only=True) refuses it, as it refuses every
// float in a pickle (its restricted unpickler lacks the BINFLOAT opcode), so
// load it plainly there (tests/checkpoint_python.py checks both).
// Checkpoints of older versions — torch's archive format (a TorchScript module
// zip with the tensors as t0…tN and a names list), marks
// "gatefold-checkpoint/1" (unsealed) and "/2" (sealed) — still load, resume and
// verify (legacycheckpoint.h); every checkpoint written now has format 3.
// Checkpoint files are immutable: each is a new
// file (durablefile.h), named by the step it holds; the run store's records
// say which file is a run's last, best or epoch-N (RunStore::recordCheckpoint).
struct CheckpointWrite {
    QString path;    // the file written
    QString sha256;  // of its bytes
    qint64 bytes = 0;
};

// Writes `dir`/<baseName>.pt, or <baseName>-2.pt, … when that name is taken
// (never replacing a file). A full disk leaves nothing behind and says so.
bool saveCheckpoint(const QString &dir, const QString &baseName, const QByteArray &configJson,
                    const model::VisionTransformer &model, torch::optim::Optimizer *optimizer, const WeightEma *ema,
                    const TrainState &state, CheckpointWrite *written, QString *error);

// What is known about a checkpoint beyond the file itself.
struct CheckpointTrust {
    QString recordedSha256;      // the run store's record of the file ("": none)
    QStringList acceptedSha256;  // contents the user accepted as they are (--accept-modified-checkpoint)
};

enum class CheckpointState {
    Intact,      // its seal holds and it is the file the store recorded (where it has a record)
    Unsealed,    // an older Gatefold's file without a seal that matches the run's record of it
    Accepted,    // changed, but the user accepted exactly these bytes
    Modified,    // its seal is broken or missing, it is not the recorded file, or nothing vouches for it
    Unreadable,  // missing or cannot be read
};

struct CheckpointCheck {
    CheckpointState state = CheckpointState::Unreadable;
    QString fileSha256;  // of the file as found
    QString problem;     // what is wrong (Modified, Unreadable), without what to do
    bool usable() const { return state != CheckpointState::Modified && state != CheckpointState::Unreadable; }
};

// Reads `path` and checks its seal and `trust` (no tensor is parsed).
CheckpointCheck checkCheckpoint(const QString &path, const CheckpointTrust &trust = {});

// What to do about a checkpoint that is not usable, for messages of commands
// without a better suggestion.
QString checkpointAdvice();

// The config a checkpoint was written with (to build the model before loading it).
bool readCheckpointConfig(const QString &path, QByteArray *configJson, QString *error,
                          const CheckpointTrust &trust = {});

// Whether the weights of the checkpoint at `path` fit `model` — every name and
// shape, checked as loadCheckpoint checks them — without changing it: false
// with the first few differences ("… and N more") or why it cannot be read.
// (train --init-from asks before it creates the run.)
bool checkpointFits(const QString &path, const model::VisionTransformer &model, QString *error,
                    const CheckpointTrust &trust = {});

// The model weights the checkpoint at `path` holds, by name (the bytes read are the bytes checked:
// nullopt with why in `error` for a checkpoint that is not usable or cannot be read). train
// --init-from reads them to fit them to another model (initfrom.h). `check` (if given) gets the verdict.
std::optional<std::map<std::string, torch::Tensor>> readCheckpointWeights(const QString &path, QString *error,
                                                                         const CheckpointTrust &trust = {},
                                                                         CheckpointCheck *check = nullptr);

// Loads the weights into `model` (built from the checkpoint's config) and,
// where given, the optimiser, the averages and the state. The bytes loaded
// are the bytes checked: a checkpoint that is not usable (checkCheckpoint)
// is refused. Nothing is changed when a name is missing or extra or a shape
// differs: false, the first few mismatches in `error`. `check` (if given) gets the verdict.
bool loadCheckpoint(const QString &path, model::VisionTransformer &model, torch::optim::Optimizer *optimizer,
                    WeightEma *ema, TrainState *state, QString *error, const CheckpointTrust &trust = {},
                    CheckpointCheck *check = nullptr);

QString sha256OfFile(const QString &path, QString *error = nullptr);

} // namespace gatefold::train
