#include "runquerytokens.h"

#include <cmath>

#include <QCoreApplication>

namespace gatefold::tables {

namespace {

bool startsWord(QChar c)
{
    return c.isLetter() || c == QLatin1Char('_');
}

// Setting keys (gate.kind), metric keys (val/top1, train/images_per_s), values (cuda:0, 2x2).
bool inWord(QChar c)
{
    return c.isLetterOrNumber() || QStringLiteral("_./-:@").contains(c);
}

// A character as a message shows it: a surrogate pair whole, a control character by its code.
QString shown(const QString &text, int i)
{
    if (text[i].isHighSurrogate() && i + 1 < text.size())
        return text.mid(i, 2);
    if (!text[i].isPrint())
        return QStringLiteral("U+%1").arg(text[i].unicode(), 4, 16, QLatin1Char('0')).toUpper();
    return text.mid(i, 1);
}

// [+-]digits[.digits][e[+-]digits] from i; the end, or i when none.
int numberEnd(const QString &text, int i)
{
    int j = i;
    if (j < text.size() && (text[j] == '+' || text[j] == '-'))
        ++j;
    const int mantissa = j;
    while (j < text.size() && text[j].isDigit())
        ++j;
    if (j < text.size() && text[j] == '.')
        ++j;
    while (j < text.size() && text[j].isDigit())
        ++j;
    if (j == mantissa || (j == mantissa + 1 && text[mantissa] == '.'))
        return i;
    if (j < text.size() && (text[j] == 'e' || text[j] == 'E')) {
        int k = j + 1;
        if (k < text.size() && (text[k] == '+' || text[k] == '-'))
            ++k;
        if (k < text.size() && text[k].isDigit()) {
            while (k < text.size() && text[k].isDigit())
                ++k;
            j = k;
        }
    }
    return j;
}

std::optional<QueryToken> quotedToken(const QString &text, int &i, QueryError *error)
{
    const QChar quote = text[i];
    QueryToken t{QueryToken::Quoted, i, {}, 0};
    for (int j = i + 1; j < text.size(); ++j) {
        if (text[j] == '\\' && j + 1 < text.size()) {
            t.text += text[++j];
        } else if (text[j] == quote) {
            i = j + 1;
            return t;
        } else {
            t.text += text[j];
        }
    }
    *error
        = {t.position, QCoreApplication::translate("RunQuery", "quoted text is not closed: end it with %1").arg(quote)};
    return std::nullopt;
}

std::optional<QueryToken> opToken(const QString &text, int &i, QueryError *error)
{
    const QChar c = text[i];
    const bool equals = i + 1 < text.size() && text[i + 1] == '=';
    QueryToken t{QueryToken::Op, i, {}, 0};
    if (c == '!' && !equals) {
        *error = {i,
            QCoreApplication::translate("RunQuery", "expected '=' after '!' (not equal is !=; to negate, write not)")};
        return std::nullopt;
    }
    if (c == '=')
        t.text = QStringLiteral("=");
    else if (c == '~')
        t.text = QStringLiteral("~");
    else
        t.text = equals ? QString(c) + QLatin1Char('=') : QString(c);
    i += (equals && c != '~') ? 2 : 1;
    return t;
}

} // namespace

QString QueryError::text() const
{
    return QCoreApplication::translate("RunQuery", "at %1: %2").arg(position + 1).arg(message);
}

std::optional<std::vector<QueryToken>> queryTokens(const QString &text, QueryError *error)
{
    std::vector<QueryToken> tokens;
    int i = 0;
    while (i < text.size()) {
        const QChar c = text[i];
        if (c.isSpace()) {
            ++i;
        } else if (c == '(' || c == ')') {
            tokens.push_back({c == '(' ? QueryToken::Open : QueryToken::Close, i, QString(c), 0});
            ++i;
        } else if (c == '"' || c == '\'') {
            auto t = quotedToken(text, i, error);
            if (!t)
                return std::nullopt;
            tokens.push_back(*t);
        } else if (QStringLiteral("=!<>~").contains(c)) {
            auto t = opToken(text, i, error);
            if (!t)
                return std::nullopt;
            tokens.push_back(*t);
        } else if (const int end = numberEnd(text, i); end > i) {
            if (end < text.size() && inWord(text[end])) {  // 2x2, 64k, 1.2.3: a word
                int j = end;
                while (j < text.size() && inWord(text[j]))
                    ++j;
                tokens.push_back({QueryToken::Word, i, text.mid(i, j - i), 0});
                i = j;
                continue;
            }
            const double number = text.mid(i, end - i).toDouble();
            if (!std::isfinite(number)) {  // 1e999: no double holds it (it would compare as infinity)
                *error = {i, QCoreApplication::translate("RunQuery", "%1 is too large a number (at most about 1.8e308)")
                                 .arg(text.mid(i, end - i))};
                return std::nullopt;
            }
            tokens.push_back({QueryToken::Number, i, text.mid(i, end - i), number});
            i = end;
        } else if (startsWord(c)) {
            int j = i;
            while (j < text.size() && inWord(text[j]))
                ++j;
            const QString word = text.mid(i, j - i);
            const QString lower = word.toLower();
            const auto kind = lower == QLatin1String("and") ? QueryToken::And
                            : lower == QLatin1String("or")  ? QueryToken::Or
                            : lower == QLatin1String("not") ? QueryToken::Not
                                                            : QueryToken::Word;
            tokens.push_back({kind, i, word, 0});
            i = j;
        } else {
            *error = {i, QCoreApplication::translate("RunQuery",
                             "unexpected character '%1': expected a name, a value, an operator "
                             "(= != < <= > >= ~), and, or, not or parentheses")
                             .arg(shown(text, i))};
            return std::nullopt;
        }
    }
    tokens.push_back({QueryToken::End, int(text.size()), {}, 0});
    return tokens;
}

} // namespace gatefold::tables
