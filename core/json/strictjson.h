#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace gatefold::json {

// A JSON text read the strict way (RFC 8259 and nothing more), remembering the
// line of every value, so that a message can say "line 7: optim.lr: …".
// QJsonDocument cannot do either: it keeps the last of two equal keys
// silently, and it knows no lines. Refused, each with the line and column and
// the key it happened in: a key given twice in one object, text after the
// value, comments, single quotes, trailing commas, NaN/Infinity, numbers too
// large for a double, leading zeros, control characters and invalid UTF-8 in
// texts, lone surrogates, UTF-16 files, nesting deeper than 100.
class StrictJson
{
public:
    // The document, or nullopt with "line L, column C: what is wrong; what to do" in `error`.
    static std::optional<StrictJson> parse(const QByteArray &text, QString *error);

    const QJsonValue &root() const { return m_root; }

    // The line of the value at `pointer` (RFC 6901: "" the root, "/columns/2/format";
    // for a member, the line of its key); 0 when there is no such value.
    int lineOf(const QString &pointer) const { return m_lines.value(pointer, 0); }

    // Pointers to members and items, escaped as RFC 6901 says ('~' → "~0", '/' → "~1").
    static QString member(const QString &parent, const QString &key);
    static QString item(const QString &parent, qsizetype index);

private:
    friend class StrictJsonParser;
    QJsonValue m_root;
    QHash<QString, int> m_lines;
};

// How a JSON value's type is called in messages: "a number", "a text", "a list", …
QString describeJsonType(const QJsonValue &value);

// A key or text as a message shows it: in quotes, control characters escaped, at most 60 characters.
QString quoteForMessage(const QString &text);

// `text` in double quotes, \" \\ \n \t escaped and the other control characters as \u00XX (JSON)
// or \xXX (YAML); after `limit` characters (0: no limit) cut with "…".
enum class ControlEscape { Json, Yaml };
QString doubleQuoted(const QString &text, ControlEscape style, int limit = 0);

} // namespace gatefold::json
