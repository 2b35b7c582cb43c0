// The recursive descent behind StrictJson::parse (strictjson.h): every refusal says
// where, in which key, what is wrong and what to do.

#include "strictjsonparser.h"

#include <QJsonArray>
#include <QJsonObject>

#include <charconv>
#include <cmath>
#include <cstring>

namespace gatefold::json {

namespace {

constexpr int kMaxDepth = 100;

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// The length of the well-formed UTF-8 sequence at p (Unicode 15, table 3-7), or 0.
int utf8Length(const unsigned char *p, const unsigned char *end)
{
    const unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    auto cont = [&](int i, unsigned char lo = 0x80, unsigned char hi = 0xBF) {
        return p + i < end && p[i] >= lo && p[i] <= hi;
    };
    if (c >= 0xC2 && c <= 0xDF)
        return cont(1) ? 2 : 0;
    if (c == 0xE0)
        return cont(1, 0xA0) && cont(2) ? 3 : 0;
    if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF)
        return cont(1) && cont(2) ? 3 : 0;
    if (c == 0xED)  // not the UTF-16 surrogates
        return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;
    if (c == 0xF0)
        return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
    if (c >= 0xF1 && c <= 0xF3)
        return cont(1) && cont(2) && cont(3) ? 4 : 0;
    if (c == 0xF4)
        return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
    return 0;
}

void appendUtf8(QByteArray *out, char32_t code)
{
    if (code < 0x80) {
        out->append(char(code));
    } else if (code < 0x800) {
        out->append(char(0xC0 | (code >> 6)));
        out->append(char(0x80 | (code & 0x3F)));
    } else if (code < 0x10000) {
        out->append(char(0xE0 | (code >> 12)));
        out->append(char(0x80 | ((code >> 6) & 0x3F)));
        out->append(char(0x80 | (code & 0x3F)));
    } else {
        out->append(char(0xF0 | (code >> 18)));
        out->append(char(0x80 | ((code >> 12) & 0x3F)));
        out->append(char(0x80 | ((code >> 6) & 0x3F)));
        out->append(char(0x80 | (code & 0x3F)));
    }
}

} // namespace

// Recursive descent over the bytes; every refusal says where, in which key, what and what to do.
class StrictJsonParser
{
public:
    explicit StrictJsonParser(const QByteArray &text)
        : m_p(text.constData())
        , m_end(text.constData() + text.size())
        , m_lineStart(text.constData())
    {
    }

