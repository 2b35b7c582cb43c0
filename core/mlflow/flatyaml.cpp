#include "flatyaml.h"

#include "json/strictjson.h"

#include <QRegularExpression>
#include <QStringDecoder>

namespace gatefold::mlflow {
namespace {

QString lineError(int line, const QString &what)
{
    return QStringLiteral("line %1: %2").arg(line).arg(what);
}

// Resolves a double-quoted scalar's escapes; nullopt on an unknown escape.
std::optional<QString> unescapeDouble(const QString &body)
{
    QString out;
    for (int i = 0; i < body.size(); ++i) {
        const QChar c = body.at(i);
        if (c != QLatin1Char('\\')) {
            out += c;
            continue;
        }
        if (++i >= body.size())
            return std::nullopt;
        const QChar e = body.at(i);
        switch (e.unicode()) {
        case 'n': out += QLatin1Char('\n'); break;
        case 't': out += QLatin1Char('\t'); break;
        case 'r': out += QLatin1Char('\r'); break;
        case '0': out += QChar(0); break;
        case '\\': out += QLatin1Char('\\'); break;
        case '"': out += QLatin1Char('"'); break;
        case '/': out += QLatin1Char('/'); break;
        case ' ': out += QLatin1Char(' '); break;
        case 'x':
        case 'u':
        case 'U': {
            const int digits = e == QLatin1Char('x') ? 2 : e == QLatin1Char('u') ? 4 : 8;
            bool ok = false;
            const uint code = body.mid(i + 1, digits).toUInt(&ok, 16);
            if (!ok || body.mid(i + 1, digits).size() != digits)
                return std::nullopt;
            out += QString::fromUcs4(reinterpret_cast<const char32_t *>(&code), 1);
            i += digits;
            break;
        }
        default:
            return std::nullopt;
        }
    }
    return out;
}

// Sets `error` to "line N: what"; the nullopt a reader returns then.
std::nullopt_t failAt(QString *error, int line, const QString &what)
{
    if (error)
        *error = lineError(line, what);
    return std::nullopt;
}

// One `key: value` as written: the value's text with its continuation lines
// (joined by '\n'), before it is read as a scalar.
struct RawEntry {
    QString key;
    QString raw;
    int line = 0;
};

// The lines of `text`, each decoded as UTF-8.
std::optional<QStringList> decodeLines(const QByteArray &text, QString *error)
{
    QStringList lines;
    for (const QByteArray &bytes : text.split('\n')) {
        QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);  // a cut sequence at the end is an error too
        lines << utf8.decode(bytes);
        if (utf8.hasError())
            return failAt(error, int(lines.size()), QStringLiteral("not UTF-8 text; save the file as UTF-8"));
    }
    return lines;
}

// Why an indented line cannot continue the value above it; empty when it can.
QString continuationProblem(const std::vector<RawEntry> &entries, const QString &trimmed)
{
    if (entries.empty())
        return QStringLiteral("an indented line before any key");
    if (trimmed.startsWith(QLatin1String("- ")) || trimmed == QLatin1String("-"))
        return QStringLiteral("a block list under '%1' (only flat key: value is read)").arg(entries.back().key);
    if (entries.back().raw.isEmpty())
        return QStringLiteral("a nested mapping under '%1' (only flat key: value is read)").arg(entries.back().key);
    return QString();
}

// The `key: value` lines in order. A value may continue on indented lines
// (PyYAML folds long scalars at 80 columns).
std::optional<std::vector<RawEntry>> rawEntries(const QStringList &lines, QString *error)
{
    static const QRegularExpression keyLine(QStringLiteral("^([A-Za-z_][A-Za-z0-9_.\\-]*):(?:\\s+(.*))?$"));
    std::vector<RawEntry> entries;
    for (int i = 0; i < lines.size(); ++i) {
        QString line = lines.at(i);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('#')) || trimmed == QLatin1String("---"))
            continue;
        if (line.at(0).isSpace()) {
            if (const QString why = continuationProblem(entries, trimmed); !why.isEmpty())
                return failAt(error, i + 1, why);
            entries.back().raw += QLatin1Char('\n') + trimmed;
            continue;
        }
        const auto m = keyLine.match(line);
        if (!m.hasMatch())
            return failAt(error, i + 1, QStringLiteral("expected 'key: value', found '%1'").arg(line.left(60)));
        entries.push_back({m.captured(1), m.captured(2).trimmed(), i + 1});
    }
    return entries;
}

