#include "configproblem.h"

#include <utility>

namespace gatefold::model {

std::string fillPlaceholders(const std::string &text, const std::vector<std::string> &args)
{
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        const char next = i + 1 < text.size() ? text[i + 1] : '\0';
        if (text[i] == '%' && next >= '1' && next <= '9' && size_t(next - '1') < args.size()) {
            out += args[size_t(next - '1')];
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

ConfigProblem makeProblem(std::string field, const char *text, std::vector<std::string> args)
{
    std::string message = fillPlaceholders(text, args);
    return {std::move(field), std::move(message), text, std::move(args)};
}

} // namespace gatefold::model
