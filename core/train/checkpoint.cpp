#include "checkpoint.h"

#include "checkpointseal.h"
#include "durablefile.h"
#include "config/resourceestimate.h"
#include "testkillpoint.h"

#include "files/userfile.h"

#include <QCryptographicHash>
#include <QFile>

#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>
#include <torch/torch.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <sstream>

namespace gatefold::train {
namespace {

// /2: sealed (checkpointseal.h); /1 files (no seal) still load.
constexpr const char *kFormat = "gatefold-checkpoint/2";
constexpr const char *kUnsealedFormat = "gatefold-checkpoint/1";

std::vector<std::pair<std::string, torch::Tensor>> namedWeights(const torch::nn::Module &model)
{
    std::vector<std::pair<std::string, torch::Tensor>> out;
    for (const auto &p : model.named_parameters(true))
        out.emplace_back(p.key(), p.value());
    for (const auto &b : model.named_buffers(true))
        out.emplace_back(b.key(), b.value());
    return out;
}

// Tensors under "t0", "t1", … with their names in "names" (archive keys may not hold dots).
void writeTensors(torch::serialize::OutputArchive &archive, const std::vector<std::string> &names,
                  const std::vector<torch::Tensor> &tensors)
{
    c10::List<std::string> list;
    for (const auto &n : names)
        list.push_back(n);
    archive.write("names", c10::IValue(list));
    for (size_t i = 0; i < tensors.size(); ++i)
        archive.write("t" + std::to_string(i), tensors[i].detach().cpu());
}

std::map<std::string, torch::Tensor> readTensors(torch::serialize::InputArchive &archive)
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

// Every name or shape of `stored` that does not fit `live`.
QStringList mismatches(const std::map<std::string, torch::Tensor> &stored,
                       const std::vector<std::pair<std::string, torch::Tensor>> &live)
{
    QStringList problems;
    for (const auto &[name, tensor] : live) {
        const auto it = stored.find(name);
        if (it == stored.end())
            problems << QStringLiteral("%1 is missing").arg(QString::fromStdString(name));
        else if (it->second.sizes() != tensor.sizes())
            problems << QStringLiteral("%1 has shape %2 in the checkpoint, %3 in the model")
                            .arg(QString::fromStdString(name), QString::fromStdString(c10::str(it->second.sizes())),
                                 QString::fromStdString(c10::str(tensor.sizes())));
    }
    for (const auto &entry : stored) {
        const std::string &name = entry.first;  // clang 14 lambdas cannot capture structured bindings
        const bool known = std::any_of(live.begin(), live.end(), [&](const auto &l) { return l.first == name; });
        if (!known)
            problems << QStringLiteral("%1 is not in the model").arg(QString::fromStdString(name));
    }
    return problems;
}

// The first two mismatches of each kind (another shape, missing, not in the model) and how many
// more: a model of another width differs in every tensor, one of another depth lacks whole blocks.
QString mismatchText(const QStringList &problems)
{
    constexpr qsizetype kPerKind = 2;
    QStringList shown;
    for (const QLatin1String kind : {QLatin1String(" in the model"), QLatin1String(" is missing")}) {
        qsizetype taken = 0;
        for (const QString &p : problems)
            if (p.endsWith(kind) && !p.endsWith(QLatin1String(" is not in the model")) && taken++ < kPerKind)
                shown << p;
    }
    qsizetype extra = 0;
    for (const QString &p : problems)
        if (p.endsWith(QLatin1String(" is not in the model")) && extra++ < kPerKind)
            shown << p;
    QString text = shown.join(QStringLiteral("; "));
    if (problems.size() > shown.size())
        text += QStringLiteral("; and %1 more").arg(problems.size() - shown.size());
    return text;
}

torch::Tensor scalar(double v) { return torch::tensor(v, torch::kFloat64); }
torch::Tensor scalar(std::int64_t v) { return torch::tensor(v, torch::kInt64); }

void readScalar(torch::serialize::InputArchive &a, const char *key, double *v)
{
    torch::Tensor t;
    a.read(key, t);
    *v = t.item<double>();
}

void readScalar(torch::serialize::InputArchive &a, const char *key, std::int64_t *v)
{
    torch::Tensor t;
    a.read(key, t);
    *v = t.item<std::int64_t>();
}

QString shortHash(const QString &sha)
{
    return sha.left(12) + QStringLiteral("…");
}

// What a checkpoint may be: a regular file (never a device, a fifo, a socket or a folder, which
// would be read for ever or block), and no larger than this machine's memory.
std::uint64_t checkpointReadLimit()
{
    return std::uint64_t(std::max<qint64>(machineMemoryBytes(), qint64(1) << 30));
}

// The bytes of the checkpoint file `path`, through the shared file checks (core/files): false with
// "checkpoint '<path>' is a fifo …" and the like in `problem`.
bool readCheckpointFile(const QString &path, QByteArray *bytes, QString *problem)
{
    std::string why;
    bytes->clear();
    const bool read = files::readFileChunks(
        QFile::encodeName(path).toStdString(), checkpointReadLimit(), files::Accept::RegularFile,
        [bytes](const char *data, std::size_t n) { bytes->append(data, qsizetype(n)); }, &why,
        [bytes](std::uint64_t size) { bytes->reserve(qsizetype(size)); });
    if (!read) {
        bytes->clear();
        *problem = QStringLiteral("checkpoint %1").arg(QString::fromStdString(why));
    }
    return read;
}

// The file's bytes and the verdict on them.
QByteArray readChecked(const QString &path, const CheckpointTrust &trust, CheckpointCheck *check)
{
    *check = CheckpointCheck{};
    QByteArray bytes;
    if (!readCheckpointFile(path, &bytes, &check->problem))
        return {};
    check->fileSha256 = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
    if (trust.acceptedSha256.contains(check->fileSha256)) {
        check->state = CheckpointState::Accepted;
        return bytes;
    }
    const CheckpointSeal seal = readCheckpointSeal(bytes);
    check->state = CheckpointState::Modified;
    if (!seal.present && !endsLikeZip(bytes)) {
        check->state = CheckpointState::Unreadable;
        check->problem = QStringLiteral("checkpoint %1 cannot be read: it does not end like a checkpoint (a zip "
                                        "archive); it is truncated, damaged or not a checkpoint")
                             .arg(path);
    } else if (seal.present && !seal.intact()) {
        check->problem = QStringLiteral("checkpoint %1 is damaged or was changed after it was written: its content "
                                        "(sha256 %2) is not what was sealed into it (%3)")
                             .arg(path, shortHash(seal.computed), shortHash(seal.sealed));
    } else if (!seal.present && bytes.contains(kFormat)) {
        check->problem = QStringLiteral("checkpoint %1 has lost the content hash it was written with (rewritten by "
                                        "another program?), so its content cannot be verified")
                             .arg(path);
    } else if (!trust.recordedSha256.isEmpty() && trust.recordedSha256 != check->fileSha256) {
        check->problem = QStringLiteral("checkpoint %1 is not the file the run recorded (sha256 %2 recorded, %3 "
                                        "found): it was changed or replaced after it was written")
                             .arg(path, shortHash(trust.recordedSha256), shortHash(check->fileSha256));
    } else if (!seal.present && trust.recordedSha256.isEmpty()) {
        // LibTorch's reader is not safe on damaged bytes (fuzz/known-crashes: a wild pointer, multi-GB
        // allocations), so no byte reaches it that nothing vouches for: a seal, a record, or the user.
        check->problem = QStringLiteral("checkpoint %1 carries no content hash (an older Gatefold's checkpoint, "
                                        "or not Gatefold's) and no run records it, so its content cannot be "
                                        "verified")
                             .arg(path);
    } else {
        check->state = seal.present ? CheckpointState::Intact : CheckpointState::Unsealed;
    }
    return bytes;
}

bool openArchive(const QString &path, const CheckpointTrust &trust, torch::serialize::InputArchive &archive,
                 QString *error, CheckpointCheck *check)
{
    CheckpointCheck local;
    CheckpointCheck &verdict = check ? *check : local;
    const QByteArray bytes = readChecked(path, trust, &verdict);
    if (!verdict.usable()) {
        *error = verdict.state == CheckpointState::Modified ? verdict.problem + QStringLiteral("; ") + checkpointAdvice()
                                                            : verdict.problem;
        return false;
    }
    try {
        if (verdict.state == CheckpointState::Accepted) {
            // Bytes nothing vouches for but the user: LibTorch 1.13's zip reader reads whole 4 KB
            // blocks past the end of a truncated archive (model/modelio.cpp), so they get a copy
            // with zeros behind its end for such reads to land in.
            constexpr qsizetype kReadSlack = 64 * 1024;
            QByteArray padded(bytes.size() + kReadSlack, '\0');
            std::memcpy(padded.data(), bytes.constData(), size_t(bytes.size()));
            archive.load_from(padded.constData(), size_t(bytes.size()));
        } else {
            archive.load_from(bytes.constData(), size_t(bytes.size()));
        }
        c10::IValue format;
        if (!archive.try_read("format", format) || !format.isString()
            || (format.toStringRef() != kFormat && format.toStringRef() != kUnsealedFormat)) {
            *error = QStringLiteral("%1 is not a Gatefold checkpoint (no '%2' mark)").arg(path, kFormat);
            return false;
        }
    } catch (const std::exception &e) {
        *error = QStringLiteral("checkpoint %1 cannot be read (damaged or not a checkpoint): %2")
                     .arg(path, QString::fromStdString(e.what()).section('\n', 0, 0));
        return false;
    }
    return true;
}

} // namespace

QString sha256OfFile(const QString &path, QString *error)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    std::string why;
    const bool read = files::readFileChunks(
        QFile::encodeName(path).toStdString(), std::numeric_limits<std::uint64_t>::max(), files::Accept::RegularFile,
        [&hash](const char *data, std::size_t n) { hash.addData(QByteArrayView(data, qsizetype(n))); }, &why, {},
        /*allowEmpty=*/true);
    if (!read) {
        if (error)
            *error = QStringLiteral("cannot read %1").arg(QString::fromStdString(why));
        return {};
    }
    return QString::fromLatin1(hash.result().toHex());
}

