#include "fieldcodecs.h"

#include "memorysize.h"
#include "textvalues.h"

#include <algorithm>
#include <climits>

namespace gatefold::config {
namespace {

using model::ConfigProblem;
using model::formatDouble;

bool readText(const std::string &t, std::string *v, ConfigProblem *e)
{
    // A line break, tab or NUL in a name or path is a pasting accident (and a NUL would cut the path short).
    if (std::any_of(t.begin(), t.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; })) {
        if (e)
            *e = model::makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "contains a line break or another "
                                                                           "control character; give it on one line"));
        return false;
    }
    *v = t;
    return true;
}

std::vector<std::string> splitCommas(const std::string &text)
{
    std::vector<std::string> items(1);
    for (char ch : text) {
        if (ch == ',')
            items.emplace_back();
        else
            items.back() += ch;
    }
    return items;
}

} // namespace

Codec<int> integerCodec()
{
    return {[](const int &v) { return std::to_string(v); }, model::parseInt, {}};
}

Codec<std::int64_t> integer64Codec()
{
    return {[](const std::int64_t &v) { return std::to_string(v); }, model::parseInt64, {}};
}

Codec<std::uint64_t> seedCodec()
{
    return {[](const std::uint64_t &v) { return std::to_string(v); },
            [](const std::string &t, std::uint64_t *v, ConfigProblem *e) {
                long long w = 0;
                if (!model::parseWhole(t, 0, LLONG_MAX, &w, e))
                    return false;
                *v = std::uint64_t(w);
                return true;
            },
            {}};
}

Codec<double> numberCodec()
{
    return {[](const double &v) { return formatDouble(v); }, model::parseDouble, {}};
}

Codec<bool> booleanCodec()
{
    return {[](const bool &v) { return std::string(v ? "true" : "false"); }, model::parseBool, {}};
}

Codec<std::string> textCodec()
{
    return {[](const std::string &v) { return v; }, readText, {}};
}

Codec<std::string> textChoiceCodec(std::vector<std::string> choices)
{
    return {[](const std::string &v) { return v; },
            // Any name parses (validateRunConfig says what is wrong with an unknown one); the
            // choices are what a form and `config --keys` offer.
            readText, std::move(choices)};
}

Codec<std::string> strictChoiceCodec(std::vector<std::string> choices)
{
    return {[](const std::string &v) { return v; },
            [choices](const std::string &t, std::string *v, ConfigProblem *e) {
                if (std::find(choices.begin(), choices.end(), t) != choices.end()) {
                    *v = t;
                    return true;
                }
                if (e)
                    *e = unknownChoice(t, choices);
                return false;
            },
            choices};
}

Codec<bool> wordsCodec(const char *whenFalse, const char *whenTrue)
{
    const std::vector<std::string> words = {whenFalse, whenTrue};
    return {[words](const bool &v) { return words[v ? 1 : 0]; },
            [words](const std::string &t, bool *v, ConfigProblem *e) {
                if (t == words[0] || t == words[1]) {
                    *v = t == words[1];
                    return true;
                }
                if (e)
                    *e = unknownChoice(t, words);
                return false;
            },
            words};
}

Codec<std::vector<int>> blockListCodec()
{
    const auto format = [](const std::vector<int> &blocks) {
        if (blocks.empty())
            return std::string("all");
        std::string out;
        for (int b : blocks)
            out += (out.empty() ? "" : ",") + std::to_string(b);
        return out;
    };
    const auto parse = [](const std::string &text, std::vector<int> *out, ConfigProblem *problem) {
        std::vector<int> blocks;
        if (text != "all" && !text.empty()) {
            for (const std::string &item : splitCommas(text)) {
                int v = 0;
                if (!model::parseInt(item, &v, nullptr)) {
                    if (problem)
                        *problem = model::makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "'%1' is not 'all' or a "
                                                                                             "comma-separated list of "
                                                                                             "block indices"),
                                                      {text});
                    return false;
                }
                blocks.push_back(v);
            }
        }
        *out = std::move(blocks);
        return true;
    };
    return {format, parse, {}};
}

Codec<std::vector<double>> channelValuesCodec()
{
    const auto format = [](const std::vector<double> &v) {
        if (v.empty())
            return std::string("auto");
        std::string text;
        for (double x : v)
            text += (text.empty() ? "" : ",") + formatDouble(x);
        return text;
    };
    const auto parse = [](const std::string &t, std::vector<double> *v, ConfigProblem *e) {
        std::vector<double> values;
        if (t != "auto" && !t.empty()) {
            for (const std::string &item : splitCommas(t)) {
                double x = 0;
                if (!model::parseDouble(item, &x, nullptr)) {
                    if (e)
                        *e = model::makeProblem({}, GF_TRANSLATE_NOOP("ConfigProblem", "expected auto or numbers "
                                                                                       "separated by commas (one per "
                                                                                       "channel): '%1' is not a finite "
                                                                                       "number"),
                                                {item});
                    return false;
                }
                values.push_back(x);
            }
        }
        *v = std::move(values);
        return true;
    };
    return {format, parse, {}};
}

Codec<std::int64_t> memorySizeCodec()
{
    return {train::formatMemorySize, train::parseMemorySize, {}};
}

} // namespace gatefold::config
