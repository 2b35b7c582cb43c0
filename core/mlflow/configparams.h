#pragma once

#include <QByteArray>
#include <QString>

#include <map>

namespace gatefold::mlflow {

// A number as MLflow's Python writes it (repr of a float): shortest round trip.
QString pythonFloat(double v);

// The MLflow params of a run config JSON: one per setting (the field table's
// keys; nested objects become dotted keys), each in the text form `--set
// key=value` takes (lists comma-separated). Import reads them back with
// train::applySettings (config/settingsconfig.h).
std::map<QString, QString> configParams(const QByteArray &configJson);

} // namespace gatefold::mlflow
