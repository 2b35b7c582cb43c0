#include "legacycheckpoint.h"

#include "checkpointseal.h"

#include <QFile>

#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>
#include <torch/torch.h>

#include <cstring>
#include <sstream>

namespace gatefold::train {
namespace {

// Tensors under "t0", "t1", … with their names in "names" (archive keys may not hold dots).
void writeLegacyTensors(torch::serialize::OutputArchive &archive, const std::vector<std::string> &names,
                        const std::vector<torch::Tensor> &tensors)
{
    c10::List<std::string> list;
    for (const auto &n : names)
        list.push_back(n);
    archive.write("names", c10::IValue(list));
    for (size_t i = 0; i < tensors.size(); ++i)
        archive.write("t" + std::to_string(i), tensors[i].detach().cpu());
}

std::map<std::string, torch::Tensor> readLegacyTensors(torch::serialize::InputArchive &archive)
{
    c10::IValue names;
    archive.read("names", names);
    std::map<std::string, torch::Tensor> out;
    const auto list = names.toList();
    for (size_t i = 0; i < list.size(); ++i) {
        torch::Tensor t;
        archive.read("t" + std::to_string(i), t);
        out[list.get(i).toStringRef()] = t;
    }
    return out;
}

torch::Tensor legacyScalar(double v) { return torch::tensor(v, torch::kFloat64); }
torch::Tensor legacyScalar(std::int64_t v) { return torch::tensor(v, torch::kInt64); }

void readLegacyScalar(torch::serialize::InputArchive &a, const char *key, double *v)
{
    torch::Tensor t;
    a.read(key, t);
    *v = t.item<double>();
}

void readLegacyScalar(torch::serialize::InputArchive &a, const char *key, std::int64_t *v)
{
    torch::Tensor t;
    a.read(key, t);
    *v = t.item<std::int64_t>();
}

torch::serialize::OutputArchive legacyStateArchive(const TrainState &state)
{
    torch::serialize::OutputArchive s;
    s.write("step", legacyScalar(state.step));
    s.write("best_top1", legacyScalar(state.bestTop1));
    s.write("best_step", legacyScalar(state.bestStep));
    s.write("train_seconds", legacyScalar(state.trainSeconds));
    s.write("window_loss", legacyScalar(state.window.loss));
    s.write("window_grad_norm", legacyScalar(state.window.gradNorm));
    s.write("window_diversity", legacyScalar(state.window.diversity));
    s.write("window_steps", legacyScalar(state.window.steps));
    s.write("window_images", legacyScalar(state.window.images));
    s.write("window_seconds", legacyScalar(state.window.seconds));
    s.write("ema_updates", legacyScalar(state.emaUpdates));
    if (state.cpuRngState.defined())
        s.write("cpu_rng", state.cpuRngState);
    return s;
}

std::string encodeLegacyCheckpoint(const char *format, const QByteArray &configJson,
                                   const model::VisionTransformer &model, const torch::optim::Optimizer *optimizer,
                                   const WeightEma *ema, const TrainState &state)
{
    torch::serialize::OutputArchive archive;
    archive.write("format", c10::IValue(std::string(format)));
    archive.write("config", c10::IValue(configJson.toStdString()));
    torch::serialize::OutputArchive weights;
    std::vector<std::string> names;
    std::vector<torch::Tensor> tensors;
    for (const auto &[name, tensor] : namedWeights(*model)) {
        names.push_back(name);
        tensors.push_back(tensor);
    }
    writeLegacyTensors(weights, names, tensors);
    archive.write("model", weights);
    if (optimizer) {
        torch::serialize::OutputArchive opt;
        optimizer->save(opt);
        archive.write("optimizer", opt);
    }
    if (ema && ema->enabled()) {
        torch::serialize::OutputArchive averages;
        writeLegacyTensors(averages, names, ema->tensors());
        archive.write("ema", averages);
    }
    torch::serialize::OutputArchive s = legacyStateArchive(state);
    archive.write("state", s);
    std::ostringstream bytes;
    archive.save_to(bytes);
    return bytes.str();
}

} // namespace

std::unique_ptr<LegacyCheckpoint> LegacyCheckpoint::read(const QByteArray &bytes, bool vouchedFor, std::string *why)
{
    auto archive = std::make_shared<torch::serialize::InputArchive>();
    if (vouchedFor) {
        archive->load_from(bytes.constData(), size_t(bytes.size()));
    } else {
        // Zeros behind the end for the whole 4 KB blocks LibTorch 1.13's zip reader reads past the
        // end of a truncated archive (model/boundedbytes.h).
        constexpr qsizetype kReadSlack = 64 * 1024;
        QByteArray padded(bytes.size() + kReadSlack, '\0');
        std::memcpy(padded.data(), bytes.constData(), size_t(bytes.size()));
        archive->load_from(padded.constData(), size_t(bytes.size()));
    }
    c10::IValue format;
    if (!archive->try_read("format", format) || !format.isString()
        || (format.toStringRef() != kLegacySealedFormat && format.toStringRef() != kLegacyUnsealedFormat)) {
        *why = std::string("it holds no '") + kLegacySealedFormat + "' mark";
        return nullptr;
    }
    return std::unique_ptr<LegacyCheckpoint>(new LegacyCheckpoint(std::move(archive)));
}

QByteArray LegacyCheckpoint::config() const
{
    c10::IValue config;
    if (!m_archive->try_read("config", config) || !config.isString())
        return {};
    return QByteArray::fromStdString(config.toStringRef());
}

std::map<std::string, torch::Tensor> LegacyCheckpoint::weights() const
{
    torch::serialize::InputArchive weights;
    m_archive->read("model", weights);
    return readLegacyTensors(weights);
}

std::map<std::string, torch::Tensor> LegacyCheckpoint::averages() const
{
    torch::serialize::InputArchive averages;
    if (!m_archive->try_read("ema", averages))
        return {};
    return readLegacyTensors(averages);
}

std::optional<TrainState> LegacyCheckpoint::state() const
{
    torch::serialize::InputArchive s;
    if (!m_archive->try_read("state", s))
        return std::nullopt;
    TrainState loaded;
    readLegacyScalar(s, "step", &loaded.step);
    readLegacyScalar(s, "best_top1", &loaded.bestTop1);
    readLegacyScalar(s, "best_step", &loaded.bestStep);
    readLegacyScalar(s, "train_seconds", &loaded.trainSeconds);
    readLegacyScalar(s, "window_loss", &loaded.window.loss);
    readLegacyScalar(s, "window_grad_norm", &loaded.window.gradNorm);
    readLegacyScalar(s, "window_diversity", &loaded.window.diversity);
    readLegacyScalar(s, "window_steps", &loaded.window.steps);
    readLegacyScalar(s, "window_images", &loaded.window.images);
    readLegacyScalar(s, "window_seconds", &loaded.window.seconds);
    readLegacyScalar(s, "ema_updates", &loaded.emaUpdates);
    s.try_read("cpu_rng", loaded.cpuRngState);
    return loaded;
}

std::function<void()> LegacyCheckpoint::optimizerRestore(torch::optim::Optimizer &optimizer,
                                                         const torch::nn::Module & /*model*/, QString *problem) const
{
    auto stored = std::make_shared<torch::serialize::InputArchive>();
    if (!m_archive->try_read("optimizer", *stored)) {
        *problem = QStringLiteral("holds no optimiser state to resume");
        return {};
    }
    // LibTorch checks the groups as it loads them: a mismatch throws from the restore itself.
    return [stored, &optimizer] { optimizer.load(*stored); };
}

bool writeLegacyCheckpoint(const QString &path, const char *format, const QByteArray &configJson,
                           const model::VisionTransformer &model, const torch::optim::Optimizer *optimizer,
                           const WeightEma *ema, const TrainState &state, QString *error)
{
    std::string data;
    try {
        data = encodeLegacyCheckpoint(format, configJson, model, optimizer, ema, state);
    } catch (const std::exception &e) {
        *error = QStringLiteral("cannot serialise the checkpoint: %1").arg(QString::fromStdString(e.what()));
        return false;
    }
    if (std::strcmp(format, kLegacySealedFormat) == 0 && !sealCheckpoint(data)) {
        *error = QStringLiteral("cannot seal the checkpoint");
        return false;
    }
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || out.write(data.data(), qint64(data.size())) != qint64(data.size())) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, out.errorString());
        return false;
    }
    return true;
}

} // namespace gatefold::train
