#include "runkeys.h"

#include "filestore.h"
#include "runfiles.h"

#include <QLocale>
#include <QStringDecoder>
#include <QStringList>

#include <limits>

namespace gatefold::mlflow {
namespace {

// A param's or tag's value: MLflow keeps them under 8000 characters.
std::optional<QString> readText(const QString &path, QString *error)
{
    const auto bytes = readSmallFile(path, error, qint64(1) << 20);
    if (!bytes)
        return std::nullopt;
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);  // a cut sequence at the end is an error too
    QString text = utf8.decode(*bytes);
    if (utf8.hasError()) {
        if (error)
            *error = QStringLiteral("%1 is not UTF-8 text; repair or remove it").arg(path);
        return std::nullopt;
    }
    if (text.endsWith(QLatin1Char('\n')))  // MLflow writes none; a hand-written file may have one
        text.chop(1);
    return text;
}

// A value as Python's float() reads it.
std::optional<double> pythonFloat(const QString &text)
{
    const QString t = text.toLower();
    if (t == QLatin1String("nan") || t == QLatin1String("+nan") || t == QLatin1String("-nan"))
        return std::numeric_limits<double>::quiet_NaN();
    if (t == QLatin1String("inf") || t == QLatin1String("+inf") || t == QLatin1String("infinity") || t == QLatin1String("+infinity"))
        return std::numeric_limits<double>::infinity();
    if (t == QLatin1String("-inf") || t == QLatin1String("-infinity"))
        return -std::numeric_limits<double>::infinity();
    bool ok = false;
    const double v = QLocale::c().toDouble(text, &ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

// "<timestamp ms> <value> [<step>]" per line, as FileStore._get_metric_from_line reads them.
std::optional<std::vector<MetricFilePoint>> readMetric(const QString &path, QString *error)
{
    const auto bytes = readSmallFile(path, error, qint64(1) << 30);
    if (!bytes)
        return std::nullopt;
    std::vector<MetricFilePoint> out;
    int lineNo = 0;
    for (const QByteArray &raw : bytes->split('\n')) {
        ++lineNo;
        const QString line = QString::fromLatin1(raw).trimmed();
        if (line.isEmpty())
            continue;
        const QStringList parts = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        bool tsOk = false, stepOk = true;
        MetricFilePoint p;
        if (parts.size() == 2 || parts.size() == 3) {
            p.millis = parts[0].toLongLong(&tsOk);
            if (parts.size() == 3)
                p.step = parts[2].toLongLong(&stepOk);
        }
        const auto value = parts.size() >= 2 ? pythonFloat(parts[1]) : std::nullopt;
        if (!tsOk || !stepOk || !value) {
            if (error)
                *error = QStringLiteral("%1 line %2: '%3' is not '<timestamp ms> <value> <step>' (whole-number "
                                        "milliseconds, a number, a whole-number step); repair or remove the line")
                             .arg(path).arg(lineNo).arg(line.left(80));
            return std::nullopt;
        }
        p.value = *value;
        out.push_back(p);
    }
    if (out.empty()) {
        if (error)
            *error = QStringLiteral("%1 holds no points (MLflow refuses it too); remove the file").arg(path);
        return std::nullopt;
    }
    return out;
}

// The text of each file of `files` (key → path) into `values`, in key order.
bool readTexts(const std::map<QString, QString> &files, QMap<QString, QString> *values, QString *error)
{
    for (const auto &[key, path] : files) {
        const auto text = readText(path, error);
        if (!text)
            return false;
        values->insert(key, *text);
    }
    return true;
}

} // namespace

std::optional<RunKeys> readRunKeys(const QString &runDir, const QString &storeRoot, QString *error)
{
    // All three folders are walked before any is refused (the last bad one is the error).
    const auto paramFiles = filesUnder(runDir + QStringLiteral("/params"), storeRoot, error);
    const auto tagFiles = filesUnder(runDir + QStringLiteral("/tags"), storeRoot, error);
    const auto metricFiles = filesUnder(runDir + QStringLiteral("/metrics"), storeRoot, error);
    if (!paramFiles || !tagFiles || !metricFiles)
        return std::nullopt;
    RunKeys keys;
    if (!readTexts(*paramFiles, &keys.params, error) || !readTexts(*tagFiles, &keys.tags, error))
        return std::nullopt;
    for (const auto &[key, path] : *metricFiles) {
        auto points = readMetric(path, error);
        if (!points)
            return std::nullopt;
        keys.metrics[key] = std::move(*points);
    }
    return keys;
}

} // namespace gatefold::mlflow
