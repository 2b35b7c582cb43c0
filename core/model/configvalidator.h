#pragma once

#include "vitconfig.h"

#include <string>
#include <vector>

namespace gatefold::model {

// One thing wrong with a config: the key of the field it belongs to (as in
// configFields()) and a sentence that says what is wrong and what to do.
struct ConfigProblem {
    std::string field;
    std::string message;
};

// Every problem of the config, never just the first; empty when it is valid.
std::vector<ConfigProblem> validateConfig(const ViTConfig &config);

// The problems as one line each, "field: message".
std::string formatProblems(const std::vector<ConfigProblem> &problems);

} // namespace gatefold::model
