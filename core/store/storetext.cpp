#include "storetext.h"

namespace gatefold::store {
namespace {

QString escape(QChar c)
{
    switch (c.unicode()) {
    case '\n': return QStringLiteral("\\n");
    case '\r': return QStringLiteral("\\r");
    case '\t': return QStringLiteral("\\t");
    default: break;
    }
    return c.unicode() <= 0xff ? QStringLiteral("\\x%1").arg(uint(c.unicode()), 2, 16, QLatin1Char('0'))
                               : QStringLiteral("\\u%1").arg(uint(c.unicode()), 4, 16, QLatin1Char('0'));
}

} // namespace

bool isControlCharacter(QChar c)
{
    const char16_t u = c.unicode();
    return c.category() == QChar::Other_Control             // U+0000–001F, U+007F–009F
        || u == 0x2028 || u == 0x2029                       // line and paragraph separators
        || (u >= 0x202A && u <= 0x202E) || (u >= 0x2066 && u <= 0x2069);  // bidi embeddings, overrides, isolates
}

QString oneLineProblem(const QString &what, const QString &text)
{
    for (qsizetype i = 0; i < text.size(); ++i)
        if (isControlCharacter(text.at(i)))
            return QStringLiteral("the %1 '%2' holds a control character (%3 at position %4); names and tags are one "
                                  "line of printable text: choose one without")
                .arg(what, escapedForTerminal(text), escape(text.at(i)))
                .arg(i + 1);
    return {};
}

QString oneLineProblem(const QString &what, const QStringList &texts)
{
    for (const QString &text : texts)
        if (const QString why = oneLineProblem(what, text); !why.isEmpty())
            return why;
    return {};
}

QString escapedForTerminal(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text)
        out += isControlCharacter(c) ? escape(c) : QString(c);
    return out;
}

} // namespace gatefold::store
