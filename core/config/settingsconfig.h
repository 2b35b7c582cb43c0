#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include "trainconfig.h"

namespace gatefold::train {

// A run config from settings given as text (key → value, as MLflow params
// hold them), over the demo preset (what `gatefold-cli train` starts from): the config JSON (runConfigToJson), validated
// (validateRunConfig). Lists may be "0,1" or "[0, 1]", booleans true/True.
// False with every problem in `problems`, each naming its key.
bool runConfigFromSettings(const QMap<QString, QString> &settings, QByteArray *configJson, QStringList *problems);

// The settings over `config`, not validated; false with a problem per setting that is unknown or
// does not parse (the others are applied).
bool applySettings(const QMap<QString, QString> &settings, RunConfig *config, QStringList *problems);

// Whether `key` is a setting (config::findField).
bool isRunSetting(const QString &key);

} // namespace gatefold::train
