#pragma once

#include "configproblem.h"
#include "enumnames.h"
#include "field.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

// How the rows of the field table are written (modelfields.cpp,
// trainingfields.cpp): a Codec turns a member's value into text and back; a
// row reaches its member through an accessor `[](auto &c) -> auto & { … }`
// that works on a const and a non-const RunConfig, so get, set and equality
// come from one expression.

namespace gatefold::config {

template<typename T>
struct Codec {
    std::function<std::string(const T &)> format;
    std::function<bool(const std::string &, T *, model::ConfigProblem *)> parse;
    std::vector<std::string> choices;  // a closed choice's values
};

Codec<int> integerCodec();
Codec<std::int64_t> integer64Codec();
Codec<std::uint64_t> seedCodec();      // 0 … 2^63 − 1
Codec<double> numberCodec();           // finite
Codec<bool> booleanCodec();            // true/false (also 1/0, yes/no, on/off)
Codec<std::string> textCodec();        // one line, no control characters
Codec<std::string> textChoiceCodec(std::vector<std::string> choices);
Codec<std::string> strictChoiceCodec(std::vector<std::string> choices);  // one of `choices`, else refused
Codec<bool> wordsCodec(const char *whenFalse, const char *whenTrue);  // data.bad_images: stop, skip
Codec<std::vector<int>> blockListCodec();           // "all" or "0,2,5"
Codec<std::vector<double>> channelValuesCodec();    // "auto" or "0.5,0.5,0.5"
Codec<std::int64_t> memorySizeCodec();              // "8G", "512M", 0

template<typename E>
Codec<E> enumCodec()
{
    return {[](const E &v) { return enumName(v); },
            [](const std::string &t, E *v, model::ConfigProblem *e) { return parseEnum(t, v, e); },
            enumChoices<E>()};
}

// A row: `access` reaches the member in a RunConfig.
template<typename T, typename Access>
Field makeField(const char *key, FieldGroup group, FieldType type, bool model, const char *help, Access access,
                Codec<T> codec)
{
    Field f;
    f.key = key;
    f.group = group;
    f.type = type;
    f.model = model;
    f.help = help;
    f.choices = codec.choices;
    f.get = [access, format = codec.format](const train::RunConfig &c) { return format(access(c)); };
    f.set = [access, parse = codec.parse](train::RunConfig &c, const std::string &t, model::ConfigProblem *e) {
        T value{};
        if (!parse(t, &value, e))
            return false;
        access(c) = std::move(value);
        return true;
    };
    f.same = [access](const train::RunConfig &a, const train::RunConfig &b) { return access(a) == access(b); };
    f.applies = [](const train::RunConfig &) { return true; };
    return f;
}

} // namespace gatefold::config

// Accessors of a model member and of a training member.
#define GF_MODEL(member) [](auto &c) -> auto & { return c.model.member; }
#define GF_TRAIN(member) [](auto &c) -> auto & { return c.train.member; }
