#include "textvalues.h"

#include <cctype>
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

// Whether `text` is a number as a person writes one (decimal, no space around it, not hex): the
// only text the parsers below look at further (strtod reads " 2", "0x1p-3" and "inf" too).
bool plainNumberText(const std::string &text)
{
    if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))
        || std::isspace(static_cast<unsigned char>(text.back())))
        return false;
    return text.find_first_of("xXpP") == std::string::npos;
}

bool hexText(const std::string &text)
{
    return text.find_first_of("xX") != std::string::npos;
}

} // namespace

// A whole number in [lo, hi], or false with a message that names the range.
bool parseWhole(const std::string &text, long long lo, long long hi, long long *out, ConfigProblem *problem)
{
    errno = 0;
    char *end = nullptr;
    const long long v = plainNumberText(text) ? std::strtoll(text.c_str(), &end, 10) : 0;
    const bool whole = plainNumberText(text) && *end == '\0';
    if (whole && errno != ERANGE && v >= lo && v <= hi) {
        *out = v;
        return true;
    }
    // A whole number all the same (1e30, 9223372036854775808): out of range, not "not a whole number".
    errno = 0;
    const double d = plainNumberText(text) ? std::strtod(text.c_str(), &end) : 0;
    const bool wholeButFar = whole || (plainNumberText(text) && *end == '\0' && std::isfinite(d) && d == std::floor(d)
                                       && (d < double(lo) || d > double(hi)));
    if (problem)
        *problem = wholeButFar
            ? makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is out of range: give a whole number between %2 and %3"),
                          {text, boundText(lo), boundText(hi)})
            : makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is not a whole number between %2 and %3"),
                          {text, boundText(lo), boundText(hi)});
    return false;
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
    const double v = plainNumberText(text) ? std::strtod(text.c_str(), &end) : 0;
    const bool number = plainNumberText(text) && *end == '\0';
    const bool outOfRange = number && errno == ERANGE;  // to ±inf, or below the smallest double
    if (number && std::isfinite(v) && !(outOfRange && v == 0)) {  // a subnormal is a number, if not exact
        *out = v;
        return true;
    }
    if (!problem)
        return false;
    if (outOfRange && v == 0)  // 1e-400: not 0, but no double is that small
        *problem = makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is too small to represent (it would round "
                                                                      "to 0; the smallest is about 2.2e-308); give 0 "
                                                                      "or a larger number"),
                               {text});
    else if (outOfRange)
        *problem = makeProblem(
            {}, GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is too large to represent (the largest is about 1.8e308)"), {text});
    else if (hexText(text))
        *problem = makeProblem(
            {}, GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is a hexadecimal number; write it in decimal (e.g. 0.125)"), {text});
    else
        *problem = makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is not a finite number"), {text});
    return false;
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
