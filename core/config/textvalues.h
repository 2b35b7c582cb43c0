#pragma once

#include "configproblem.h"

#include <cstdint>
#include <string>

namespace gatefold::model {

// Text forms of setting values, shared by every settings table (model keys,
// training keys): parsers leave `out` unchanged on failure and say what was
// expected in `problem` (its message, and its template to translate; no field).
bool parseWhole(const std::string &text, long long lo, long long hi, long long *out, ConfigProblem *problem);
bool parseInt(const std::string &text, int *out, ConfigProblem *problem);
bool parseInt64(const std::string &text, std::int64_t *out, ConfigProblem *problem);
bool parseDouble(const std::string &text, double *out, ConfigProblem *problem);  // finite only
bool parseBool(const std::string &text, bool *out, ConfigProblem *problem);     // true/false, 1/0, yes/no, on/off
// The shortest of 15-17 significant digits that reads back as the same double.
std::string formatDouble(double v);

} // namespace gatefold::model
