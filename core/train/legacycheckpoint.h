#pragma once

#include "checkpointreader.h"
#include "weightema.h"

#include "model/visiontransformer.h"

#include <memory>
#include <string>

namespace torch::serialize {
class InputArchive;
}

namespace gatefold::train {

// The checkpoint format of older versions: torch's archive format
// (torch::serialize::OutputArchive, a TorchScript module zip that Python opens
// as a RecursiveScriptModule), format mark "gatefold-checkpoint/1" (unsealed)
// or "/2" (sealed). Read only; checkpoints are written as dictcheckpoint.h's.
inline constexpr char kLegacyUnsealedFormat[] = "gatefold-checkpoint/1";
inline constexpr char kLegacySealedFormat[] = "gatefold-checkpoint/2";

class LegacyCheckpoint final : public CheckpointReader
{
public:
    // The checkpoint in `bytes`, or nullptr with why it is not a Gatefold
    // checkpoint in `why`. `vouchedFor`: false for bytes nothing but the user
    // vouches for, which LibTorch then reads from a copy with room past their
    // end (its zip reader reads whole blocks past the end of a truncated
    // archive). Throws on damaged bytes.
    static std::unique_ptr<LegacyCheckpoint> read(const QByteArray &bytes, bool vouchedFor, std::string *why);

    QByteArray config() const override;
    std::map<std::string, torch::Tensor> weights() const override;
    std::map<std::string, torch::Tensor> averages() const override;
    std::optional<TrainState> state() const override;
    std::function<void()> optimizerRestore(torch::optim::Optimizer &optimizer, const torch::nn::Module &model,
                                           QString *problem) const override;

private:
    explicit LegacyCheckpoint(std::shared_ptr<torch::serialize::InputArchive> archive) : m_archive(std::move(archive)) {}

    std::shared_ptr<torch::serialize::InputArchive> m_archive;
};

// Writes a checkpoint in the older format `format` (kLegacyUnsealedFormat or
// kLegacySealedFormat, sealed then) to `path`, replacing it, as older versions
// wrote it: for tests and fixtures of the reader only.
bool writeLegacyCheckpoint(const QString &path, const char *format, const QByteArray &configJson,
                           const model::VisionTransformer &model, const torch::optim::Optimizer *optimizer,
                           const WeightEma *ema, const TrainState &state, QString *error);

} // namespace gatefold::train