// A 'single' or "double" quoted value.
std::optional<YamlScalar> quotedScalar(const RawEntry &entry, QString *error)
{
    const QString &raw = entry.raw;
    const QChar q = raw.at(0);
    if (raw.size() < 2 || !raw.endsWith(q))
        return failAt(error, entry.line, QStringLiteral("the quoted value of '%1' is not closed").arg(entry.key));
    QString body = raw.mid(1, raw.size() - 2);
    // Folded lines join with a space; an empty line stands for a newline.
    body.replace(QLatin1String("\n\n"), QStringLiteral("\x01")).replace(QLatin1Char('\n'), QLatin1Char(' '))
        .replace(QChar(1), QLatin1Char('\n'));
    YamlScalar v;
    if (q == QLatin1Char('\'')) {
        body.replace(QLatin1String("''"), QLatin1String("'"));
        v.text = body;
    } else {
        const auto text = unescapeDouble(body);
        if (!text)
            return failAt(error, entry.line, QStringLiteral("the value of '%1' has a bad escape").arg(entry.key));
        v.text = *text;
    }
    v.quoted = true;
    return v;
}

// A plain value, up to a comment: text, or null; flow collections (but `[]`),
// anchors, aliases, block scalars and tags are refused.
std::optional<YamlScalar> plainScalar(const RawEntry &entry, QString *error)
{
    QString raw = entry.raw;
    const int comment = raw.indexOf(QLatin1String(" #"));
    if (comment >= 0)
        raw = raw.left(comment).trimmed();
    raw.replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (raw.startsWith(QLatin1Char('{')) || (raw.startsWith(QLatin1Char('[')) && raw != QLatin1String("[]"))
        || raw.startsWith(QLatin1Char('&')) || raw.startsWith(QLatin1Char('*')) || raw.startsWith(QLatin1Char('|'))
        || raw.startsWith(QLatin1Char('>')) || raw.startsWith(QLatin1Char('!')))
        return failAt(error, entry.line, QStringLiteral("the value of '%1' is not a plain scalar (only flat key: value is read)")
                                             .arg(entry.key));
    YamlScalar v;
    v.isNull = raw.isEmpty() || raw == QLatin1String("null") || raw == QLatin1String("~")
               || raw == QLatin1String("Null") || raw == QLatin1String("NULL");
    v.text = v.isNull ? QString() : raw;
    return v;
}

std::optional<YamlScalar> readScalar(const RawEntry &entry, QString *error)
{
    if (entry.raw.startsWith(QLatin1Char('\'')) || entry.raw.startsWith(QLatin1Char('"')))
        return quotedScalar(entry, error);
    return plainScalar(entry, error);
}

} // namespace

std::optional<std::map<QString, YamlScalar>> readFlatYaml(const QByteArray &text, QString *error)
{
    const auto lines = decodeLines(text, error);
    const auto entries = lines ? rawEntries(*lines, error) : std::nullopt;
    if (!entries)
        return std::nullopt;
    std::map<QString, YamlScalar> out;
    for (const RawEntry &entry : *entries) {
        if (out.count(entry.key))
            return failAt(error, entry.line, QStringLiteral("'%1' appears twice").arg(entry.key));
        const auto value = readScalar(entry, error);
        if (!value)
            return std::nullopt;
        out.emplace(entry.key, *value);
    }
    return out;
}

QString yamlString(const QString &value)
{
    static const QRegularExpression plainSafe(QStringLiteral("^[A-Za-z_/][A-Za-z0-9_./\\-]*$"));
    static const QRegularExpression special(
        QStringLiteral("^(null|Null|NULL|~|true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|y|Y|n|N)$"));
    if (plainSafe.match(value).hasMatch() && !special.match(value).hasMatch())
        return value;
    bool control = false;
    for (const QChar c : value)
        control = control || c.unicode() < 0x20 || c.unicode() == 0x7f;
    if (!control) {
        QString body = value;
        return QLatin1Char('\'') + body.replace(QLatin1String("'"), QLatin1String("''")) + QLatin1Char('\'');
    }
    return json::doubleQuoted(value, json::ControlEscape::Yaml);
}

QString yamlNumber(qint64 value)
{
    return QString::number(value);
}

QString yamlNull()
{
    return QStringLiteral("null");
}

QByteArray writeFlatYaml(const std::vector<std::pair<QString, QString>> &entries)
{
    QByteArray out;
    for (const auto &[key, value] : entries)
        out += key.toUtf8() + ": " + value.toUtf8() + '\n';
    return out;
}

} // namespace gatefold::mlflow
