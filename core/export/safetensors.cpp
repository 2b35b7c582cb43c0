#include "safetensors.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>

#include <algorithm>
#include <limits>
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
    if (n > quint64(bytes.size() - 8))
        return fail(QStringLiteral("header length %1 runs past the end of the file").arg(n));
    QJsonParseError parseError;
    const auto doc = QJsonDocument::fromJson(bytes.mid(8, qsizetype(n)), &parseError);
    if (!doc.isObject())
        return fail(QStringLiteral("header is not a JSON object: %1").arg(parseError.errorString()));
    const char *data = bytes.constData() + 8 + n;
    const qint64 dataSize = bytes.size() - 8 - qint64(n);
    std::vector<std::pair<qint64, NamedTensor>> found;
    const QJsonObject header = doc.object();
    for (auto it = header.begin(); it != header.end(); ++it) {
        if (it.key() == QLatin1String("__metadata__"))
            continue;
        const QJsonObject entry = it.value().toObject();
        if (entry.value("dtype").toString() != QLatin1String("F32"))
            return fail(QStringLiteral("%1 has dtype %2, only F32 is read").arg(it.key(), entry.value("dtype").toString()));
        NamedTensor t;
        t.name = it.key().toStdString();
        // Each dimension a whole number >= 0, and no more elements than the file's data holds
        // (fuzz_safetensors: [0, 1, -2] passed as an empty tensor; a huge shape overflows numel()).
        // A zero dimension makes the tensor empty whatever the others are; the product of the
        // others must still fit in 64 bits (numel() multiplies them all).
        qint64 nonZero = 1;
        bool empty = false;
        for (const auto &s : entry.value("shape").toArray()) {
            const qint64 dim = s.isDouble() ? s.toInteger(-1) : -1;
            if (dim < 0)
                return fail(QStringLiteral("%1 has a bad shape: each dimension must be a whole number from 0 up")
                                .arg(it.key()));
            if (dim > 0 && nonZero > std::numeric_limits<qint64>::max() / dim)
                return fail(QStringLiteral("%1 has a bad shape: far more elements than any file holds").arg(it.key()));
            empty = empty || dim == 0;
            nonZero *= dim > 0 ? dim : 1;
            t.shape.push_back(dim);
        }
        if (!empty && nonZero > dataSize / 4)
            return fail(QStringLiteral("%1 has a bad shape: it holds more elements than the file has data").arg(it.key()));
        const QJsonArray range = entry.value("data_offsets").toArray();
        const qint64 begin = range.at(0).toInteger(-1), end = range.at(1).toInteger(-1);
        if (range.size() != 2 || begin < 0 || end < begin || end > dataSize || (end - begin) != t.numel() * 4)
            return fail(QStringLiteral("%1 has bad data_offsets for its shape").arg(it.key()));
        t.data.resize(size_t(t.numel()));
        for (size_t i = 0; i < t.data.size(); ++i)
            t.data[i] = qFromLittleEndian<float>(data + begin + qint64(i) * 4);
        found.emplace_back(begin, std::move(t));
    }
    std::sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<NamedTensor> out;
    for (auto &[begin, t] : found)
        out.push_back(std::move(t));
    return out;
}

} // namespace gatefold::exporting