    bool run(StrictJson *out, QString *error)
    {
        if (!checkEncoding() || !document(out)) {
            if (error)
                *error = m_error;
            return false;
        }
        return true;
    }

private:
    bool checkEncoding()
    {
        const auto *u = reinterpret_cast<const unsigned char *>(m_p);
        const qsizetype n = m_end - m_p;
        if (n >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF) {  // a UTF-8 byte order mark: harmless
            m_p += 3;
            m_lineStart = m_p;
            return true;
        }
        const bool utf16 = (n >= 2 && ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF)))
                        || (n >= 2 && (u[0] == 0 || u[1] == 0));
        if (utf16)
            return fail(QStringLiteral("the file is UTF-16 or UTF-32 encoded; save it as UTF-8"));
        return true;
    }

    bool document(StrictJson *out)
    {
        skipSpace();
        if (m_p == m_end)
            return fail(QStringLiteral("there is no JSON value: the text is empty or only white space"));
        m_out = out;
        if (!value(&out->m_root, QString(), 0))
            return false;
        skipSpace();
        if (m_p != m_end)
            return fail(QStringLiteral("more text after the end of the JSON value; a file holds one value (a comma "
                                       "or a { } around them missing?)"));
        return true;
    }

    int line() const { return m_line; }

    int column() const
    {
        int col = 1;
        for (const char *c = m_lineStart; c < m_p && c < m_end; ++c)
            col += (static_cast<unsigned char>(*c) & 0xC0) != 0x80;
        return col;
    }

    bool fail(const QString &what)
    {
        const QString where = m_keyPath.isEmpty() ? QString() : QStringLiteral("in %1: ").arg(m_keyPath);
        m_error = QStringLiteral("line %1, column %2: %3%4").arg(line()).arg(column()).arg(where, what);
        return false;
    }

    void skipSpace()
    {
        while (m_p < m_end) {
            const char c = *m_p;
            if (c == '\n') {
                ++m_line;
                m_lineStart = m_p + 1;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                return;
            }
            ++m_p;
        }
    }

    // What stands at m_p where a value was expected, in words.
    bool unexpected(const char *expected)
    {
        if (m_p == m_end)
            return fail(QStringLiteral("the text ends where %1 was expected (it is cut short, or a closing "
                                       "bracket is missing)").arg(QLatin1String(expected)));
        const char c = *m_p;
        if (c == '/')
            return fail(QStringLiteral("JSON has no comments; remove the // or /* */ comment"));
        if (c == '\'')
            return fail(QStringLiteral("JSON writes texts and keys in double quotes (\"…\"), not single quotes"));
        if (c == '.' || c == '+')
            return fail(QStringLiteral("a JSON number starts with a digit or '-' (write 0.5, not .5 or +0.5)"));
        if (startsWith("NaN") || startsWith("Infinity") || startsWith("-Infinity") || startsWith("inf"))
            return fail(QStringLiteral("NaN and Infinity are not numbers in JSON; give a finite number"));
        if (startsWith("None"))
            return fail(QStringLiteral("None is Python; JSON writes null (or leave the key out)"));
        if (startsWith("True") || startsWith("False") || startsWith("TRUE") || startsWith("FALSE"))
            return fail(QStringLiteral("JSON writes true and false in lower case"));
        const auto u = static_cast<unsigned char>(c);
        const QString shown = u >= 0x20 && u < 0x7F ? QStringLiteral("'%1'").arg(QLatin1Char(c))
                                                     : QStringLiteral("the byte 0x%1").arg(u, 2, 16, QLatin1Char('0'));
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
            return fail(QStringLiteral("%1 where %2 was expected; texts and keys are written in double quotes")
                            .arg(shown, QLatin1String(expected)));
        return fail(QStringLiteral("%1 where %2 was expected").arg(shown, QLatin1String(expected)));
    }

    bool startsWith(const char *word) const
    {
        const qsizetype n = qsizetype(std::strlen(word));
        return m_end - m_p >= n && std::memcmp(m_p, word, size_t(n)) == 0;
    }

    bool value(QJsonValue *out, const QString &pointer, int depth)
    {
        if (depth > kMaxDepth)
            return fail(QStringLiteral("lists and objects nest deeper than %1 levels; no Gatefold file does that")
                            .arg(kMaxDepth));
        if (m_p == m_end)
            return unexpected("a value");
        switch (*m_p) {
        case '{':
            return object(out, pointer, depth);
        case '[':
            return array(out, pointer, depth);
        case '"': {
            QString text;
            if (!string(&text))
                return false;
            *out = text;
            return true;
        }
        case 't':
            return literal("true", QJsonValue(true), out);
        case 'f':
            return literal("false", QJsonValue(false), out);
        case 'n':
            return literal("null", QJsonValue(QJsonValue::Null), out);
        default:
            if (*m_p == '-' || isDigit(*m_p))
                return number(out);
            return unexpected("a value");
        }
    }

    bool literal(const char *word, const QJsonValue &v, QJsonValue *out)
    {
        if (!startsWith(word))
            return unexpected("a value");
        m_p += std::strlen(word);
        if (m_p < m_end && ((*m_p >= 'a' && *m_p <= 'z') || isDigit(*m_p)))
            return unexpected("a comma or a closing bracket");
        *out = v;
        return true;
    }

    bool number(QJsonValue *out)
    {
        const char *start = m_p;
        if (*m_p == '-')
            ++m_p;
        if (m_p == m_end || !isDigit(*m_p))
            return unexpected("a digit");
        if (*m_p == '0' && m_p + 1 < m_end && isDigit(m_p[1]))
            return fail(QStringLiteral("a JSON number has no leading zeros (write 12, not 012)"));
        while (m_p < m_end && isDigit(*m_p))
            ++m_p;
        bool whole = true;
        if (m_p < m_end && *m_p == '.') {
            whole = false;
            ++m_p;
            if (m_p == m_end || !isDigit(*m_p))
                return fail(QStringLiteral("a digit must follow the decimal point (write 1.0 or 1, not 1.)"));
            while (m_p < m_end && isDigit(*m_p))
                ++m_p;
        }
        if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
            whole = false;
            ++m_p;
            if (m_p < m_end && (*m_p == '+' || *m_p == '-'))
                ++m_p;
            if (m_p == m_end || !isDigit(*m_p))
                return fail(QStringLiteral("the exponent of a number needs digits (write 1e-3)"));
            while (m_p < m_end && isDigit(*m_p))
                ++m_p;
        }
        const QByteArray token(start, m_p - start);
        bool ok = false;
        if (whole) {
            const qint64 v = token.toLongLong(&ok);
            if (ok) {
                *out = QJsonValue(v);
                return true;
            }
        }
        double d = 0;  // from_chars: the C locale's '.', whatever the user's locale says
        const auto [end, code] = std::from_chars(token.constData(), token.constData() + token.size(), d);
        if (code != std::errc() || end != token.constData() + token.size() || !std::isfinite(d)) {
            m_p = start;
            return fail(QStringLiteral("the number %1 is too large or too small for a double (about 1e-308 to "
                                       "1.8e308)")
                            .arg(QString::fromLatin1(token.left(40))));
        }
        *out = QJsonValue(d);
        return true;
    }

    bool hex4(char32_t *code)
    {
        if (m_end - m_p < 4)
            return fail(QStringLiteral("\\u needs four hex digits"));
        char32_t v = 0;
        for (int i = 0; i < 4; ++i) {
            const int h = hexValue(m_p[i]);
            if (h < 0)
                return fail(QStringLiteral("\\u needs four hex digits"));
            v = v * 16 + char32_t(h);
        }
        m_p += 4;
        *code = v;
        return true;
    }

    bool string(QString *out)
    {
        const int openLine = m_line;
        ++m_p;  // the opening quote
        QByteArray bytes;
        while (true) {
            if (m_p == m_end)
                return fail(QStringLiteral("the text in quotes that starts on line %1 is never closed (a \" is "
                                           "missing)").arg(openLine));
            const auto c = static_cast<unsigned char>(*m_p);
            if (c == '"') {
                ++m_p;
                break;
            }
            if (c < 0x20) {
                if (c == '\n')
                    return fail(QStringLiteral("a line break inside a text in quotes; write \\n, or close the quote"));
                if (c == '\t')
                    return fail(QStringLiteral("a tab inside a text in quotes; write \\t"));
                return fail(QStringLiteral("a control character (U+%1) inside a text in quotes; write it as \\u%1")
                                .arg(uint(c), 4, 16, QLatin1Char('0')));
            }
            if (c == '\\') {
                if (!escape(&bytes))
                    return false;
                continue;
            }
            const int n = utf8Length(reinterpret_cast<const unsigned char *>(m_p),
                                     reinterpret_cast<const unsigned char *>(m_end));
            if (n == 0)
                return fail(QStringLiteral("the byte 0x%1 is not UTF-8; save the file as UTF-8")
                                .arg(uint(c), 2, 16, QLatin1Char('0')));
            bytes.append(m_p, n);
            m_p += n;
        }
        *out = QString::fromUtf8(bytes);
        return true;
    }

    bool escape(QByteArray *bytes)
    {
        ++m_p;  // the backslash
        if (m_p == m_end)
            return unexpected("an escape");
        const char e = *m_p++;
        switch (e) {
        case '"': bytes->append('"'); return true;
        case '\\': bytes->append('\\'); return true;
        case '/': bytes->append('/'); return true;
        case 'b': bytes->append('\b'); return true;
        case 'f': bytes->append('\f'); return true;
        case 'n': bytes->append('\n'); return true;
        case 'r': bytes->append('\r'); return true;
        case 't': bytes->append('\t'); return true;
        case 'u': {
            char32_t code = 0;
            if (!hex4(&code))
                return false;
            if (code >= 0xDC00 && code <= 0xDFFF)
                return fail(QStringLiteral("\\u%1 is half of a UTF-16 pair without its first half")
                                .arg(uint(code), 4, 16, QLatin1Char('0')));
            if (code >= 0xD800 && code <= 0xDBFF) {
                char32_t low = 0;
                if (m_end - m_p < 2 || m_p[0] != '\\' || m_p[1] != 'u')
                    return fail(QStringLiteral("\\u%1 is half of a UTF-16 pair without its second half")
                                    .arg(uint(code), 4, 16, QLatin1Char('0')));
                m_p += 2;
                if (!hex4(&low))
                    return false;
                if (low < 0xDC00 || low > 0xDFFF)
                    return fail(QStringLiteral("\\u%1 is half of a UTF-16 pair without its second half")
                                    .arg(uint(code), 4, 16, QLatin1Char('0')));
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            }
            appendUtf8(bytes, code);
            return true;
        }
        default:
            --m_p;
            return fail(QStringLiteral("\\%1 is not an escape in JSON; write \\\\ for a backslash (as in a Windows "
                                       "path) or use /")
                            .arg(QLatin1Char(e)));
        }
    }

    bool object(QJsonValue *out, const QString &pointer, int depth)
    {
        const int openLine = m_line;
        ++m_p;  // {
        QJsonObject object;
        QHash<QString, int> keyLines;
        const QString outerPath = m_keyPath;
        skipSpace();
        if (m_p < m_end && *m_p == '}') {
            ++m_p;
            *out = object;
            return true;
        }
        while (true) {
            skipSpace();
            if (m_p == m_end)
                return fail(QStringLiteral("the text ends inside the object that opens on line %1 (a } is missing)")
                                .arg(openLine));
            if (*m_p == '}')
                return fail(QStringLiteral("a comma before the closing } (a trailing comma); remove it"));
            if (*m_p != '"')
                return unexpected("a key in double quotes");
            const int keyLine = m_line;
            QString key;
            if (!string(&key))
                return false;
            if (const auto seen = keyLines.constFind(key); seen != keyLines.constEnd())
                return fail(QStringLiteral("%1 is given twice in one object (first on line %2); keep one of them")
                                .arg(quoteForMessage(key))
                                .arg(*seen));
            keyLines.insert(key, keyLine);
            skipSpace();
            if (m_p == m_end || *m_p != ':')
                return unexpected("a ':' after the key");
            ++m_p;
            skipSpace();
            const QString childPointer = StrictJson::member(pointer, key);
            m_out->m_lines.insert(childPointer, keyLine);
            m_keyPath = outerPath.isEmpty() ? key : outerPath + QLatin1Char('.') + key;
            QJsonValue child;
            if (!value(&child, childPointer, depth + 1))
                return false;
            m_keyPath = outerPath;
            object.insert(key, child);
            skipSpace();
            if (m_p == m_end)
                return fail(QStringLiteral("the text ends inside the object that opens on line %1 (a } is missing)")
                                .arg(openLine));
            if (*m_p == ',') {
                ++m_p;
                continue;
            }
            if (*m_p == '}') {
                ++m_p;
                break;
            }
            if (*m_p == '"')
                return fail(QStringLiteral("a comma is missing before this key"));
            return unexpected("a comma or a }");
        }
        *out = object;
        return true;
    }

    bool array(QJsonValue *out, const QString &pointer, int depth)
    {
        const int openLine = m_line;
        ++m_p;  // [
        QJsonArray list;
        const QString outerPath = m_keyPath;
        skipSpace();
        if (m_p < m_end && *m_p == ']') {
            ++m_p;
            *out = list;
            return true;
        }
        while (true) {
            skipSpace();
            if (m_p == m_end)
                return fail(QStringLiteral("the text ends inside the list that opens on line %1 (a ] is missing)")
                                .arg(openLine));
            if (*m_p == ']')
                return fail(QStringLiteral("a comma before the closing ] (a trailing comma); remove it"));
            const QString childPointer = StrictJson::item(pointer, list.size());
            m_out->m_lines.insert(childPointer, m_line);
            m_keyPath = QStringLiteral("%1[%2]").arg(outerPath).arg(list.size());
            QJsonValue child;
            if (!value(&child, childPointer, depth + 1))
                return false;
            m_keyPath = outerPath;
            list.append(child);
            skipSpace();
            if (m_p == m_end)
                return fail(QStringLiteral("the text ends inside the list that opens on line %1 (a ] is missing)")
                                .arg(openLine));
            if (*m_p == ',') {
                ++m_p;
                continue;
            }
            if (*m_p == ']') {
                ++m_p;
                break;
            }
            return unexpected("a comma or a ]");
        }
        *out = list;
        return true;
    }

    const char *m_p;
    const char *m_end;
    const char *m_lineStart;
    int m_line = 1;
    QString m_keyPath;  // "columns[2].format": where we are, for messages
    QString m_error;
    StrictJson *m_out = nullptr;
};

bool parseStrictJson(const QByteArray &text, StrictJson *out, QString *error)
{
    StrictJsonParser parser(text);
    return parser.run(out, error);
}

} // namespace gatefold::json
