#pragma once

#include "trainstate.h"
#include "weightema.h"

#include "model/visiontransformer.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <torch/optim/optimizer.h>

namespace gatefold::train {

// A training checkpoint (torch's archive format, a zip): the run config JSON,
// the model's parameters and buffers by name, the optimiser's state, the
// weight averages and the TrainState, sealed with a content hash in the zip's
// comment (checkpointseal.h). Checkpoint files are immutable: each is a new
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
