#pragma once

#include <QString>

class QSqlDatabase;

namespace gatefold::store {

// The schema version this build writes (SQLite's PRAGMA user_version; the one
// row of a PostgreSQL store's gatefold_schema table).
int currentSchemaVersion();

// Reads an SQLite store's version and brings it to currentSchemaVersion()
// in one exclusive transaction (a new file gets the whole schema), so
// processes opening a store at once create or migrate it once and a store is
// always at some whole version. Returns the version, or -1 with `error`;
// `refused` is true when the file is not ours to touch (other tables, a newer
// schema): nothing was written.
int openSqliteSchema(QSqlDatabase &db, QString *error, bool *refused);

// A PostgreSQL store's version without writing (read-only opens), or -1 with
// `error` when the database holds no store.
int readPostgresSchema(QSqlDatabase &db, QString *error);

// Reads a PostgreSQL store's schema version and migrates it to today's, in one
// transaction under an advisory lock (processes opening one store at once
// wait for each other). Returns the version, or -1 with `error`; `refused` is
// true when the database is not ours to touch (other tables, a newer schema,
// damaged): nothing was written.
int openPostgresSchema(QSqlDatabase &db, QString *error, bool *refused);

} // namespace gatefold::store
