#include "flatconfig.h"

#include <QJsonDocument>
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

} // namespace gatefold::config
