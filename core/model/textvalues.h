#pragma once

#include <cstdint>
#include <string>

namespace gatefold::model {

// Text forms of setting values, shared by every settings table (model keys,
// training keys): parsers leave `out` unchanged on failure and say what was expected.
bool parseWhole(const std::string &text, long long lo, long long hi, long long *out, std::string *error);
bool parseInt(const std::string &text, int *out, std::string *error);
bool parseInt64(const std::string &text, std::int64_t *out, std::string *error);
bool parseDouble(const std::string &text, double *out, std::string *error);  // finite only
bool parseBool(const std::string &text, bool *out, std::string *error);     // true/false, 1/0, yes/no, on/off
// The shortest of 15-17 significant digits that reads back as the same double.
std::string formatDouble(double v);

} // namespace gatefold::model
