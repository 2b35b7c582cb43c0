#pragma once

#include "trainstate.h"
#include "weightema.h"

#include "model/visiontransformer.h"

#include <QByteArray>
#include <QString>

#include <torch/optim/optimizer.h>

namespace gatefold::train {

// A training checkpoint (torch's archive format, a zip): the run config JSON,
// the model's parameters and buffers by name, the optimiser's state, the
// weight averages and the TrainState. Written atomically (temporary file,
// fsync, rename), so a crash leaves the previous file whole.
struct CheckpointWrite {
    QString sha256;  // of the bytes written
    qint64 bytes = 0;
};

bool saveCheckpoint(const QString &path, const QByteArray &configJson, const model::VisionTransformer &model,
                    torch::optim::Optimizer *optimizer, const WeightEma *ema, const TrainState &state,
                    CheckpointWrite *written, QString *error);

// The config a checkpoint was written with (to build the model before loading it).
bool readCheckpointConfig(const QString &path, QByteArray *configJson, QString *error);

// Loads the weights into `model` (built from the checkpoint's config) and,
// where given, the optimiser, the averages and the state. Nothing is changed
// when a name is missing or extra or a shape differs: false, every mismatch in `error`.
bool loadCheckpoint(const QString &path, model::VisionTransformer &model, torch::optim::Optimizer *optimizer,
                    WeightEma *ema, TrainState *state, QString *error);

QString sha256OfFile(const QString &path, QString *error = nullptr);

} // namespace gatefold::train
