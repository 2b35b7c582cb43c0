#pragma once

// A run config as the run browser, Compare, Groups and the result tables read
// it: nested objects flattened to the field table's dotted keys.

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace gatefold::config {

// {"train": {"seed": 1}} → {"train.seed": 1}; a text that is no JSON object gives {}.
QJsonObject flatConfig(const QByteArray &json);

// One value of a flat config as text: true/false, numbers to 12 significant digits, lists joined by
// commas, "—" for null or absent, objects as compact JSON.
QString settingText(const QJsonValue &value);

} // namespace gatefold::config
