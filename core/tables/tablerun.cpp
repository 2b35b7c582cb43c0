#include "tablerun.h"

#include <QJsonArray>
#include <QStringList>

namespace gatefold::tables {

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
