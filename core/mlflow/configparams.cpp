#include "configparams.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace gatefold::mlflow {

// A number as MLflow's Python writes it (repr of a float): shortest round trip.
QString pythonFloat(double v)
{
    if (std::isnan(v))
        return QStringLiteral("nan");
    if (std::isinf(v))
        return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    // Python switches to an exponent below 1e-4 and from 1e16 on.
    const double a = std::abs(v);
    if (a != 0 && (a < 1e-4 || a >= 1e16))
        return QString::number(v, 'g', QLocale::FloatingPointShortest);
    QString s = QString::number(v, 'f', QLocale::FloatingPointShortest);
    if (!s.contains(QLatin1Char('.')))
        s += QStringLiteral(".0");
    return s;
}

namespace {

// A config value in the text form `key=value` settings take (lists comma-separated).
QString paramText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const double d = v.toDouble();
        if (std::abs(d) < 9e15 && d == std::floor(d))
            return QString::number(qint64(d));
        return pythonFloat(d);
    }
    case QJsonValue::String: return v.toString();
    case QJsonValue::Array: {
        QStringList parts;
        for (const QJsonValue &x : v.toArray())
            parts << paramText(x);
        return parts.join(QLatin1Char(','));
    }
    case QJsonValue::Null: return QString();
    default: return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    }
}

// Nested objects ({"gate": {"kind": …}}) become dotted keys (gate.kind).
void flatten(const QJsonObject &o, const QString &prefix, std::map<QString, QString> *out)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        if (it.value().isObject())
            flatten(it.value().toObject(), key, out);
        else
            (*out)[key] = paramText(it.value());
    }
}

} // namespace

std::map<QString, QString> configParams(const QByteArray &configJson)
{
    std::map<QString, QString> params;
    flatten(QJsonDocument::fromJson(configJson).object(), QString(), &params);
    return params;
}

} // namespace gatefold::mlflow
