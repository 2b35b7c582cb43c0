#include "timingline.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace gatefold::tables {
namespace {

// A measure: a finite positive number, or absent.
bool readMeasure(const QJsonObject &o, const char *key, std::optional<double> *out, QString *error)
{
    if (!o.contains(QLatin1String(key)))
        return true;
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() <= 0) {
        *error = QStringLiteral("%1 is not a positive number").arg(QLatin1String(key));
        return false;
    }
    *out = v.toDouble();
    return true;
}

} // namespace

QByteArray timingLineJson(const TimingLine &line)
{
    QJsonObject o{{"index", line.index}, {"config", line.config}, {"deployed", line.deployed}};
    if (!line.error.isEmpty())
        o.insert("error", line.error);
    if (line.latencyMs)
        o.insert("latency_ms", *line.latencyMs);
    if (line.throughput)
        o.insert("throughput", *line.throughput);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

std::optional<TimingLine> timingLineFromJson(const QByteArray &json, QString *error)
{
    QString dummy;
    if (!error)
        error = &dummy;
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parse);
    const QJsonObject o = doc.object();
    if (parse.error != QJsonParseError::NoError || !doc.isObject()) {
        *error = QStringLiteral("not a JSON object: %1").arg(QString::fromUtf8(json.left(80)));
        return std::nullopt;
    }
    TimingLine line;
    const QJsonValue index = o.value("index");
    if (!index.isDouble() || index.toDouble() != std::floor(index.toDouble()) || index.toDouble() < 0
        || !o.value("config").isString() || !o.value("deployed").isBool()) {
        *error = QStringLiteral("index, config or deployed missing or of the wrong type");
        return std::nullopt;
    }
    line.index = index.toInt();
    line.config = o.value("config").toString();
    line.deployed = o.value("deployed").toBool();
    if (o.contains("error")) {
        line.error = o.value("error").toString();
        if (line.error.isEmpty()) {
            *error = QStringLiteral("error is not a text");
            return std::nullopt;
        }
    }
    if (!readMeasure(o, "latency_ms", &line.latencyMs, error) || !readMeasure(o, "throughput", &line.throughput, error))
        return std::nullopt;
    if (line.error.isEmpty() && !line.latencyMs && !line.throughput) {
        *error = QStringLiteral("neither a measure nor an error");
        return std::nullopt;
    }
    return line;
}

} // namespace gatefold::tables
