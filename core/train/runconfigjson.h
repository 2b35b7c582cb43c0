#pragma once

#include "trainconfig.h"

#include <QByteArray>
#include <QStringList>

namespace gatefold::train {

// The JSON form of a run config: one object, key → value for every setting
// of runFields() (numbers, booleans, strings; gate.blocks a list of block
// indices), keys sorted. Reading also takes nested objects ({"gate":
// {"kind": "cde"}} is gate.kind) and only some keys: the rest keep the values
// of `base`.
QByteArray runConfigToJson(const RunConfig &config);

// Reads `json` over `base`. Returns false with every problem in `errors`
// (bad JSON with its line, unknown keys, wrong types, bad values); a key's
// problems name the key. Does not validate the combination (validateRunConfig).
// With `partial`, the keys that are fine are applied even when others are not
// (the CLI then validates what it can, to list every problem at once).
bool runConfigFromJson(const QByteArray &json, RunConfig *config, QStringList *errors, bool partial = false);

} // namespace gatefold::train
