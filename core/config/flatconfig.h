#pragma once

// A run config as the run browser, Compare, Groups and the result tables read
// it: nested objects flattened to the field table's dotted keys.

#include <QByteArray>
#include <QJsonObject>

namespace gatefold::config {

// {"train": {"seed": 1}} → {"train.seed": 1}; a text that is no JSON object gives {}.
QJsonObject flatConfig(const QByteArray &json);

} // namespace gatefold::config
