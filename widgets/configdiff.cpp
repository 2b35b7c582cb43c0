#include "configdiff.h"

#include "config/flatconfig.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <set>

namespace gatefold::widgets {

QJsonObject flattenConfig(const QByteArray &configJson)
{
    return config::flatConfig(configJson);
}

QString valueText(const QJsonValue &value)
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
            items << valueText(v);
        return items.join(',');
    }
    case QJsonValue::Undefined:
    case QJsonValue::Null:
        return QStringLiteral("—");
    default:
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    }
}

QStringList differingKeys(const std::vector<QJsonObject> &configs)
{
    std::set<QString> all;
    for (const auto &c : configs)
        for (auto it = c.begin(); it != c.end(); ++it)
            all.insert(it.key());
    QStringList out;
    for (const QString &key : all) {
        for (size_t i = 1; i < configs.size(); ++i)
            if (configs[i].value(key) != configs[0].value(key)) {
                out << key;
                break;
            }
    }
    return out;
}

QString describeKeys(const QJsonObject &config, const QStringList &keys, int maxKeys)
{
    QStringList parts;
    for (const QString &key : keys) {
        if (parts.size() == maxKeys) {
            parts << QStringLiteral("…");
            break;
        }
        parts << QStringLiteral("%1=%2").arg(key, valueText(config.value(key)));
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace gatefold::widgets
