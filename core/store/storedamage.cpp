#include "storedamage.h"

#include "storetext.h"

#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

namespace gatefold::store::damage {
namespace {

QString condition(const TypedColumn &c)
{
    const QString name = QString::fromLatin1(c.name);
    switch (c.kind) {
    case Kind::Integer: return QStringLiteral("typeof(%1) <> 'integer'").arg(name);
    case Kind::Real: return QStringLiteral("typeof(%1) <> 'real'").arg(name);
    case Kind::IntegerOrNull: return QStringLiteral("typeof(%1) NOT IN ('integer', 'null')").arg(name);
    }
    return QStringLiteral("0");
}

QString expected(Kind kind)
{
    return kind == Kind::Real ? QStringLiteral("not a number") : QStringLiteral("not a whole number");
}

// A value as SQLite would write it, short: 'abc' (text), x'00ff' (blob), NULL.
QString shown(const QVariant &v)
{
    if (v.isNull())
        return QStringLiteral("NULL");
    if (v.metaType().id() == QMetaType::QByteArray)
        return QStringLiteral("x'%1' (blob)").arg(QString::fromLatin1(v.toByteArray().left(16).toHex()));
    if (v.metaType().id() == QMetaType::QString)
        return QStringLiteral("'%1' (text)").arg(escapedForTerminal(v.toString().left(40)));
    return v.toString();  // a real in an integer column: 2.5
}

} // namespace

QString badColumnsSql(Dialect dialect, const TypedColumns &columns)
{
    if (dialect == Dialect::Postgres || columns.empty())
        return QStringLiteral("''");
    QStringList parts;
    for (const TypedColumn &c : columns)
        parts << QStringLiteral("CASE WHEN %1 THEN ' %2' ELSE '' END").arg(condition(c), QString::fromLatin1(c.name));
    return QStringLiteral("(") + parts.join(QStringLiteral(" || ")) + QStringLiteral(")");
}

QString badValues(const QSqlQuery &q, int badAt, const TypedColumns &columns)
{
    const QStringList bad = q.value(badAt).toString().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QStringList out;
    for (const TypedColumn &c : columns)
        if (bad.contains(QLatin1String(c.name)))
            out << QStringLiteral("%1 holds %2, %3").arg(QLatin1String(c.name), shown(q.value(c.at)), expected(c.kind));
    return out.join(QStringLiteral("; "));
}

} // namespace gatefold::store::damage
