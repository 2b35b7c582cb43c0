#include "engineinfo.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace gatefold::launch {
namespace {

std::optional<EngineDevice> deviceFrom(const QJsonValue &value)
{
    const QJsonObject o = value.toObject();
    EngineDevice device;
    device.kind = o.value("kind").toString();
    if (device.kind == QLatin1String("cpu") && o.value("threads").isDouble() && o.value("threads").toInt() > 0) {
        device.threads = o.value("threads").toInt();
        return device;
    }
    if (device.kind == QLatin1String("cuda") && o.value("index").isDouble() && o.value("index").toInt() >= 0) {
        device.index = o.value("index").toInt();
        return device;
    }
    return std::nullopt;
}

} // namespace

QStringList EngineInfo::deviceNames() const
{
    QStringList names;
    for (const EngineDevice &d : devices)
        names << (d.kind == QLatin1String("cpu")
                      ? QCoreApplication::translate("EngineInfo", "cpu (%n thread(s))", nullptr, d.threads)
                      : QStringLiteral("%1:%2").arg(d.kind).arg(d.index));
    return names;
}

QByteArray engineInfoJson(const EngineInfo &info)
{
    QJsonArray devices;
    for (const EngineDevice &d : info.devices)
        devices.append(d.kind == QLatin1String("cpu") ? QJsonObject{{"kind", d.kind}, {"threads", d.threads}}
                                                       : QJsonObject{{"kind", d.kind}, {"index", d.index}});
    return QJsonDocument(QJsonObject{{"gatefold", info.gatefold},
                                     {"libtorch", info.libtorch},
                                     {"qt", info.qt},
                                     {"devices", devices}})
        .toJson(QJsonDocument::Compact);
}

std::optional<EngineInfo> engineInfoFromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(json.trimmed(), &parse);
    const QJsonObject o = doc.object();
    EngineInfo info;
    info.gatefold = o.value("gatefold").toString();
    info.libtorch = o.value("libtorch").toString();
    info.qt = o.value("qt").toString();
    const QJsonArray devices = o.value("devices").toArray();
    for (const QJsonValue &value : devices)
        if (const auto device = deviceFrom(value))
            info.devices << *device;
    if (parse.error != QJsonParseError::NoError || !doc.isObject() || info.gatefold.isEmpty()
        || info.libtorch.isEmpty() || info.qt.isEmpty() || info.devices.size() != devices.size()) {
        if (error)
            *error = QCoreApplication::translate("EngineInfo", "its answer is not the JSON of gatefold-cli --version "
                                                               "--json: %1")
                         .arg(QString::fromUtf8(json.trimmed().left(120)));
        return std::nullopt;
    }
    return info;
}

} // namespace gatefold::launch
