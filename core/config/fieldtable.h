#pragma once

#include "field.h"
#include "trainconfig.h"

#include <optional>
#include <string>
#include <vector>

// The one table of every setting of a run (core/config/README.md says how to
// add one). Its rows are written in modelfields.cpp, datafields.cpp and
// trainingfields.cpp.

namespace gatefold::config {

// Every setting, in form order: the model's keys (img_size, gate.kind,
// join.schedule, …), then data.*, aug.*, train.*, optim.*, cde.*, compute.*, init.*.
const std::vector<Field> &fields();
const Field *findField(const std::string &key);
bool isTrainingKey(const std::string &key);  // a setting, not of the model

// Applies "key=value"; on failure the config is unchanged and `error` says why.
bool applyAssignment(train::RunConfig &config, const std::string &assignment, std::string *error = nullptr);
// The same for a model alone: only the model's keys.
bool applyModelAssignment(model::ViTConfig &config, const std::string &assignment, std::string *error = nullptr);

// The text form of a setting's value; nullopt for an unknown key.
std::optional<std::string> value(const train::RunConfig &config, const std::string &key);
std::optional<std::string> value(const model::ViTConfig &config, const std::string &key);

// Whether `key` means anything for `config` (Field::applies); true for an unknown key.
bool fieldApplies(const train::RunConfig &config, const std::string &key);

} // namespace gatefold::config
