#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace gatefold::widgets {

// A run config JSON as flat "key" → text value (nested objects joined with dots), and one value as
// the browser's cells show it. Which settings tell runs apart: core/config/settingcomparison.h.
QJsonObject flattenConfig(const QByteArray &configJson);
QString valueText(const QJsonValue &value);

} // namespace gatefold::widgets
