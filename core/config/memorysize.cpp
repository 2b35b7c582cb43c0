#include "memorysize.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace gatefold::train {
namespace {

// The number and the power of 1024 of "1.5 GiB" (number 1.5, power 3); false when it is not of that form.
bool splitSize(const std::string &text, std::string *number, int *power)
{
    size_t i = 0;
    const auto skipSpaces = [&] {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
    };
    const auto digits = [&] {
        const size_t from = i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
            ++i;
        return i > from;
    };
    skipSpaces();
    const size_t start = i;
    if (!digits())
        return false;
    if (i < text.size() && text[i] == '.' && (++i, !digits()))
        return false;
    *number = text.substr(start, i - start);
    skipSpaces();
    *power = 0;
    static const std::string units = "KMGT";
    if (i < text.size()) {
        const size_t unit = units.find(char(std::toupper(static_cast<unsigned char>(text[i]))));
        if (unit != std::string::npos) {
            *power = int(unit) + 1;
            ++i;
        }
    }
    if (i < text.size() && std::toupper(static_cast<unsigned char>(text[i])) == 'I' && *power > 0)
        ++i;
    if (i < text.size() && std::toupper(static_cast<unsigned char>(text[i])) == 'B')
        ++i;
    else if (i > 0 && std::toupper(static_cast<unsigned char>(text[i - 1])) == 'I')
        return false;  // "8Gi" without its B
    skipSpaces();
    return i == text.size();
}

} // namespace

bool parseMemorySize(const std::string &text, std::int64_t *bytes, model::ConfigProblem *problem)
{
    std::string number;
    int power = 0;
    long double value = 0;
    const bool ok = splitSize(text, &number, &power);
    if (ok)
        value = std::strtold(number.c_str(), nullptr) * std::pow(1024.0L, power);
    if (!ok || value >= static_cast<long double>(std::numeric_limits<std::int64_t>::max())
        || value != std::floor(value)) {
        if (problem)
            *problem = model::makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is not a memory size; give 0 "
                                                                                 "(this machine's memory) or a size "
                                                                                 "such as 8G, 512M or 1.5G"),
                                          {text});
        return false;
    }
    *bytes = std::int64_t(value);
    return true;
}

std::string formatMemorySize(const std::int64_t &bytes)
{
    static const char units[] = "KMGT";
    for (int power = 4; power >= 1; --power) {
        const std::int64_t unit = std::int64_t(1) << (10 * power);
        if (bytes > 0 && bytes % unit == 0)
            return std::to_string(bytes / unit) + units[power - 1];
    }
    return std::to_string(bytes);
}

} // namespace gatefold::train
