#include "safetensors.h"

#include "json/strictjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>

#include <algorithm>
#include <limits>
#include <optional>
#include <cstring>

namespace gatefold::exporting {

QByteArray encodeSafetensors(const std::vector<NamedTensor> &tensors,
                             const std::vector<std::pair<QString, QString>> &metadata)
{
    QJsonObject header;
    qint64 offset = 0;
    for (const auto &t : tensors) {
        QJsonArray shape;
        for (auto s : t.shape)
            shape.append(qint64(s));
        const qint64 bytes = qint64(t.data.size()) * 4;
        header.insert(QString::fromStdString(t.name),
                      QJsonObject{{"dtype", "F32"}, {"shape", shape}, {"data_offsets", QJsonArray{offset, offset + bytes}}});
        offset += bytes;
    }
    if (!metadata.empty()) {
        QJsonObject meta;
        for (const auto &[key, value] : metadata)
            meta.insert(key, value);
        header.insert(QStringLiteral("__metadata__"), meta);
    }
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    while (json.size() % 8 != 0)
        json.append(' ');
    QByteArray out(8, '\0');
    qToLittleEndian<quint64>(quint64(json.size()), out.data());
    out.append(json);
    out.reserve(out.size() + offset);
    for (const auto &t : tensors)
        for (float v : t.data) {
            char le[4];
            qToLittleEndian<float>(v, le);
            out.append(le, 4);
        }
    return out;
}

namespace {

// A whole number >= 0 from a JSON value, or nothing.
std::optional<qint64> count(const QJsonValue &v)
{
    constexpr qint64 none = -1;
    const qint64 n = v.isDouble() ? v.toInteger(none) : none;
    return n >= 0 ? std::optional<qint64>(n) : std::nullopt;
}

// One header entry and its data: nullopt with the reason when the entry or its data_offsets are wrong.
std::optional<NamedTensor> readTensor(const QString &key, const QJsonValue &value, const char *data, qint64 dataSize,
                                      std::pair<qint64, qint64> *range, QString *why)
{
    auto fail = [why](const QString &reason) {
        *why = reason;
        return std::nullopt;
    };
    const QString name = json::quoteForMessage(key);
    if (!value.isObject())
        return fail(QStringLiteral("tensor %1 is %2, not an object").arg(name, json::describeJsonType(value)));
    const QJsonObject entry = value.toObject();
    for (auto k = entry.begin(); k != entry.end(); ++k)
        if (k.key() != QLatin1String("dtype") && k.key() != QLatin1String("shape")
            && k.key() != QLatin1String("data_offsets"))
            return fail(QStringLiteral("tensor %1 has an unknown entry %2").arg(name, json::quoteForMessage(k.key())));
    if (entry.value("dtype").toString() != QLatin1String("F32"))
        return fail(QStringLiteral("tensor %1 has dtype %2, only F32 is read")
                        .arg(name, json::describeJsonType(entry.value("dtype"))));
    NamedTensor t;
    t.name = key.toStdString();
    qint64 elements = 1;
    if (!entry.value("shape").isArray())
        return fail(QStringLiteral("tensor %1 has no shape list").arg(name));
    for (const auto &s : entry.value("shape").toArray()) {
        const auto dim = count(s);
        if (!dim)
            return fail(QStringLiteral("tensor %1 has a shape entry that is %2, not a whole number >= 0")
                            .arg(name, json::describeJsonType(s)));
        if (*dim > 0 && elements > (dataSize / 4) / *dim)  // before the product can overflow
            return fail(QStringLiteral("tensor %1 has a shape that needs more data than the file holds").arg(name));
        t.shape.push_back(*dim);
        elements *= *dim;
    }
    const QJsonArray offsets = entry.value("data_offsets").toArray();
    constexpr qint64 none = -1;
    const qint64 begin = offsets.size() == 2 ? count(offsets.at(0)).value_or(none) : none;
    const qint64 end = offsets.size() == 2 ? count(offsets.at(1)).value_or(none) : none;
    if (begin == none || end == none || end < begin || end > dataSize || (end - begin) != elements * 4)
        return fail(QStringLiteral("tensor %1 has bad data_offsets for its shape").arg(name));
    t.data.resize(size_t(elements));
    for (size_t i = 0; i < t.data.size(); ++i)
        t.data[i] = qFromLittleEndian<float>(data + begin + qint64(i) * 4);
    *range = {begin, end};
    return t;
}

// The format leaves no holes and no overlaps: the ranges tile the data exactly.
bool tilesData(std::vector<std::pair<qint64, qint64>> ranges, qint64 dataSize, QString *why)
{
    std::sort(ranges.begin(), ranges.end());
    qint64 covered = 0;
    for (const auto &[b, e] : ranges) {
        if (b != covered) {
            *why = QStringLiteral("the tensors' data overlap or leave a gap at byte %1").arg(std::min(b, covered));
            return false;
        }
        covered = e;
    }
    if (covered != dataSize) {
        *why = QStringLiteral("%1 bytes after the last tensor's data").arg(dataSize - covered);
        return false;
    }
    return true;
}

} // namespace

std::optional<std::vector<NamedTensor>> decodeSafetensors(const QByteArray &bytes, QString *error)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (bytes.size() < 8)
        return fail(QStringLiteral("shorter than the 8-byte header length"));
    const quint64 n = qFromLittleEndian<quint64>(bytes.constData());
    if (n == 0 || n > quint64(bytes.size() - 8))
        return fail(QStringLiteral("header length %1 runs past the end of the file (%2 bytes)").arg(n).arg(bytes.size()));
    QString why;
    const auto doc = json::StrictJson::parse(bytes.mid(8, qsizetype(n)), &why);
    if (!doc)
        return fail(QStringLiteral("the header is not valid JSON: %1").arg(why));
    if (!doc->root().isObject())
        return fail(QStringLiteral("the header is %1, not a JSON object").arg(json::describeJsonType(doc->root())));
    const char *data = bytes.constData() + 8 + n;
    const qint64 dataSize = bytes.size() - 8 - qint64(n);
    std::vector<std::pair<qint64, NamedTensor>> found;
    std::vector<std::pair<qint64, qint64>> ranges;
    const QJsonObject header = doc->root().toObject();
    for (auto it = header.begin(); it != header.end(); ++it) {
        if (it.key() == QLatin1String("__metadata__")) {
            const QJsonObject meta = it.value().toObject();
            if (!it.value().isObject() || std::any_of(meta.begin(), meta.end(), [](const QJsonValue &v) { return !v.isString(); }))
                return fail(QStringLiteral("__metadata__ must be an object of texts"));
            continue;
        }
        std::pair<qint64, qint64> range;
        auto t = readTensor(it.key(), it.value(), data, dataSize, &range, &why);
        if (!t)
            return fail(why);
        ranges.push_back(range);
        found.emplace_back(range.first, std::move(*t));
    }
    if (!tilesData(ranges, dataSize, &why))
        return fail(why);
    std::sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<NamedTensor> out;
    for (auto &[begin, t] : found)
        out.push_back(std::move(t));
    return out;
}

} // namespace gatefold::exporting
