#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace gatefold::widgets {

// A run config JSON as flat "key" → text value (nested objects joined with dots).
QJsonObject flattenConfig(const QByteArray &configJson);
QString valueText(const QJsonValue &value);

// The keys whose values differ between any of the configs (a key missing in
// one counts as different), sorted.
QStringList differingKeys(const std::vector<QJsonObject> &configs);

// "key=value, key=value" of `keys` for one config: a legend naming what distinguishes a run.
QString describeKeys(const QJsonObject &config, const QStringList &keys, int maxKeys = 4);

} // namespace gatefold::widgets
