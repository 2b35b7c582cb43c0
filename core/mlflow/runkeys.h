#pragma once

#include <QMap>
#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace gatefold::mlflow {

// One line of a metric file: "<timestamp ms> <value> [<step>]".
struct MetricFilePoint {
    qint64 millis = 0;
    double value = 0;
    qint64 step = 0;
};

// A run's params, tags and metrics: one file per key under params/, tags/ and
// metrics/, keys with '/' nested.
struct RunKeys {
    QMap<QString, QString> params, tags;
    std::map<QString, std::vector<MetricFilePoint>> metrics;
};

// Reads every param, tag and metric of the run in `runDir`, inside the MLflow
// store `storeRoot` (runfiles.h: filesUnder). Refuses (nullopt, `error`
// naming the file and line, and what to do) a value that is not UTF-8 text
// and a metric line that is not "<ms> <value> [<step>]" or a metric with no
// points.
std::optional<RunKeys> readRunKeys(const QString &runDir, const QString &storeRoot, QString *error);

} // namespace gatefold::mlflow
