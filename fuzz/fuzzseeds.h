#pragma once

#include <QString>

namespace gatefold::fuzz {

// Writes the seed corpus: valid files of every harness's format (written by
// our own writers or as the outside world writes them) under
// <dir>/<harness>/, and libFuzzer dictionaries as <dir>/<harness>.dict.
// False with the reason in `error`.
bool writeSeedCorpus(const QString &dir, QString *error);

} // namespace gatefold::fuzz
