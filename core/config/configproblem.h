#pragma once

#include <string>
#include <vector>

// Marks an English message template for lupdate, which is told to read it as
// QT_TRANSLATE_NOOP (scripts/update-translations.sh passes
// -tr-function-alias QT_TRANSLATE_NOOP+=GF_TRANSLATE_NOOP). core/model has no
// Qt, so here it is the text alone; a GUI translates it at run time with
// QCoreApplication::translate(context, text).
#define GF_TRANSLATE_NOOP(context, text) text

namespace gatefold::model {

// One thing wrong with a config or with a value typed for a setting: the key of
// the field it belongs to (as in configFields(); empty where the caller knows
// it) and a sentence that says what is wrong and what to do.
//
// `message` is that sentence in English, filled in: what the CLI and the logs
// print. `text` is its template with %1, %2 … where `args` go (marked with
// GF_TRANSLATE_NOOP("ConfigProblem", …) where it is written), so a GUI can show
// it in the user's language: translate `text` in context "ConfigProblem", then
// put args[i] for %(i+1). A problem made without a template has an empty `text`.
struct ConfigProblem {
    std::string field;
    std::string message;
    std::string text;
    std::vector<std::string> args;
};

// `text` with every %1 … %9 replaced by args[0] … args[8] in one pass (an
// argument's own "%1" stays as it is); a placeholder without an argument stays too.
std::string fillPlaceholders(const std::string &text, const std::vector<std::string> &args);

// A problem from its template: the English message is the template filled in.
ConfigProblem makeProblem(std::string field, const char *text, std::vector<std::string> args = {});

} // namespace gatefold::model
