#pragma once

#include "trainconfig.h"

#include "model/configvalidator.h"

#include <functional>
#include <string>
#include <vector>

namespace gatefold::train {

// How a value is written in the JSON form of a run config.
enum class FieldType { Integer, Number, Boolean, Text, IntegerList, NumberList };

// One setting of a run (model or training) addressed by a stable key: the
// model's keys (configFields(), e.g. embed_dim, gate.kind, join.schedule) and
// the training keys (data.*, train.*, optim.*, cde.*, compute.*, init.*).
struct RunField {
    std::string key;
    std::string help;
    FieldType type;
    std::function<std::string(const RunConfig &)> get;
    // Parses `text` into the config; on failure leaves it unchanged and says
    // what was expected in `problem` (message and template; no field).
    std::function<bool(RunConfig &, const std::string &text, model::ConfigProblem *problem)> set;
    // Names a file or folder (data.path, data.val_labels, init.from): made
    // absolute when a run is created (runpaths.h).
    bool path;
};

const std::vector<RunField> &runFields();
const RunField *findRunField(const std::string &key);
bool isTrainingKey(const std::string &key);  // not a model key

// Applies "key=value"; on failure the config is unchanged and `error` says why.
bool applyRunAssignment(RunConfig &config, const std::string &assignment, std::string *error = nullptr);

// Every problem of the training settings and of the model, never just the first.
std::vector<model::ConfigProblem> validateRunConfig(const RunConfig &config);

std::string toString(TauSchedule v);
std::string toString(DeviceChoice v);

} // namespace gatefold::train
