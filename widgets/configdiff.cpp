#include "configdiff.h"

#include "config/flatconfig.h"

namespace gatefold::widgets {

QJsonObject flattenConfig(const QByteArray &configJson)
{
    return config::flatConfig(configJson);
}

QString valueText(const QJsonValue &value)
{
    return config::settingText(value);
}

} // namespace gatefold::widgets
