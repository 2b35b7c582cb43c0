#pragma once

#include "checkpointchoice.h"

#include "data/dataset.h"
#include "data/normalization.h"
#include "model/visiontransformer.h"
#include "config/trainconfig.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::inspect {

// One checkpoint of one run, ready to look at: the model in eval mode on its
// device with the checkpoint's weights and the schedules of its step, the
// run's data set (evaluation transform) and input normalisation.
struct LoadedRun {
    qint64 runId = 0;
    QString name;
    train::RunConfig config;
    std::unique_ptr<data::Dataset> data;
    data::Normalization norm;
    CheckpointChoice checkpoint;
    std::int64_t step = 0;           // optimiser steps the checkpoint had taken
    std::int64_t stepsPerEpoch = 1;
    double epoch = 0;
    model::VisionTransformer model{nullptr};
    QString acceptedModifiedSha256;  // the checkpoint was changed and loaded because the caller accepted it
};

// "cpu", "cuda", "auto" -> the device; nullopt with the reason for an
// unknown name or cuda without a CUDA device.
std::optional<torch::Device> deviceFromName(const QString &name, QString *error);

// Reads run `runId` and its checkpoint `checkpoint` ("best", "last",
// "epoch:N") from `store` without writing anything. The schedules are those
// the trainer set for the checkpoint's last step — what its evaluation saw:
// CDE gate strength λ and temperature τ, joining strength λ(t). nullopt with
// a sentence in `error` (what is wrong, what to do) when the run, its config,
// its data set or its checkpoint cannot be read. The checkpoint's content
// hash and the store's sha256 of it are verified: a checkpoint that is not
// what was written is refused unless `acceptModified` (or the run recorded
// that the user accepted exactly these bytes).
std::optional<LoadedRun> loadRun(store::RunStore &store, qint64 runId, const QString &checkpoint,
                                 const torch::Device &device, QString *error,
                                 const std::function<void(QString)> &progress = {}, bool acceptModified = false);

} // namespace gatefold::inspect
