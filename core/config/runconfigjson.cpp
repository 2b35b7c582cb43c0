#include "runconfigjson.h"

#include <QRegularExpression>

#include "json/strictjson.h"
#include "config/textvalues.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

namespace gatefold::train {
namespace {

using json::describeJsonType;

QJsonValue toJsonValue(const config::Field &field, const std::string &text)
{
    const QString s = QString::fromStdString(text);
    switch (field.type) {
    case config::FieldType::Integer:
        return QJsonValue(s.toLongLong());
    case config::FieldType::Number:
        return QJsonValue(s.toDouble());
    case config::FieldType::Boolean:
        return QJsonValue(text == "true");
    case config::FieldType::IntegerList:
    case config::FieldType::NumberList: {
        // A list's text form: comma-separated, or a word for "no list" (all blocks / measured).
        const bool whole = field.type == config::FieldType::IntegerList;
        const QString word = whole ? QStringLiteral("all") : QStringLiteral("auto");
        if (text.empty() || s == word)
            return QJsonValue(word);
        QJsonArray list;
        for (const QString &item : s.split(','))
            list.append(whole ? QJsonValue(item.toInt()) : QJsonValue(item.toDouble()));
        return list;
    }
    case config::FieldType::Text:
        break;
    }
    return QJsonValue(s);
}

// The text form of a JSON number that is a whole number, or nothing.
std::optional<std::string> wholeText(const QJsonValue &value)
{
    const double d = value.toDouble();
    if (!value.isDouble() || d != std::floor(d))
        return std::nullopt;
    // Read as an integer when it is one: exact beyond 2^53 (a seed).
    constexpr qint64 none = std::numeric_limits<qint64>::min();
    if (const qint64 exact = value.toInteger(none); exact != none)
        return std::to_string(exact);
    // Too large for any whole-number setting: its parser says so, quoting it as it was written
    // where digits can (9223372036854775808, not 9.223372036854776e+18).
    if (std::fabs(d) < 1e21)
        return QString::number(d, 'f', 0).toStdString();
    return model::formatDouble(d);
}

QString withoutQuotesHint(const QJsonValue &value)
{
    if (!value.isString())
        return QString();
    const QString s = value.toString().trimmed();
    bool number = false;
    const double v = s.toDouble(&number);
    if (number && !std::isfinite(v))  // "NaN", "inf": no JSON number can say it, quoted or not
        return QStringLiteral("; a setting takes finite numbers only (NaN and Infinity are not allowed): give a "
                              "number such as 0.001");
    if (number)
        return QStringLiteral("; write %1 without quotes").arg(s);
    if (s == QLatin1String("true") || s == QLatin1String("false"))
        return QStringLiteral("; write %1 without quotes").arg(s);
    return QString();
}

// The text a field's parser reads for a JSON value of the right type, or why the type is wrong.
bool toText(const config::Field &field, const QJsonValue &value, std::string *text, QString *why)
{
    if (value.isNull()) {
        *why = QStringLiteral("has no value (null); give one or leave the key out");
        return false;
    }
    switch (field.type) {
    case config::FieldType::Integer:
        if (const auto whole = wholeText(value)) {
            *text = *whole;
            return true;
        }
        *why = QStringLiteral("expected a whole number, not %1%2").arg(describeJsonType(value), withoutQuotesHint(value));
        return false;
    case config::FieldType::Number:
        if (value.isDouble()) {
            *text = model::formatDouble(value.toDouble());
            return true;
        }
        *why = QStringLiteral("expected a number, not %1%2").arg(describeJsonType(value), withoutQuotesHint(value));
        return false;
    case config::FieldType::Boolean:
        if (value.isBool()) {
            *text = value.toBool() ? "true" : "false";
            return true;
        }
        *why = QStringLiteral("expected true or false, not %1%2").arg(describeJsonType(value), withoutQuotesHint(value));
        return false;
    case config::FieldType::Text:
        if (value.isString()) {
            *text = value.toString().toStdString();
            return true;
        }
        *why = QStringLiteral("expected a text in double quotes, not %1").arg(describeJsonType(value));
        return false;
    case config::FieldType::IntegerList:
    case config::FieldType::NumberList: {
        const bool blocks = field.type == config::FieldType::IntegerList;
        const QString word = blocks ? QStringLiteral("all") : QStringLiteral("auto");
        const QString expected = blocks ? QStringLiteral("\"all\" or a list of block indices such as [0, 2]")
                                        : QStringLiteral("\"auto\" or a list of numbers, one per channel, such as "
                                                         "[0.5, 0.5, 0.5]");
        if (value.isString() && value.toString() == word) {
            *text = word.toStdString();
            return true;
        }
        if (!value.isArray()) {
            *why = QStringLiteral("expected %1, not %2").arg(expected, describeJsonType(value));
            return false;
        }
        QStringList items;
        for (const QJsonValue &item : value.toArray()) {
            const auto whole = wholeText(item);
            if (blocks ? !whole : !item.isDouble()) {
                *why = QStringLiteral("expected %1; item %2 is %3")
                           .arg(expected)
                           .arg(items.size())
                           .arg(describeJsonType(item));
                return false;
            }
            items << (blocks ? QString::fromStdString(*whole)
                             : QString::fromStdString(model::formatDouble(item.toDouble())));
        }
        *text = items.isEmpty() ? word.toStdString() : items.join(',').toStdString();
        return true;
    }
    }
    *why = QStringLiteral("has a value of the wrong kind");
    return false;
}

struct FlatValue {
    QJsonValue value;
    int line = 0;
};

// Nested objects become dotted keys: {"gate": {"kind": …}} → "gate.kind". A
// key reached twice (nested and dotted) is a problem on its second line.
void flatten(const json::StrictJson &doc, const QJsonObject &object, const QString &prefix, const QString &pointer,
             std::map<QString, FlatValue> *out, std::vector<ConfigTextProblem> *problems)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + '.' + it.key();
        const QString at = json::StrictJson::member(pointer, it.key());
        const int line = doc.lineOf(at);
        if (it.value().isObject() && !config::findField(key.toStdString())) {
            flatten(doc, it.value().toObject(), key, at, out, problems);
            continue;
        }
        const auto [seen, fresh] = out->emplace(key, FlatValue{it.value(), line});
        if (!fresh)
            problems->push_back({key, std::max(line, seen->second.line),
                                 QStringLiteral("is given twice (on lines %1 and %2); keep one of them")
                                     .arg(std::min(line, seen->second.line))
                                     .arg(std::max(line, seen->second.line))});
    }
}