CheckpointCheck checkCheckpoint(const QString &path, const CheckpointTrust &trust)
{
    CheckpointCheck check;
    readChecked(path, trust, &check);
    return check;
}

QString checkpointAdvice()
{
    return QStringLiteral("use another checkpoint of the run (best, last or epoch:N), or pass "
                          "--accept-modified-checkpoint if the change is yours (it is recorded in the run)");
}

bool saveCheckpoint(const QString &dir, const QString &baseName, const QByteArray &configJson,
                    const model::VisionTransformer &model, torch::optim::Optimizer *optimizer, const WeightEma *ema,
                    const TrainState &state, CheckpointWrite *written, QString *error)
{
    std::ostringstream bytes;
    try {
        torch::serialize::OutputArchive archive;
        archive.write("format", c10::IValue(std::string(kFormat)));
        archive.write("config", c10::IValue(configJson.toStdString()));
        torch::serialize::OutputArchive weights;
        std::vector<std::string> names;
        std::vector<torch::Tensor> tensors;
        for (const auto &[name, tensor] : namedWeights(*model)) {
            names.push_back(name);
            tensors.push_back(tensor);
        }
        writeTensors(weights, names, tensors);
        archive.write("model", weights);
        if (optimizer) {
            torch::serialize::OutputArchive opt;
            optimizer->save(opt);
            archive.write("optimizer", opt);
        }
        if (ema && ema->enabled()) {
            torch::serialize::OutputArchive averages;
            writeTensors(averages, names, ema->tensors());
            archive.write("ema", averages);
        }
        torch::serialize::OutputArchive s;
        s.write("step", scalar(state.step));
        s.write("best_top1", scalar(state.bestTop1));
        s.write("best_step", scalar(state.bestStep));
        s.write("train_seconds", scalar(state.trainSeconds));
        s.write("window_loss", scalar(state.window.loss));
        s.write("window_grad_norm", scalar(state.window.gradNorm));
        s.write("window_diversity", scalar(state.window.diversity));
        s.write("window_steps", scalar(state.window.steps));
        s.write("window_images", scalar(state.window.images));
        s.write("window_seconds", scalar(state.window.seconds));
        s.write("ema_updates", scalar(state.emaUpdates));
        if (state.cpuRngState.defined())
            s.write("cpu_rng", state.cpuRngState);
        archive.write("state", s);
        archive.save_to(bytes);
    } catch (const std::exception &e) {
        *error = QStringLiteral("cannot serialise the checkpoint: %1").arg(QString::fromStdString(e.what()));
        return false;
    }
    std::string data = bytes.str();
    if (!sealCheckpoint(data)) {
        *error = QStringLiteral("cannot seal the checkpoint: LibTorch wrote an archive without the expected zip end record");
        return false;
    }
    QString path;
    if (!writeNewFile(dir, baseName, QStringLiteral(".pt"), data.data(), data.size(), &path, error,
                      [] { testKillPoint("checkpoint-temp-written"); }))
        return false;  // nothing new is left; the previous checkpoints are untouched
    if (written) {
        written->path = path;
        written->sha256 = QString::fromLatin1(
            QCryptographicHash::hash(QByteArrayView(data.data(), qsizetype(data.size())), QCryptographicHash::Sha256)
                .toHex());
        written->bytes = qint64(data.size());
    }
    return true;
}

