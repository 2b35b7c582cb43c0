#pragma once
// Checkpoints in the format older versions wrote (train/legacycheckpoint.h:
// torch's archive format, marks gatefold-checkpoint/1 and /2), made from a
// checkpoint written now, for the tests that load and resume from one.

#include "model/visiontransformer.h"
#include "train/checkpoint.h"
#include "train/legacycheckpoint.h"
#include "train/paramgroups.h"
#include "config/runconfigjson.h"
#include "train/weightema.h"

#include <QString>
#include <QStringList>

#include <torch/optim/adamw.h>

#include <memory>
#include <vector>

namespace gatefold::test {

// The model, AdamW (in the trainer's groups: decayed, then undecayed; core/train/trainerprepare.cpp)
// and averages of the run `config`, as the trainer builds them before it loads a checkpoint.
struct LegacySubject {
    model::VisionTransformer model{nullptr};
    std::unique_ptr<torch::optim::AdamW> optimizer;
    train::WeightEma ema;
};

inline bool buildLegacySubject(const train::RunConfig &config, LegacySubject *s, QString *error)
{
    std::string why;
    auto built = model::buildModel(config.model, &why);
    if (!built) {
        *error = QString::fromStdString(why);
        return false;
    }
    s->model = *built;
    const auto groups = train::splitForWeightDecay(*s->model);
    const auto &o = config.train.optim;
    std::vector<torch::optim::OptimizerParamGroup> paramGroups;
    for (const auto &[params, decay] : {std::pair{groups.decay, o.weightDecay}, std::pair{groups.noDecay, 0.0}})
        if (!params.empty())
            paramGroups.emplace_back(params, std::make_unique<torch::optim::AdamWOptions>(
                                                 torch::optim::AdamWOptions(o.lr).weight_decay(decay)));
    s->optimizer = std::make_unique<torch::optim::AdamW>(paramGroups, torch::optim::AdamWOptions(o.lr));
    if (o.emaDecay > 0)
        s->ema = train::WeightEma(*s->model, o.emaDecay);
    return true;
}

// Writes the checkpoint at `from` (any format it loads) to `to` in the older format `format`
// (train::kLegacyUnsealedFormat or kLegacySealedFormat): the same weights, optimiser state,
// averages, training state and config.
inline bool writeLegacyCopy(const QString &from, const QString &to, const char *format, QString *error,
                            const train::CheckpointTrust &trust = {})
{
    QByteArray json;
    if (!train::readCheckpointConfig(from, &json, error, trust))
        return false;
    train::RunConfig config;
    QStringList problems;
    if (!train::runConfigFromJson(json, &config, &problems)) {
        *error = problems.join(QStringLiteral("; "));
        return false;
    }
    LegacySubject s;
    train::TrainState state;
    return buildLegacySubject(config, &s, error)
        && train::loadCheckpoint(from, s.model, s.optimizer.get(), &s.ema, &state, error, trust)
        && train::writeLegacyCheckpoint(to, format, json, s.model, s.optimizer.get(), &s.ema, state, error);
}

} // namespace gatefold::test
