#pragma once

// A run as computeTable() reads it (not part of the tables' API): its record
// and its config flattened to dotted keys, and config values as a table shows them.

#include "store/storetypes.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace gatefold::tables {

struct TableRun {
    store::RunRecord record;
    QJsonObject config;  // config::flatConfig(record.configJson)
};

// A config value as a cell shows it and groups compare it: the string, "true"/"false", a number
// with up to 12 significant digits, an array's values joined by ','; "" for anything else.
QString valueText(const QJsonValue &v);

} // namespace gatefold::tables
