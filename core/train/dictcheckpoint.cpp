#include "dictcheckpoint.h"

#include "optimizerstate.h"
#include "pickledfields.h"
#include "streamseeds.h"

#include "model/picklearchive.h"

#include <torch/torch.h>

#include <stdexcept>

namespace gatefold::train {
namespace {

// The parameters of `model` by TensorImpl, for the optimiser state's param_names.
std::map<const void *, std::string> parameterNames(const torch::nn::Module &model)
{
    std::map<const void *, std::string> names;
    for (const auto &p : model.named_parameters(true))
        names[p.value().unsafeGetTensorImpl()] = p.key();
    return names;
}

const torch::optim::AdamW &adamW(const torch::optim::Optimizer *optimizer)
{
    const auto *adam = dynamic_cast<const torch::optim::AdamW *>(optimizer);
    if (!adam)
        throw std::runtime_error("a checkpoint holds AdamW's state, and this optimiser is not AdamW");
    return *adam;
}

c10::IValue stateDictOf(const std::vector<std::pair<std::string, torch::Tensor>> &named,
                        const std::vector<torch::Tensor> &tensors)
{
    auto dict = namedDict();
    for (size_t i = 0; i < named.size(); ++i)
        dict.insert(named[i].first, tensors[i].detach().cpu());
    return dict;
}

c10::IValue trainStateOf(const TrainState &s)
{
    auto window = namedDict();
    window.insert("loss", s.window.loss);
    window.insert("grad_norm", s.window.gradNorm);
    window.insert("diversity", s.window.diversity);
    window.insert("steps", s.window.steps);
    window.insert("images", s.window.images);
    window.insert("seconds", s.window.seconds);
    window.insert("distill_attention", s.window.distillAttention);  // distillation (absent before issue 19)
    window.insert("distill_logits", s.window.distillLogits);
    window.insert("teacher_seconds", s.window.teacherSeconds);
    auto dict = namedDict();
    dict.insert("best_top1", s.bestTop1);
    dict.insert("best_step", s.bestStep);
    dict.insert("train_seconds", s.trainSeconds);
    dict.insert("ema_updates", s.emaUpdates);
    dict.insert("window", window);
    return dict;
}

// {"cpu": torch.get_rng_state()'s tensor}, or {} where the state holds none.
c10::IValue rngOf(const TrainState &s)
{
    auto dict = namedDict();
    if (s.cpuRngState.defined())
        dict.insert("cpu", s.cpuRngState.detach().cpu());
    return dict;
}

torch::Tensor cpuRngStateFrom(const c10::IValue &rng)
{
    const torch::Tensor t = tensorField(rng, "cpu", "rng");
    if (t.scalar_type() != torch::kByte || t.dim() != 1 || t.numel() != cpuGeneratorState().numel())
        throw std::runtime_error("rng.cpu is not the state of a CPU generator (" + std::to_string(t.numel())
                                 + " bytes of " + std::string(c10::toString(t.scalar_type())) + ")");
    return t.contiguous();
}

} // namespace

std::string encodeCheckpoint(const QByteArray &configJson, const model::VisionTransformer &model,
                             const torch::optim::Optimizer *optimizer, const WeightEma *ema, const TrainState &state)
{
    const auto named = namedWeights(*model);
    std::vector<torch::Tensor> live;
    for (const auto &entry : named)
        live.push_back(entry.second);
    auto dict = namedDict();
    dict.insert("format", std::string(kCheckpointFormat));
    dict.insert("format_version", kCheckpointFormatVersion);
    dict.insert("step", state.step);
    dict.insert("config", configJson.toStdString());
    dict.insert("model", stateDictOf(named, live));
    if (ema && ema->enabled())
        dict.insert("model_ema", stateDictOf(named, ema->tensors()));
    if (optimizer)
        dict.insert("optimizer", adamWStateDict(adamW(optimizer), parameterNames(*model)));
    dict.insert("train_state", trainStateOf(state));
    dict.insert("rng", rngOf(state));
    std::string bytes;
    model::writePickleArchive(dict, &bytes);
    return bytes;
}

std::unique_ptr<DictCheckpoint> DictCheckpoint::read(const char *data, std::size_t size, std::string *why)
{
    c10::IValue dict = model::readPickleArchive(data, size);
    const c10::IValue *format = dict.isGenericDict() ? findField(dict, "format", "") : nullptr;
    if (!format || !format->isString() || format->toStringRef().rfind("gatefold-checkpoint/", 0) != 0) {
        *why = std::string("it holds no '") + kCheckpointFormat + "' mark";
        return nullptr;
    }
    const std::int64_t version = intField(dict, "format_version", "");
    if (version > kCheckpointFormatVersion) {
        *why = "it was written by a newer Gatefold (checkpoint format " + std::to_string(version)
             + "; this one reads formats 1 to " + std::to_string(kCheckpointFormatVersion) + ")";
        return nullptr;
    }
    if (version != kCheckpointFormatVersion) {
        *why = "its format_version " + std::to_string(version) + " is no format Gatefold wrote as a dict";
        return nullptr;
    }
    return std::unique_ptr<DictCheckpoint>(new DictCheckpoint(std::move(dict)));
}

QByteArray DictCheckpoint::config() const
{
    return findField(m_dict, "config", "") ? QByteArray::fromStdString(stringField(m_dict, "config", "")) : QByteArray();
}

std::map<std::string, torch::Tensor> DictCheckpoint::weights() const
{
    return tensorsField(m_dict, "model", "");
}

std::map<std::string, torch::Tensor> DictCheckpoint::averages() const
{
    return findField(m_dict, "model_ema", "") ? tensorsField(m_dict, "model_ema", "")
                                               : std::map<std::string, torch::Tensor>();
}

std::optional<TrainState> DictCheckpoint::state() const
{
    if (!findField(m_dict, "train_state", ""))
        return std::nullopt;
    const c10::IValue &t = dictField(m_dict, "train_state", "");
    const c10::IValue &w = dictField(t, "window", "train_state");
    const std::string window = "train_state.window";
    TrainState s;
    s.step = intField(m_dict, "step", "");
    s.bestTop1 = doubleField(t, "best_top1", "train_state");
    s.bestStep = intField(t, "best_step", "train_state");
    s.trainSeconds = doubleField(t, "train_seconds", "train_state");
    s.emaUpdates = intField(t, "ema_updates", "train_state");
    s.window.loss = doubleField(w, "loss", window);
    s.window.gradNorm = doubleField(w, "grad_norm", window);
    s.window.diversity = doubleField(w, "diversity", window);
    s.window.steps = intField(w, "steps", window);
    s.window.images = intField(w, "images", window);
    s.window.seconds = doubleField(w, "seconds", window);
    for (auto [key, value] : {std::pair{"distill_attention", &s.window.distillAttention},
                              std::pair{"distill_logits", &s.window.distillLogits},
                              std::pair{"teacher_seconds", &s.window.teacherSeconds}})
        if (findField(w, key, window))  // a checkpoint of an older Gatefold has none: 0
            *value = doubleField(w, key, window);
    if (const c10::IValue *rng = findField(m_dict, "rng", ""); rng && findField(*rng, "cpu", "rng"))
        s.cpuRngState = cpuRngStateFrom(*rng);
    return s;
}

std::function<void()> DictCheckpoint::optimizerRestore(torch::optim::Optimizer &optimizer,
                                                       const torch::nn::Module &model, QString *problem) const
{
    auto *adam = dynamic_cast<torch::optim::AdamW *>(&optimizer);
    if (!adam) {
        *problem = QStringLiteral("holds AdamW's state, and this optimiser is not AdamW");
        return {};
    }
    const c10::IValue *stored = findField(m_dict, "optimizer", "");
    if (!stored) {
        *problem = QStringLiteral("holds no optimiser state to resume");
        return {};
    }
    return adamWRestore(*stored, *adam, parameterNames(model));
}

} // namespace gatefold::train
