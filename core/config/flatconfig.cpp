#include "flatconfig.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>
#include <QString>

namespace gatefold::config {
namespace {

void flattenInto(const QJsonObject &object, const QString &prefix, QJsonObject *out)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + '.' + it.key();
        if (it.value().isObject())
            flattenInto(it.value().toObject(), key, out);
        else
            out->insert(key, it.value());
    }
}

} // namespace

QJsonObject flatConfig(const QByteArray &json)
{
    QJsonObject out;
    flattenInto(QJsonDocument::fromJson(json).object(), QString(), &out);
    return out;
}

QString settingText(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QString::number(value.toDouble(), 'g', 12);
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Array: {
        QStringList items;
        for (const auto &v : value.toArray())
            items << settingText(v);
        return items.join(',');
    }
    case QJsonValue::Object:
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    default:
        return QStringLiteral("—");
    }
}

} // namespace gatefold::config
