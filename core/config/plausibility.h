#pragma once

#include "configproblem.h"
#include "trainconfig.h"

#include <functional>
#include <string>
#include <vector>

namespace gatefold::config {

// A value that is valid but unlikely to be meant (optim.lr = 2, join.branches = 12): a warning, not
// an error — the run can still be queued. Each rule names its setting, says why and the usual range
// in its template (marked GF_TRANSLATE_NOOP("ConfigProblem", …), %1 the value as the field writes
// it, %2 … what `args` adds), and when it fires.
struct PlausibilityRule {
    std::string key;
    const char *text = "";
    std::function<bool(const train::RunConfig &)> implausible;
    // Arguments after the value (%2 …); none for most rules.
    std::function<std::vector<std::string>(const train::RunConfig &)> moreArgs;
};

// Every rule (the Training section's settings first).
const std::vector<PlausibilityRule> &plausibilityRules();

// The warnings for a config: one per rule that fires on a setting that applies to it
// (fieldApplies), as ConfigProblems with their templates (GUI: widgets/problemtext.h translates them).
std::vector<model::ConfigProblem> plausibilityWarnings(const train::RunConfig &config);

} // namespace gatefold::config
