#include "runconfigjson.h"

#include "runfields.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace gatefold::train {
namespace {

QJsonValue toJsonValue(const RunField &field, const std::string &text)
{
    const QString s = QString::fromStdString(text);
    switch (field.type) {
    case FieldType::Integer:
        return QJsonValue(s.toLongLong());
    case FieldType::Number:
        return QJsonValue(s.toDouble());
    case FieldType::Boolean:
        return QJsonValue(text == "true");
    case FieldType::IntegerList:
    case FieldType::NumberList: {
        // A list's text form: comma-separated, or a word for "no list" (all blocks / measured).
        const bool whole = field.type == FieldType::IntegerList;
        const QString word = whole ? QStringLiteral("all") : QStringLiteral("auto");
        if (text.empty() || s == word)
            return QJsonValue(word);
        QJsonArray list;
        for (const QString &item : s.split(','))
            list.append(whole ? QJsonValue(item.toInt()) : QJsonValue(item.toDouble()));
        return list;
    }
    case FieldType::Text:
        break;
    }
    return QJsonValue(s);
}

// The text a field's parser reads for a JSON value, or an error.
bool toText(const RunField &field, const QJsonValue &value, std::string *text, QString *why)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        if (field.type != FieldType::Boolean && field.type != FieldType::Text) {
            *why = QStringLiteral("expected a %1, not true/false")
                       .arg(field.type == FieldType::IntegerList  ? "list of block indices"
                            : field.type == FieldType::NumberList ? "list of numbers"
                                                                  : "number");
            return false;
        }
        *text = value.toBool() ? "true" : "false";
        return true;
    case QJsonValue::Double: {
        const double v = value.toDouble();
        if (field.type == FieldType::Integer || field.type == FieldType::IntegerList) {
            if (v != std::floor(v) || std::fabs(v) > 9.007199254740992e15) {
                *why = QStringLiteral("expected a whole number, not %1").arg(v);
                return false;
            }
            *text = std::to_string(value.toInteger());
            return true;
        }
        if (field.type == FieldType::Boolean) {
            *why = QStringLiteral("expected true or false, not %1").arg(v);
            return false;
        }
        *text = QString::number(v, 'g', 17).toStdString();
        return true;
    }
    case QJsonValue::String:
        *text = value.toString().toStdString();
        return true;
    case QJsonValue::Array: {
        if (field.type == FieldType::NumberList) {
            QStringList items;
            for (const QJsonValue &item : value.toArray()) {
                if (!item.isDouble()) {
                    *why = QStringLiteral("expected a list of numbers, one per channel");
                    return false;
                }
                items << QString::number(item.toDouble(), 'g', 17);
            }
            *text = items.isEmpty() ? "auto" : items.join(',').toStdString();
            return true;
        }
        if (field.type != FieldType::IntegerList) {
            *why = QStringLiteral("expected a single value, not a list");
            return false;
        }
        QStringList items;
        for (const QJsonValue &item : value.toArray()) {
            if (!item.isDouble() || item.toDouble() != std::floor(item.toDouble())) {
                *why = QStringLiteral("expected a list of block indices (whole numbers)");
                return false;
            }
            items << QString::number(item.toInteger());
        }
        *text = items.isEmpty() ? "all" : items.join(',').toStdString();
        return true;
    }
    case QJsonValue::Null:
        *why = QStringLiteral("has no value (null); give one or leave the key out");
        return false;
    default:
        *why = QStringLiteral("has a value of the wrong kind");
        return false;
    }
}

// Nested objects become dotted keys: {"gate": {"kind": …}} → "gate.kind".
void flatten(const QJsonObject &object, const QString &prefix, QJsonObject *out)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + '.' + it.key();
        if (it.value().isObject() && !findRunField(key.toStdString()))
            flatten(it.value().toObject(), key, out);
        else
            out->insert(key, it.value());
    }
}

int lineOf(const QByteArray &text, int offset)
{
    return int(text.left(offset).count('\n')) + 1;
}

} // namespace

QByteArray runConfigToJson(const RunConfig &config)
{
    QJsonObject object;
    for (const auto &field : runFields())
        object.insert(QString::fromStdString(field.key), toJsonValue(field, field.get(config)));
    return QJsonDocument(object).toJson(QJsonDocument::Indented);
}

bool runConfigFromJson(const QByteArray &json, RunConfig *config, QStringList *errors, bool partial)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        errors->append(QStringLiteral("not valid JSON: %1 at line %2")
                           .arg(parseError.errorString())
                           .arg(lineOf(json, parseError.offset)));
        return false;
    }
    if (!doc.isObject()) {
        errors->append(QStringLiteral("a run config is a JSON object of settings ({\"key\": value, …})"));
        return false;
    }
    QJsonObject flat;
    flatten(doc.object(), QString(), &flat);
    RunConfig result = *config;
    const qsizetype before = errors->size();
    for (auto it = flat.begin(); it != flat.end(); ++it) {
        const RunField *field = findRunField(it.key().toStdString());
        if (!field) {
            errors->append(QStringLiteral("%1: unknown setting (gatefold-cli config --keys lists them)").arg(it.key()));
            continue;
        }
        std::string text;
        QString why;
        if (!toText(*field, it.value(), &text, &why)) {
            errors->append(QStringLiteral("%1: %2").arg(it.key(), why));
            continue;
        }
        model::ConfigProblem problem;
        if (!field->set(result, text, &problem))
            errors->append(QStringLiteral("%1: %2").arg(it.key(), QString::fromStdString(problem.message)));
    }
    if (errors->size() != before && !partial)
        return false;
    *config = result;
    return errors->size() == before;
}

} // namespace gatefold::train
