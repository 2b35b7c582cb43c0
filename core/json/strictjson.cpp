#include "strictjson.h"

#include "strictjsonparser.h"

#include <QLocale>

namespace gatefold::json {

std::optional<StrictJson> StrictJson::parse(const QByteArray &text, QString *error)
{
    StrictJson out;
    if (!parseStrictJson(text, &out, error))
        return std::nullopt;
    out.m_lines.insert(QString(), 1);
    return out;
}

QString StrictJson::member(const QString &parent, const QString &key)
{
    QString escaped = key;
    escaped.replace(QLatin1Char('~'), QLatin1String("~0")).replace(QLatin1Char('/'), QLatin1String("~1"));
    return parent + QLatin1Char('/') + escaped;
}

QString StrictJson::item(const QString &parent, qsizetype index)
{
    return parent + QLatin1Char('/') + QString::number(index);
}

QString describeJsonType(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QStringLiteral("the number %1").arg(value.toDouble(), 0, 'g', QLocale::FloatingPointShortest);
    case QJsonValue::String: return QStringLiteral("the text %1").arg(quoteForMessage(value.toString()));
    case QJsonValue::Array: return QStringLiteral("a list");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

QString quoteForMessage(const QString &text)
{
    return doubleQuoted(text, ControlEscape::Json, 60);
}

QString doubleQuoted(const QString &text, ControlEscape style, int limit)
{
    QString out = QStringLiteral("\"");
    int shown = 0;
    for (const QChar c : text) {
        if (limit > 0 && ++shown > limit) {
            out += QStringLiteral("…");
            break;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\') + QString(c);
        else if (c == QLatin1Char('\n'))
            out += QLatin1String("\\n");
        else if (c == QLatin1Char('\t'))
            out += QLatin1String("\\t");
        else if ((c.unicode() < 0x20 || c.unicode() == 0x7F) && style == ControlEscape::Json)
            out += QStringLiteral("\\u%1").arg(uint(c.unicode()), 4, 16, QLatin1Char('0'));
        else if (c.unicode() < 0x20 || c.unicode() == 0x7F)
            out += QStringLiteral("\\x%1").arg(uint(c.unicode()), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out + QLatin1Char('"');
}

} // namespace gatefold::json
