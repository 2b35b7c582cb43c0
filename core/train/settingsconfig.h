#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

namespace gatefold::train {

// A run config from settings given as text (key → value, as MLflow params
// hold them), over the demo preset (what `gatefold-cli train` starts from): the config JSON (runConfigToJson), validated
// (validateRunConfig). Lists may be "0,1" or "[0, 1]", booleans true/True.
// False with every problem in `problems`, each naming its key.
bool runConfigFromSettings(const QMap<QString, QString> &settings, QByteArray *configJson, QStringList *problems);

// Whether `key` is a setting (findRunField).
bool isRunSetting(const QString &key);

} // namespace gatefold::train
