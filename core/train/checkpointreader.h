#pragma once

#include "trainstate.h"

#include <QByteArray>
#include <QString>

#include <torch/nn/module.h>
#include <torch/optim/optimizer.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gatefold::train {

// What a checkpoint holds, as loadCheckpoint (checkpoint.h) takes it, whichever
// format holds it: the dict written now (dictcheckpoint.h) or the archive of
// older versions (legacycheckpoint.h). A reader has its file parsed; reading
// changes nothing. Each method throws std::exception when the contents are not
// what they should be.
class CheckpointReader
{
public:
    virtual ~CheckpointReader() = default;

    // The run config JSON ("" when the file holds none).
    virtual QByteArray config() const = 0;
    // The model's parameters and buffers by name (timm's names: the model's own).
    virtual std::map<std::string, torch::Tensor> weights() const = 0;
    // The weight averages by name (empty when it holds none).
    virtual std::map<std::string, torch::Tensor> averages() const = 0;
    // The training state; nullopt for weights only.
    virtual std::optional<TrainState> state() const = 0;
    // Checks the optimiser state against `optimizer` (over the parameters of
    // `model`) without changing it: what restores it, or an empty function with
    // why not in `problem`.
    virtual std::function<void()> optimizerRestore(torch::optim::Optimizer &optimizer, const torch::nn::Module &model,
                                                   QString *problem) const = 0;
};

// A module's parameters, then its buffers, by name: what a checkpoint stores
// and in this order (WeightEma keeps its averages in the same one).
std::vector<std::pair<std::string, torch::Tensor>> namedWeights(const torch::nn::Module &model);

} // namespace gatefold::train
