#include "tablerun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

namespace gatefold::tables {
namespace {

void flattenInto(const QJsonObject &o, const QString &prefix, QJsonObject *out)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
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

QString valueText(const QJsonValue &v)
{
    if (v.isString())
        return v.toString();
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', 12);
    if (v.isArray()) {
        QStringList parts;
        for (const QJsonValue &x : v.toArray())
            parts << valueText(x);
        return parts.join(',');
    }
    return QString();
}

} // namespace gatefold::tables
