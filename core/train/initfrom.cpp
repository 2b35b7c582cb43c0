#include "initfrom.h"

#include "checkpointreader.h"

#include "model/posembedresample.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <torch/torch.h>

#include <cmath>

namespace gatefold::train {
namespace {

constexpr char kPosEmbed[] = "pos_embed";
constexpr char kPatchWeight[] = "patch_embed.proj.weight";
constexpr qsizetype kTensorsNamed = 6;  // a model of another width differs in every tensor: the first few

std::vector<int64_t> shapeOf(const torch::Tensor &t)
{
    return t.sizes().vec();
}

QString shapeText(const std::vector<int64_t> &shape)
{
    return QString::fromStdString(c10::str(c10::IntArrayRef(shape)));
}

QString tensorName(const std::string &name)
{
    return QString::fromStdString(name);
}

// The grids of a checkpoint's pos_embed and the model's, when the checkpoint's holds the model's
// prefix tokens (class token) and a square grid of the same width; nullopt otherwise.
struct PosEmbedGrids {
    model::TokenGridSize from;
    model::TokenGridSize to;
    int prefix = 0;
};
std::optional<PosEmbedGrids> posEmbedGrids(const torch::Tensor &stored, const torch::Tensor &live,
                                           const model::VisionTransformerImpl &model)
{
    if (stored.dim() != 3 || live.dim() != 3 || stored.size(0) != 1 || stored.size(2) != live.size(2))
        return std::nullopt;
    const int prefix = model.cls_token.defined() ? 1 : 0;
    const int64_t patches = stored.size(1) - prefix;
    const auto side = int(std::lround(std::sqrt(double(std::max<int64_t>(patches, 0)))));
    if (patches < 1 || int64_t(side) * side != patches)
        return std::nullopt;
    const int grid = model.config().gridSize();
    if (int64_t(grid) * grid + prefix != live.size(1))
        return std::nullopt;
    return PosEmbedGrids{{side, side}, {grid, grid}, prefix};
}

// A head for another label set: the same width, another number of classes.
bool otherLabelSet(const std::string &name, const torch::Tensor &stored, const torch::Tensor &live)
{
    if (name == "head.weight")
        return stored.dim() == 2 && live.dim() == 2 && stored.size(1) == live.size(1);
    return name == "head.bias" && stored.dim() == 1 && live.dim() == 1;
}

// The patch embedding of another channel count: refused, with the way out.
QString channelRefusal(const torch::Tensor &stored, const torch::Tensor &live)
{
    if (stored.dim() != 4 || live.dim() != 4 || stored.size(0) != live.size(0) || stored.size(2) != live.size(2)
        || stored.size(3) != live.size(3))
        return {};
    return QStringLiteral("%1 has shape %2 in the checkpoint, %3 in the model: the checkpoint takes %4-channel "
                          "images, this model %5 (in_chans); set in_chans=%4 and data.channels=%4 (the images are "
                          "then converted: grey repeated as RGB, or RGB to grey) to start from it")
        .arg(QString::fromLatin1(kPatchWeight), shapeText(shapeOf(stored)), shapeText(shapeOf(live)))
        .arg(stored.size(1))
        .arg(live.size(1));
}

// The change for a tensor whose shape differs, when it is one that may differ.
std::optional<InitChange> adapted(const std::string &name, const torch::Tensor &stored, const torch::Tensor &live,
                                  const model::VisionTransformerImpl &model)
{
    InitChange change{name, InitChangeKind::Resampled, shapeOf(stored), shapeOf(live), {}};
    if (name == kPosEmbed) {
        const auto grids = posEmbedGrids(stored, live, model);
        if (!grids)
            return std::nullopt;
        change.reason = QStringLiteral("%1x%2 patch grid resampled to %3x%4 (img_size %5 / patch_size %6), "
                                       "bicubic, antialiased; %7")
                            .arg(grids->from.rows)
                            .arg(grids->from.cols)
                            .arg(grids->to.rows)
                            .arg(grids->to.cols)
                            .arg(model.config().imageSize)
                            .arg(model.config().patchSize)
                            .arg(grids->prefix > 0 ? QStringLiteral("the class token's embedding kept as it is")
                                                   : QStringLiteral("no class token"));
        return change;
    }
    if (otherLabelSet(name, stored, live)) {
        change.kind = InitChangeKind::Reinitialised;
        change.reason = QStringLiteral("%1 classes in the checkpoint, %2 in the model (num_classes): a new head, "
                                       "initialised as a fresh model's")
                            .arg(stored.size(0))
                            .arg(live.size(0));
        return change;
    }
    return std::nullopt;
}

// "(N differences; …): the first tensors, one by one; and M more", the channel count's way out first.
QString refusalText(const QStringList &tensors, const QString &channels)
{
    QStringList parts;
    if (!channels.isEmpty())
        parts << channels;
    if (!tensors.isEmpty()) {
        QString listed = tensors.mid(0, kTensorsNamed).join(QStringLiteral("; "));
        if (tensors.size() > kTensorsNamed)
            listed += QStringLiteral("; and %1 more").arg(tensors.size() - kTensorsNamed);
        parts << QStringLiteral("%1 differences (only img_size and num_classes may differ): %2")
                     .arg(tensors.size())
                     .arg(listed);
    }
    return parts.join(QStringLiteral("; "));
}

} // namespace

QString initChangeName(InitChangeKind kind)
{
    switch (kind) {
    case InitChangeKind::Resampled:
        return QStringLiteral("resampled");
    case InitChangeKind::Reinitialised:
        return QStringLiteral("reinitialised");
    case InitChangeKind::Skipped:
        return QStringLiteral("skipped");
    }
    return {};
}

QStringList InitFromPlan::logLines() const
{
    QStringList lines;
    lines << QStringLiteral("init.from: %1 tensor(s) copied, %2 changed").arg(copied).arg(changes.size());
    for (const InitChange &c : changes)
        lines << QStringLiteral("init.from: %1 %2 (checkpoint %3, model %4): %5")
                     .arg(tensorName(c.tensor), initChangeName(c.kind),
                          c.checkpointShape.empty() ? QStringLiteral("none") : shapeText(c.checkpointShape),
                          c.modelShape.empty() ? QStringLiteral("none") : shapeText(c.modelShape), c.reason);
    return lines;
}

QByteArray InitFromPlan::toJson() const
{
    auto shapeJson = [](const std::vector<int64_t> &shape) {
        QJsonArray a;
        for (const int64_t n : shape)
            a.append(qint64(n));
        return a;
    };
    QJsonArray list;
    for (const InitChange &c : changes)
        list.append(QJsonObject{{"tensor", tensorName(c.tensor)},
                                {"change", initChangeName(c.kind)},
                                {"checkpoint_shape", shapeJson(c.checkpointShape)},
                                {"model_shape", shapeJson(c.modelShape)},
                                {"reason", c.reason}});
    return QJsonDocument(QJsonObject{{"copied", copied}, {"changes", list}}).toJson(QJsonDocument::Compact);
}

std::optional<InitFromPlan> planInitFrom(const std::map<std::string, torch::Tensor> &stored,
                                         const model::VisionTransformer &model, QString *error)
{
    InitFromPlan plan;
    QStringList tensors;
    QString channels;
    const auto live = namedWeights(*model);
    for (const auto &[name, tensor] : live) {
        const auto found = stored.find(name);
        if (found == stored.end()) {
            if (name == kPosEmbed)  // a checkpoint of a model without learned position embeddings (pos.kind)
                plan.changes.push_back({name, InitChangeKind::Reinitialised, {}, shapeOf(tensor),
                                        QStringLiteral("the checkpoint has no learned position embeddings; the "
                                                       "model's own initialisation is kept")});
            else
                tensors << QStringLiteral("%1 is not in the checkpoint (%2 in the model)")
                               .arg(tensorName(name), shapeText(shapeOf(tensor)));
        } else if (found->second.sizes() == tensor.sizes()) {
            ++plan.copied;
        } else if (auto change = adapted(name, found->second, tensor, *model)) {
            plan.changes.push_back(*change);
        } else if (name == kPatchWeight && !(channels = channelRefusal(found->second, tensor)).isEmpty()) {
            continue;
        } else {
            tensors << QStringLiteral("%1 has shape %2 in the checkpoint, %3 in the model")
                           .arg(tensorName(name), shapeText(shapeOf(found->second)), shapeText(shapeOf(tensor)));
        }
    }
    for (const auto &[name, tensor] : stored) {
        const std::string &key = name;  // clang 14 lambdas cannot capture structured bindings
        if (std::any_of(live.begin(), live.end(), [&](const auto &l) { return l.first == key; }))
            continue;
        if (key == kPosEmbed)
            plan.changes.push_back({key, InitChangeKind::Skipped, shapeOf(tensor), {},
                                    QStringLiteral("the model has no learned position embeddings")});
        else
            tensors << QStringLiteral("%1 (%2 in the checkpoint) is not in the model")
                           .arg(tensorName(key), shapeText(shapeOf(tensor)));
    }
    if (tensors.isEmpty() && channels.isEmpty())
        return plan;
    *error = refusalText(tensors, channels);
    return std::nullopt;
}

std::optional<InitFromPlan> checkInitFrom(const QString &path, const model::VisionTransformer &model, QString *error,
                                          const CheckpointTrust &trust)
{
    const auto stored = readCheckpointWeights(path, error, trust);
    if (!stored)
        return std::nullopt;
    QString why;
    auto plan = planInitFrom(*stored, model, &why);
    if (!plan)
        *error = QStringLiteral("checkpoint %1 does not fit the model of this config: %2").arg(path, why);
    return plan;
}

bool loadInitFrom(const QString &path, model::VisionTransformer &model, const CheckpointTrust &trust,
                  InitFromPlan *plan, QString *error, CheckpointCheck *check)
{
    const auto stored = readCheckpointWeights(path, error, trust, check);
    if (!stored)
        return false;
    QString why;
    const auto planned = planInitFrom(*stored, model, &why);
    if (!planned) {
        *error = QStringLiteral("checkpoint %1 does not fit the model of this config: %2").arg(path, why);
        return false;
    }
    // Every value computed first, then the model changed: nothing changes on a failure.
    std::vector<std::pair<torch::Tensor, torch::Tensor>> writes;  // (model tensor, its new value)
    try {
        torch::NoGradGuard noGrad;
        for (const auto &[name, tensor] : namedWeights(*model)) {
            const auto found = stored->find(name);
            if (found == stored->end())
                continue;  // kept as initialised (the plan says so)
            if (found->second.sizes() == tensor.sizes())
                writes.emplace_back(tensor, found->second);
            else if (const auto grids = posEmbedGrids(found->second, tensor, *model); name == kPosEmbed && grids)
                writes.emplace_back(tensor,
                                    model::resamplePosEmbed(found->second, grids->from, grids->to, grids->prefix));
        }
    } catch (const std::exception &e) {
        *error = QStringLiteral("checkpoint %1 cannot be loaded: %2")
                     .arg(path, QString::fromStdString(e.what()).section('\n', 0, 0));
        return false;
    }
    {
        torch::NoGradGuard noGrad;
        for (auto &[tensor, value] : writes)
            tensor.detach().copy_(value);
    }
    *plan = *planned;
    return true;
}

} // namespace gatefold::train
