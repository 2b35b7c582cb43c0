#pragma once

#include <QString>

namespace gatefold::store {

// Reads a store file's schema version without writing a byte (a read-only
// connection). Returns the version (0: an empty SQLite file), or -1 with
// `error` set when the file is not SQLite, is damaged, or holds other tables.
int probeVersion(const QString &path, QString *error);

} // namespace gatefold::store
