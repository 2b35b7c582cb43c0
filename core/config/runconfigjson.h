#pragma once

#include "fieldtable.h"
#include "runvalidation.h"
#include "json/strictjson.h"
#include "trainconfig.h"

#include <QByteArray>
#include <QJsonValue>
#include <QStringList>

#include <vector>

namespace gatefold::train {

// The JSON form of a run config: one object, key → value for every setting
// of config::fields() (numbers, booleans, strings; gate.blocks a list of block
// indices), keys sorted. Reading also takes nested objects ({"gate":
// {"kind": "cde"}} is gate.kind) and only some keys: the rest keep the values
// of `base`.
QByteArray runConfigToJson(const RunConfig &config);

// One thing wrong with a config text: the setting it concerns (empty for the
// text as a whole), its line (0: unknown) and what is wrong and what to do.
struct ConfigTextProblem {
    QString key;
    int line = 0;
    QString message;
    // "line 3: optim.lr: expected a number, …" (a parse error's message carries its own line).
    QString text() const;
};

// Reads `json` over `config`, strictly (core/json/strictjson.h): not JSON, a
// key given twice (also as {"gate": {"kind"}} beside "gate.kind"), an
// unknown key, a value of the wrong JSON type (a number in quotes, a text
// where a number belongs, 2.5 for a whole number, a list for one value, null)
// or a value its setting refuses are each a problem naming the key and its
// line, all of them at once. Does not validate the combination
// (validateRunConfig). With `partial`, the keys that are fine are applied even
// when others are not (to list every problem of the result at once).
bool readRunConfigJson(const QByteArray &json, RunConfig *config, std::vector<ConfigTextProblem> *problems,
                       bool partial = false);

// The same for the object at `pointer` of a document already read (a grid
// file's "base"); problems carry the document's lines.
bool readRunConfigObject(const json::StrictJson &document, const QString &pointer, RunConfig *config,
                         std::vector<ConfigTextProblem> *problems, bool partial = false);

// readRunConfigJson with each problem as its text().
bool runConfigFromJson(const QByteArray &json, RunConfig *config, QStringList *errors, bool partial = false);

// Applies one JSON value to `field` of `config` under the same rules; false
// with what is wrong (without the key) in `why`, the config unchanged.
bool applyJsonSetting(RunConfig *config, const config::Field &field, const QJsonValue &value, QString *why);

} // namespace gatefold::train