bool readCheckpointConfig(const QString &path, QByteArray *configJson, QString *error, const CheckpointTrust &trust)
{
    torch::serialize::InputArchive archive;
    if (!openArchive(path, trust, archive, error, nullptr))
        return false;
    c10::IValue config;
    if (!archive.try_read("config", config) || !config.isString()) {
        *error = QStringLiteral("checkpoint %1 holds no run config").arg(path);
        return false;
    }
    *configJson = QByteArray::fromStdString(config.toStringRef());
    return true;
}

bool checkpointFits(const QString &path, const model::VisionTransformer &model, QString *error,
                    const CheckpointTrust &trust)
{
    torch::serialize::InputArchive archive;
    if (!openArchive(path, trust, archive, error, nullptr))
        return false;
    try {
        torch::serialize::InputArchive weights;
        archive.read("model", weights);
        const QStringList problems = mismatches(readTensors(weights), namedWeights(*model));
        if (problems.isEmpty())
            return true;
        *error = QStringLiteral("checkpoint %1 does not fit the model of this config (%2 differences): %3")
                     .arg(path)
                     .arg(problems.size())
                     .arg(mismatchText(problems));
    } catch (const std::exception &e) {
        *error = QStringLiteral("checkpoint %1 cannot be loaded: %2")
                     .arg(path, QString::fromStdString(e.what()).section('\n', 0, 0));
    }
    return false;
}

