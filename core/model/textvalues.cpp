#include "textvalues.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace gatefold::model {
namespace {

// The ends of a range as a person reads them: 64-bit limits as powers of two, not 19 digits.
std::string boundText(long long v)
{
    if (v == INT64_MAX)
        return "2^63-1";
    if (v == INT64_MIN)
        return "-2^63";
    return std::to_string(v);
}

} // namespace

// A whole number in [lo, hi], or false with a message that names the range.
bool parseWhole(const std::string &text, long long lo, long long hi, long long *out, ConfigProblem *problem)
{
    errno = 0;
    char *end = nullptr;
    const long long v = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno == ERANGE || v < lo || v > hi) {
        if (problem)
            *problem = makeProblem(
                {}, GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is not a whole number between %2 and %3"),
                {text, boundText(lo), boundText(hi)});
        return false;
    }
    *out = v;
    return true;
}

bool parseInt(const std::string &text, int *out, ConfigProblem *problem)
{
    long long v = 0;
    if (!parseWhole(text, INT32_MIN, INT32_MAX, &v, problem))
        return false;
    *out = static_cast<int>(v);
    return true;
}

bool parseInt64(const std::string &text, std::int64_t *out, ConfigProblem *problem)
{
    long long v = 0;
    if (!parseWhole(text, INT64_MIN, INT64_MAX, &v, problem))
        return false;
    *out = static_cast<std::int64_t>(v);
    return true;
}

bool parseDouble(const std::string &text, double *out, ConfigProblem *problem)
{
    errno = 0;
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(v)) {
        if (problem)
            *problem = makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is not a finite number"), {text});
        return false;
    }
    *out = v;
    return true;
}

bool parseBool(const std::string &text, bool *out, ConfigProblem *problem)
{
    if (text == "true" || text == "1" || text == "yes" || text == "on") {
        *out = true;
        return true;
    }
    if (text == "false" || text == "0" || text == "no" || text == "off") {
        *out = false;
        return true;
    }
    if (problem)
        *problem =
            makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is not a boolean; use true or false"), {text});
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
