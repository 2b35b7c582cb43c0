#pragma once

#include "checkpointreader.h"
#include "weightema.h"

#include "model/visiontransformer.h"

#include <ATen/core/ivalue.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace gatefold::train {

// The checkpoint format written now: a dict pickled as torch.save pickles one
// (model/picklearchive.h), so that Python's torch.load opens it. Its keys are
// listed in checkpoint.h.
inline constexpr char kCheckpointFormat[] = "gatefold-checkpoint/3";
inline constexpr std::int64_t kCheckpointFormatVersion = 3;

// The checkpoint of a run as such an archive (not yet sealed). An optimiser
// must be AdamW. Throws std::exception where it cannot be serialised.
std::string encodeCheckpoint(const QByteArray &configJson, const model::VisionTransformer &model,
                             const torch::optim::Optimizer *optimizer, const WeightEma *ema, const TrainState &state);

// A checkpoint dict read back. Accepts what encodeCheckpoint writes and, for
// the state dicts, what Python writes in their place (timm's names, Python's
// AdamW state).
class DictCheckpoint final : public CheckpointReader
{
public:
    // The checkpoint in `data` (a pickle archive), or nullptr with why it is
    // not a Gatefold checkpoint in `why`. Throws on damaged bytes.
    static std::unique_ptr<DictCheckpoint> read(const char *data, std::size_t size, std::string *why);

    QByteArray config() const override;
    std::map<std::string, torch::Tensor> weights() const override;
    std::map<std::string, torch::Tensor> averages() const override;
    std::optional<TrainState> state() const override;
    std::function<void()> optimizerRestore(torch::optim::Optimizer &optimizer, const torch::nn::Module &model,
                                           QString *problem) const override;

private:
    explicit DictCheckpoint(c10::IValue dict) : m_dict(std::move(dict)) {}

    c10::IValue m_dict;
};

} // namespace gatefold::train
