#include "teacherexport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <torch/torch.h>

#include <cstring>
#include <map>

namespace gatefold::train {
namespace {

QString weightsFile(const QString &source)
{
    return QFileInfo(source).isDir() ? QDir(source).filePath(QStringLiteral("model.safetensors")) : source;
}

std::optional<QJsonObject> readJsonObject(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    QJsonParseError parse;
    const auto doc = QJsonDocument::fromJson(f.readAll(), &parse);
    if (!doc.isObject()) {
        *error = QStringLiteral("%1 is not a JSON object (%2)").arg(path, parse.errorString());
        return std::nullopt;
    }
    return doc.object();
}

// The safetensors file's float32 tensors by name (8-byte little-endian header length, JSON header, data).
std::optional<std::map<std::string, torch::Tensor>> readSafetensors(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    const QByteArray bytes = f.readAll();
    quint64 headerSize = 0;
    if (bytes.size() >= 8)
        std::memcpy(&headerSize, bytes.constData(), 8);
    if (bytes.size() < 8 || headerSize > quint64(bytes.size() - 8)) {
        *error = QStringLiteral("%1 is not a safetensors file (its header is cut short)").arg(path);
        return std::nullopt;
    }
    const auto header = QJsonDocument::fromJson(bytes.mid(8, qsizetype(headerSize))).object();
    const qsizetype base = 8 + qsizetype(headerSize);
    std::map<std::string, torch::Tensor> out;
    for (auto it = header.begin(); it != header.end(); ++it) {
        if (it.key() == QLatin1String("__metadata__"))
            continue;
        const QJsonObject t = it.value().toObject();
        std::vector<std::int64_t> shape;
        for (const auto &s : t.value("shape").toArray())
            shape.push_back(s.toInteger());
        const auto offsets = t.value("data_offsets").toArray();
        const qint64 begin = offsets.at(0).toInteger(), end = offsets.at(1).toInteger();
        std::int64_t numel = 1;
        for (auto s : shape)
            numel *= s;
        if (t.value("dtype").toString() != QLatin1String("F32") || begin < 0 || end < begin
            || base + end > bytes.size() || (end - begin) != numel * 4) {
            *error = QStringLiteral("%1: tensor %2 is not float32 data inside the file").arg(path, it.key());
            return std::nullopt;
        }
        out[it.key().toStdString()] =
            torch::from_blob(const_cast<char *>(bytes.constData() + base + begin), shape, torch::kFloat32).clone();
    }
    return out;
}

} // namespace

std::optional<model::ViTConfig> exportModelConfig(const QString &source, QString *error)
{
    const QString configPath = QFileInfo(weightsFile(source)).dir().filePath(QStringLiteral("config.json"));
    const auto o = readJsonObject(configPath, error);
    if (!o)
        return std::nullopt;
    if (o->value("architecture").toString() != QLatin1String("vit") || !o->value("timm_shaped").toBool()
        || o->contains("gate") || o->value("gatefold").toObject().value("absorb_norms").toBool()) {
        *error = QStringLiteral("%1 describes a wide-folded, gated or norm-absorbed export, which cannot be rebuilt "
                                "as a teacher; distil from its run (RUN:best) or its checkpoint file instead")
                     .arg(configPath);
        return std::nullopt;
    }
    model::ViTConfig c;
    c.imageSize = o->value("img_size").toInt();
    c.patchSize = o->value("patch_size").toInt();
    c.inChannels = o->value("in_chans").toInt();
    c.numClasses = o->value("num_classes").toInt();
    c.embedDim = o->value("embed_dim").toInt();
    c.depth = o->value("depth").toInt();
    c.numHeads = o->value("num_heads").toInt();
    c.mlpRatio = o->value("mlp_ratio").toDouble();
    c.qkvBias = o->value("qkv_bias").toBool();
    c.pooling = o->value("class_token").toBool() ? model::Pooling::ClassToken : model::Pooling::Average;
    c.join.branches = 1;
    c.gate.kind = model::GateKind::None;
    return c;
}

std::optional<model::VisionTransformer> loadExportTeacher(const QString &source, QString *error)
{
    const auto config = exportModelConfig(source, error);
    if (!config)
        return std::nullopt;
    std::string why;
    auto teacher = model::buildModel(*config, &why);
    if (!teacher) {
        *error = QStringLiteral("the export's config.json: %1").arg(QString::fromStdString(why));
        return std::nullopt;
    }
    const auto tensors = readSafetensors(weightsFile(source), error);
    if (!tensors)
        return std::nullopt;
    torch::NoGradGuard noGrad;
    const auto params = (*teacher)->named_parameters();
    for (const auto &item : params) {
        const auto found = tensors->find(item.key());
        if (found == tensors->end() || found->second.sizes() != item.value().sizes()) {
            *error = QStringLiteral("the export has no tensor %1 of shape %2 that the teacher needs")
                         .arg(QString::fromStdString(item.key()),
                              QString::fromStdString(c10::str(item.value().sizes())));
            return std::nullopt;
        }
        item.value().copy_(found->second);
    }
    if (tensors->size() != params.size()) {
        *error = QStringLiteral("the export holds %1 tensors, the teacher model %2").arg(tensors->size()).arg(params.size());
        return std::nullopt;
    }
    return teacher;
}

} // namespace gatefold::train
