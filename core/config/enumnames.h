#pragma once

#include "configproblem.h"

#include <string>
#include <vector>

namespace gatefold::config {

// One enum's names as config files, `--set`, the form and MLflow params write
// them: the one table each enum has (configenums.cpp), from which its parser,
// its printer and its list of choices all come.
template<typename E>
struct EnumName {
    E value;
    const char *name;
};

template<typename E>
using EnumTable = std::vector<EnumName<E>>;

// Specialised for every config enum in configenums.cpp.
template<typename E>
const EnumTable<E> &enumTable();

template<typename E>
std::string enumName(E value)
{
    for (const auto &entry : enumTable<E>())
        if (entry.value == value)
            return entry.name;
    return "?";
}

template<typename E>
std::vector<std::string> enumChoices()
{
    std::vector<std::string> out;
    for (const auto &entry : enumTable<E>())
        out.emplace_back(entry.name);
    return out;
}

// "a, b, c": what a message lists as the values to use.
std::string joinChoices(const std::vector<std::string> &choices);

// The refusal of a value outside `choices` (a template marked for translation).
model::ConfigProblem unknownChoice(const std::string &text, const std::vector<std::string> &choices);

template<typename E>
bool parseEnum(const std::string &text, E *out, model::ConfigProblem *problem)
{
    for (const auto &entry : enumTable<E>()) {
        if (text == entry.name) {
            *out = entry.value;
            return true;
        }
    }
    if (problem)
        *problem = unknownChoice(text, enumChoices<E>());
    return false;
}

} // namespace gatefold::config
