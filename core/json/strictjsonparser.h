#pragma once

#include "strictjson.h"

namespace gatefold::json {

// Reads `text` into `out` (its root value and the line of every value); false
// with "line L, column C: in KEY: what is wrong; what to do" in `error`.
bool parseStrictJson(const QByteArray &text, StrictJson *out, QString *error);

} // namespace gatefold::json
