#include "textvalues.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace gatefold::model {

// A whole number in [lo, hi], or false with a message that names the range.
bool parseWhole(const std::string &text, long long lo, long long hi, long long *out, std::string *error)
{
    errno = 0;
    char *end = nullptr;
    const long long v = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno == ERANGE || v < lo || v > hi) {
        if (error)
            *error = "'" + text + "' is not a whole number between " + std::to_string(lo) + " and "
                   + std::to_string(hi);
        return false;
    }
    *out = v;
    return true;
}

bool parseInt(const std::string &text, int *out, std::string *error)
{
    long long v = 0;
    if (!parseWhole(text, INT32_MIN, INT32_MAX, &v, error))
        return false;
    *out = static_cast<int>(v);
    return true;
}

bool parseInt64(const std::string &text, std::int64_t *out, std::string *error)
{
    long long v = 0;
    if (!parseWhole(text, INT64_MIN, INT64_MAX, &v, error))
        return false;
    *out = static_cast<std::int64_t>(v);
    return true;
}

bool parseDouble(const std::string &text, double *out, std::string *error)
{
    errno = 0;
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(v)) {
        if (error)
            *error = "'" + text + "' is not a finite number";
        return false;
    }
    *out = v;
    return true;
}

bool parseBool(const std::string &text, bool *out, std::string *error)
{
    if (text == "true" || text == "1" || text == "yes" || text == "on") {
        *out = true;
        return true;
    }
    if (text == "false" || text == "0" || text == "no" || text == "off") {
        *out = false;
        return true;
    }
    if (error)
        *error = "'" + text + "' is not a boolean; use true or false";
    return false;
}

// The shortest of 15-17 significant digits that reads back as the same double.
std::string formatDouble(double v)
{
    for (int digits = 15; digits <= 17; ++digits) {
        std::ostringstream out;
        out.precision(digits);
        out << v;
        if (std::strtod(out.str().c_str(), nullptr) == v || digits == 17)
            return out.str();
    }
    return {};
}

} // namespace gatefold::model
