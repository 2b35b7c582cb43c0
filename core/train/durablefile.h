#pragma once

#include <QString>

#include <cstddef>

namespace gatefold::train {

// Writes `size` bytes as a new file in `dir` and never replaces one: first a
// temporary file (<base>.<random>.tmp, fsync'd), then a hard link to the first
// free name of <base><ext>, <base>-2<ext>, <base>-3<ext>, … (link() fails
// rather than replacing), the temporary name removed and the folder fsync'd.
// Killed at any instant, `dir` holds the old files plus perhaps a *.tmp
// (garbage) or the complete new file. `beforeLink` is called between the two
// (a test kill point). The path written in `*path`; on failure nothing new
// is left and `error` says what and where (a full disk: "no space left on
// <device> …").
bool writeNewFile(const QString &dir, const QString &base, const QString &ext, const char *data, std::size_t size,
                  QString *path, QString *error, void (*beforeLink)() = nullptr);

// "no space left on /dev/vda1 (mounted at /work) while writing <file>" for ENOSPC,
// "disk quota exceeded …" for EDQUOT, else "cannot write <file>: <strerror>".
QString writeErrorText(int error, const QString &file);

} // namespace gatefold::train
