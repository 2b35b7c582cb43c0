#pragma once

#include "configproblem.h"
#include "trainconfig.h"

#include <functional>
#include <string>
#include <vector>

namespace gatefold::config {

// How a value is written in the JSON form of a run config.
enum class FieldType { Integer, Number, Boolean, Text, IntegerList, NumberList };

// The run form's sections, in order (groupName gives the title). Training comes first: what
// changes most between two runs of a preset (epochs, batch size, lr, seed).
enum class FieldGroup { Training, Data, Augmentation, Model, Gates, Folds, Optimisation, Schedules, Compute, Distillation };

// Every group in form order, and its English title, marked for lupdate in
// context "FieldGroups" (a GUI translates it with QCoreApplication::translate).
const std::vector<FieldGroup> &fieldGroups();
const char *groupName(FieldGroup group);

// One setting of a run, addressed by a stable key (timm's argument names where
// timm has one): a row of the one field table (fieldtable.h). The JSON form,
// `--set key=value`, `config --keys`, the run form, config equality and the
// MLflow params are all read from these rows.
struct Field {
    std::string key;
    FieldGroup group = FieldGroup::Model;
    FieldType type = FieldType::Text;
    // One line, English, marked for lupdate in context "RunField" where the row
    // is written; a GUI shows QCoreApplication::translate("RunField", help).
    const char *help = "";
    // The values it accepts when it is a closed choice (an enum's name table,
    // the data sets); empty for free values.
    std::vector<std::string> choices;
    // Names a file or folder: made absolute when a run is created (runpaths.h).
    bool path = false;
    // A setting of the model (RunConfig::model, a ViTConfig) rather than of its training.
    bool model = false;
    // The value in a default-constructed RunConfig, in text form.
    std::string defaultText;

    std::function<std::string(const train::RunConfig &)> get;
    // Parses `text` into the config; on failure leaves it unchanged and says
    // what was expected in `problem` (message and template; no field).
    std::function<bool(train::RunConfig &, const std::string &text, model::ConfigProblem *problem)> set;
    // Whether the member is the same in both (exact, not through text).
    std::function<bool(const train::RunConfig &, const train::RunConfig &)> same;
    // Whether the setting means anything for a config (a form shows only those):
    // the gate's settings with a gate, joining settings with parallel branches, …
    std::function<bool(const train::RunConfig &)> applies;

    // The help with the choices appended: "gate in each gated MLP (none, cde, deep-embed)".
    std::string helpWithChoices() const;
};

} // namespace gatefold::config
