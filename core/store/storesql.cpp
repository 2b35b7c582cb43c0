#include "storesql.h"

#include <QSqlQuery>

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUuid>

namespace gatefold::store::sql {

double now()
{
    return double(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
}

QString connectionName()
{
    return QStringLiteral("gatefold-store-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QVariant text(const QString &value)
{
    return value.isNull() ? QVariant(QStringLiteral("")) : QVariant(value);
}

QVariant idOrNull(qint64 id)
{
    return id > 0 ? QVariant(id) : QVariant(QMetaType(QMetaType::LongLong));
}

QString tagsJson(const QStringList &tags)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(tags)).toJson(QJsonDocument::Compact));
}

QStringList tagsFromJson(const QString &json)
{
    QStringList out;
    for (const auto &v : QJsonDocument::fromJson(json.toUtf8()).array())
        out << v.toString();
    return out;
}

bool beginWrite(QSqlDatabase &db)
{
    QSqlQuery q(db);
    return q.exec(QStringLiteral("BEGIN IMMEDIATE"));
}

} // namespace gatefold::store::sql
