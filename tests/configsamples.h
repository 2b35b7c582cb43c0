#pragma once

// Values that move each setting of the field table away from its default, made
// from the row alone (its type and choices), so that a new row is tested
// without touching the tests.

#include "config/fieldtable.h"
#include "config/textvalues.h"

#include <string>

namespace gatefold::test {

// A text `field.set` accepts whose value differs from the default's.
inline std::string otherValue(const config::Field &field)
{
    for (const std::string &choice : field.choices)
        if (choice != field.defaultText)
            return choice;
    switch (field.type) {
    case config::FieldType::Boolean:
        return field.defaultText == "true" ? "false" : "true";
    case config::FieldType::Integer:
        return std::to_string(std::stoll(field.defaultText) + 3);
    case config::FieldType::Number:
        // Not exact in decimal: the text form must carry every digit.
        return model::formatDouble(std::stod(field.defaultText) * 2 + 1.0 / 3.0);
    case config::FieldType::IntegerList:
        return "0,2";
    case config::FieldType::NumberList:
        return "0.25,0.5,0.7";
    case config::FieldType::Text:
        break;
    }
    if (field.key == "compute.memory_limit")
        return "3G";
    return "changed-" + field.key;
}

// A config with every setting moved (otherValue), through the table's own setters.
inline train::RunConfig everySettingChanged()
{
    train::RunConfig c;
    for (const auto &field : config::fields())
        field.set(c, otherValue(field), nullptr);
    return c;
}

} // namespace gatefold::test
