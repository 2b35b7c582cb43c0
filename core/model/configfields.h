#pragma once

#include "configproblem.h"
#include "vitconfig.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gatefold::model {

// One setting of ViTConfig addressed by a stable text key, so that a JSON
// file, a `--set key=value` override and a form field all reach the same
// member. Keys follow timm's argument names where timm has one.
struct ConfigField {
    std::string key;
    std::string help;  // one line: meaning, accepted values
    std::function<std::string(const ViTConfig &)> get;
    // Parses `text` into the config; on failure leaves it unchanged and says
    // what was expected in `problem` (message and template; no field).
    std::function<bool(ViTConfig &, const std::string &text, ConfigProblem *problem)> set;
};

const std::vector<ConfigField> &configFields();
const ConfigField *findConfigField(const std::string &key);

bool setConfigValue(ViTConfig &config, const std::string &key, const std::string &value,
                    std::string *error = nullptr);
// Applies one "key=value" assignment.
bool applyAssignment(ViTConfig &config, const std::string &assignment, std::string *error = nullptr);
std::optional<std::string> configValue(const ViTConfig &config, const std::string &key);

// Enum names as they appear in config files.
std::string toString(Pooling v);
std::string toString(GateKind v);
std::string toString(AssignKind v);
std::string toString(GateTarget v);
std::string toString(Sharing v);
std::string toString(AssignScope v);
std::string toString(EmbedInit v);
std::string toString(CodebookInit v);
std::string toString(WeightInit v);
std::string toString(JoinVariant v);
std::string toString(JoinScheduleKind v);
std::string toString(JoinStage v);

} // namespace gatefold::model
