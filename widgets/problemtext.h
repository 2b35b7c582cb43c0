#pragma once

#include "config/configproblem.h"

#include <QString>

namespace gatefold::widgets {

// A validator's or parser's problem in the user's language: its template
// translated in context "ConfigProblem" (lupdate finds the templates in core/,
// scripts/update-translations.sh), with its arguments put in; its English
// message where it has no template.
QString problemText(const model::ConfigProblem &problem);

} // namespace gatefold::widgets