bool loadCheckpoint(const QString &path, model::VisionTransformer &model, torch::optim::Optimizer *optimizer,
                    WeightEma *ema, TrainState *state, QString *error, const CheckpointTrust &trust,
                    CheckpointCheck *check)
{
    torch::serialize::InputArchive archive;
    if (!openArchive(path, trust, archive, error, check))
        return false;
    try {
        torch::serialize::InputArchive weights;
        archive.read("model", weights);
        auto stored = readTensors(weights);
        const auto live = namedWeights(*model);
        if (const QStringList problems = mismatches(stored, live); !problems.isEmpty()) {
            *error = QStringLiteral("checkpoint %1 does not fit the model: %2").arg(path, mismatchText(problems));
            return false;
        }
        TrainState loaded;
        std::vector<torch::Tensor> averages;
        torch::serialize::InputArchive s;
        const bool haveState = archive.try_read("state", s);
        if (state) {
            if (!haveState) {
                *error = QStringLiteral("checkpoint %1 holds weights only, no training state to resume").arg(path);
                return false;
            }
            readScalar(s, "step", &loaded.step);
            readScalar(s, "best_top1", &loaded.bestTop1);
            readScalar(s, "best_step", &loaded.bestStep);
            readScalar(s, "train_seconds", &loaded.trainSeconds);
            readScalar(s, "window_loss", &loaded.window.loss);
            readScalar(s, "window_grad_norm", &loaded.window.gradNorm);
            readScalar(s, "window_diversity", &loaded.window.diversity);
            readScalar(s, "window_steps", &loaded.window.steps);
            readScalar(s, "window_images", &loaded.window.images);
            readScalar(s, "window_seconds", &loaded.window.seconds);
            readScalar(s, "ema_updates", &loaded.emaUpdates);
            s.try_read("cpu_rng", loaded.cpuRngState);
        }
        if (ema && ema->enabled()) {
            torch::serialize::InputArchive a;
            if (archive.try_read("ema", a)) {
                auto avg = readTensors(a);
                for (const auto &[name, tensor] : live)
                    averages.push_back(avg.count(name) ? avg[name] : tensor.detach().clone());
            }
        }
        // Everything read and checked: now change the model, optimiser and averages.
        {
            torch::NoGradGuard noGrad;
            for (const auto &[name, tensor] : live)
                tensor.detach().copy_(stored[name]);
        }
        if (optimizer) {
            torch::serialize::InputArchive opt;
            if (!archive.try_read("optimizer", opt)) {
                *error = QStringLiteral("checkpoint %1 holds no optimiser state to resume").arg(path);
                return false;
            }
            optimizer->load(opt);
        }
        if (ema && ema->enabled() && !averages.empty())
            ema->restore(averages, loaded.emaUpdates);
        if (state)
            *state = loaded;
    } catch (const std::exception &e) {
        *error = QStringLiteral("checkpoint %1 cannot be loaded: %2")
                     .arg(path, QString::fromStdString(e.what()).section('\n', 0, 0));
        return false;
    }
    return true;
}

} // namespace gatefold::train