// The value at `pointer` ("" the root, "/base"): one level of members is all a caller needs.
QJsonValue valueAt(const json::StrictJson &document, const QString &pointer)
{
    if (pointer.isEmpty())
        return document.root();
    QJsonValue at = document.root();
    for (const QString &part : pointer.mid(1).split(QLatin1Char('/'))) {
        QString key = part;
        key.replace(QLatin1String("~1"), QLatin1String("/")).replace(QLatin1String("~0"), QLatin1String("~"));
        at = at.isObject() ? at.toObject().value(key) : at.isArray() ? at.toArray().at(key.toInt()) : QJsonValue();
    }
    return at;
}

} // namespace

QString ConfigTextProblem::text() const
{
    QString out;
    if (line > 0)
        out = QStringLiteral("line %1: ").arg(line);
    if (!key.isEmpty())
        out += json::quoteForMessage(key).mid(1).chopped(1) + QStringLiteral(": ");
    return out + message;
}

QByteArray runConfigToJson(const RunConfig &config)
{
    QJsonObject object;
    for (const auto &field : config::fields())
        object.insert(QString::fromStdString(field.key), toJsonValue(field, field.get(config)));
    return QJsonDocument(object).toJson(QJsonDocument::Indented);
}

bool applyJsonSetting(RunConfig *config, const config::Field &field, const QJsonValue &value, QString *why)
{
    std::string text;
    if (!toText(field, value, &text, why))
        return false;
    model::ConfigProblem problem;
    if (!field.set(*config, text, &problem)) {
        *why = QString::fromStdString(problem.message);
        return false;
    }
    return true;
}

namespace {

// A parse error "line L, column C: what" as a problem of line L (and of the key a duplicate names),
// so that it reads like every other: "c.json, line 4: embed_dim: not valid JSON (column 3): …".
ConfigTextProblem parseProblem(const QString &error)
{
    static const QRegularExpression where(QStringLiteral("^line (\\d+), column (\\d+): (.*)$"),
                                          QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression twice(QStringLiteral("^\"([A-Za-z0-9_.]+)\" is given twice"));
    const auto m = where.match(error);
    if (!m.hasMatch())
        return {QString(), 0, QStringLiteral("not valid JSON: %1").arg(error)};
    const QString what = m.captured(3);
    const auto duplicate = twice.match(what);
    return {duplicate.hasMatch() ? duplicate.captured(1) : QString(), m.captured(1).toInt(),
            QStringLiteral("not valid JSON (column %1): %2").arg(m.captured(2), what)};
}

} // namespace

bool readRunConfigJson(const QByteArray &json, RunConfig *config, std::vector<ConfigTextProblem> *problems,
                       bool partial)
{
    QString parseError;
    const auto doc = json::StrictJson::parse(json, &parseError);
    if (!doc) {
        problems->push_back(parseProblem(parseError));
        return false;
    }
    return readRunConfigObject(*doc, QString(), config, problems, partial);
}

bool readRunConfigObject(const json::StrictJson &document, const QString &pointer, RunConfig *config,
                         std::vector<ConfigTextProblem> *problems, bool partial)
{
    const QJsonValue root = valueAt(document, pointer);
    if (!root.isObject()) {
        problems->push_back({QString(), document.lineOf(pointer),
                             QStringLiteral("a run config is a JSON object of settings ({\"key\": value, …}), not %1")
                                 .arg(json::describeJsonType(root))});
        return false;
    }
    std::vector<ConfigTextProblem> found;
    std::map<QString, FlatValue> flat;
    flatten(document, root.toObject(), QString(), pointer, &flat, &found);
    RunConfig result = *config;
    for (const auto &[key, entry] : flat) {
        const config::Field *field = config::findField(key.toStdString());
        if (!field) {
            found.push_back({key, entry.line,
                             QStringLiteral("unknown setting (gatefold-cli config --keys lists them)")});
            continue;
        }
        QString why;
        if (!applyJsonSetting(&result, *field, entry.value, &why))
            found.push_back({key, entry.line, why});
    }
    std::stable_sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.line < b.line; });
    problems->insert(problems->end(), found.begin(), found.end());
    if (!found.empty() && !partial)
        return false;
    *config = result;
    return found.empty();
}

bool runConfigFromJson(const QByteArray &json, RunConfig *config, QStringList *errors, bool partial)
{
    std::vector<ConfigTextProblem> problems;
    const bool ok = readRunConfigJson(json, config, &problems, partial);
    for (const auto &p : problems)
        errors->append(p.text());
    return ok;
}

} // namespace gatefold::train
