#pragma once

#include "configproblem.h"
#include "configvalidator.h"  // formatProblems
#include "trainconfig.h"

#include <vector>

namespace gatefold::train {

// Every problem of the training settings and of the model, never just the first.
std::vector<model::ConfigProblem> validateRunConfig(const RunConfig &config);

} // namespace gatefold::train
