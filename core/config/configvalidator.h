#pragma once

#include "configproblem.h"
#include "vitconfig.h"

#include <string>
#include <vector>

namespace gatefold::model {

// Every problem of the config, never just the first; empty when it is valid.
std::vector<ConfigProblem> validateConfig(const ViTConfig &config);

// The problems as one line each, "field: message".
std::string formatProblems(const std::vector<ConfigProblem> &problems);

} // namespace gatefold::model
