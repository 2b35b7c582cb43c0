#include "checkpoint.h"

#include "checkpointseal.h"
#include "dictcheckpoint.h"
#include "durablefile.h"
#include "config/resourceestimate.h"
#include "legacycheckpoint.h"
#include "testkillpoint.h"

#include "files/userfile.h"
#include "model/picklearchive.h"

#include <QCryptographicHash>
#include <QFile>

#include <torch/torch.h>

#include <algorithm>
#include <limits>
#include <map>

namespace gatefold::train {
namespace {

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
    } else if (!seal.present && (bytes.contains(kCheckpointFormat) || bytes.contains(kLegacySealedFormat))) {
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

// The reader of the checkpoint at `path`, once its bytes pass their check; nullptr with why not in
// `error`. What the zip holds says which format it is: a pickled dict (written now) or a
// TorchScript module archive (older versions).
std::unique_ptr<CheckpointReader> openCheckpoint(const QString &path, const CheckpointTrust &trust, QString *error,
                                                 CheckpointCheck *check)
{
    CheckpointCheck local;
    CheckpointCheck &verdict = check ? *check : local;
    const QByteArray bytes = readChecked(path, trust, &verdict);
    if (!verdict.usable()) {
        *error = verdict.state == CheckpointState::Modified ? verdict.problem + QStringLiteral("; ") + checkpointAdvice()
                                                            : verdict.problem;
        return nullptr;
    }
    std::unique_ptr<CheckpointReader> reader;
    std::string why;
    try {
        if (model::archiveContent(bytes.constData(), size_t(bytes.size())) == model::ArchiveContent::PickledValue)
            reader = DictCheckpoint::read(bytes.constData(), size_t(bytes.size()), &why);
        else
            reader = LegacyCheckpoint::read(bytes, verdict.state != CheckpointState::Accepted, &why);
    } catch (const std::exception &e) {
        *error = QStringLiteral("checkpoint %1 cannot be read (damaged or not a checkpoint): %2")
                     .arg(path, QString::fromStdString(e.what()).section('\n', 0, 0));
        return nullptr;
    }
    if (!reader)
        *error = QStringLiteral("%1 is not a Gatefold checkpoint: %2").arg(path, QString::fromStdString(why));
    return reader;
}

// The weight averages for `live`, in its order (a weight without a stored average starts from
// itself); empty when the checkpoint holds none.
std::vector<torch::Tensor> averagesFor(const std::map<std::string, torch::Tensor> &stored,
                                       const std::vector<std::pair<std::string, torch::Tensor>> &live)
{
    std::vector<torch::Tensor> averages;
    if (stored.empty())
        return averages;
    for (const auto &[name, tensor] : live) {
        const auto found = stored.find(name);
        if (found == stored.end()) {
            averages.push_back(tensor.detach().clone());
        } else if (found->second.sizes() != tensor.sizes()) {
            throw std::runtime_error("the weight average of " + name + " has shape " + c10::str(found->second.sizes())
                                     + ", the model " + c10::str(tensor.sizes()));
        } else {
            averages.push_back(found->second);
        }
    }
    return averages;
}

// loadCheckpoint on an opened checkpoint: every part read and checked, then applied. Throws
// std::exception where the contents are damaged.
bool loadFrom(const CheckpointReader &reader, const QString &path, model::VisionTransformer &model,
              torch::optim::Optimizer *optimizer, WeightEma *ema, TrainState *state, QString *error)
{
    const auto stored = reader.weights();
    const auto live = namedWeights(*model);
    if (const QStringList problems = mismatches(stored, live); !problems.isEmpty()) {
        *error = QStringLiteral("checkpoint %1 does not fit the model: %2").arg(path, mismatchText(problems));
        return false;
    }
    const bool averaged = ema && ema->enabled();
    const std::optional<TrainState> loaded = state || averaged ? reader.state() : std::nullopt;
    if (state && !loaded) {
        *error = QStringLiteral("checkpoint %1 holds weights only, no training state to resume").arg(path);
        return false;
    }
    const auto averages = averaged ? averagesFor(reader.averages(), live) : std::vector<torch::Tensor>();
    std::function<void()> restoreOptimizer;
    if (optimizer) {
        QString problem;
        restoreOptimizer = reader.optimizerRestore(*optimizer, *model, &problem);
        if (!restoreOptimizer) {
            *error = QStringLiteral("checkpoint %1 %2").arg(path, problem);
            return false;
        }
    }
    // Everything read and checked: now change the model, optimiser and averages.
    {
        torch::NoGradGuard noGrad;
        for (const auto &[name, tensor] : live)
            tensor.detach().copy_(stored.at(name));
    }
    if (restoreOptimizer)
        restoreOptimizer();
    if (!averages.empty())
        ema->restore(averages, loaded ? loaded->emaUpdates : 0);
    if (state)
        *state = *loaded;
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
    std::string data;
    try {
        data = encodeCheckpoint(configJson, model, optimizer, ema, state);
    } catch (const std::exception &e) {
        *error = QStringLiteral("cannot serialise the checkpoint: %1").arg(QString::fromStdString(e.what()));
        return false;
    }
    if (!sealCheckpoint(data)) {
        *error = QStringLiteral("cannot seal the checkpoint: LibTorch wrote an archive without the expected zip end "
                                "record");
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
    const auto reader = openCheckpoint(path, trust, error, nullptr);
    if (!reader)
        return false;
    try {
        *configJson = reader->config();
    } catch (const std::exception &e) {
        *error = QStringLiteral("checkpoint %1 cannot be read: %2")
                     .arg(path, QString::fromStdString(e.what()).section('\n', 0, 0));
        return false;
    }
    if (configJson->isEmpty()) {
        *error = QStringLiteral("checkpoint %1 holds no run config").arg(path);
        return false;
    }
    return true;
}

bool checkpointFits(const QString &path, const model::VisionTransformer &model, QString *error,
                    const CheckpointTrust &trust)
{
    const auto reader = openCheckpoint(path, trust, error, nullptr);
    if (!reader)
        return false;
    try {
        const QStringList problems = mismatches(reader->weights(), namedWeights(*model));
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

std::optional<std::map<std::string, torch::Tensor>> readCheckpointWeights(const QString &path, QString *error,
                                                                         const CheckpointTrust &trust,
                                                                         CheckpointCheck *check)
{
    const auto reader = openCheckpoint(path, trust, error, check);
    if (!reader)
        return std::nullopt;
    try {
        return reader->weights();
    } catch (const std::exception &e) {
        *error = QStringLiteral("checkpoint %1 cannot be loaded: %2")
                     .arg(path, QString::fromStdString(e.what()).section('\n', 0, 0));
        return std::nullopt;
    }
}

bool loadCheckpoint(const QString &path, model::VisionTransformer &model, torch::optim::Optimizer *optimizer,
                    WeightEma *ema, TrainState *state, QString *error, const CheckpointTrust &trust,
                    CheckpointCheck *check)
{
    const auto reader = openCheckpoint(path, trust, error, check);
    if (!reader)
        return false;
    try {
        return loadFrom(*reader, path, model, optimizer, ema, state, error);
    } catch (const std::exception &e) {
        *error = QStringLiteral("checkpoint %1 cannot be loaded: %2")
                     .arg(path, QString::fromStdString(e.what()).section('\n', 0, 0));
        return false;
    }
}

} // namespace gatefold::train
