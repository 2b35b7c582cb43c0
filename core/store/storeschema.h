#pragma once

#include <QString>

class QSqlDatabase;

namespace gatefold::store {

// The schema version this build writes (SQLite's PRAGMA user_version; the one
// row of a PostgreSQL store's gatefold_schema table).
int currentSchemaVersion();

// Brings an SQLite store at `fromVersion` (0: empty file) to
// currentSchemaVersion(), one migration per version, each in its own
// transaction with the version bump, so a store is always at some whole
// version. False + `error` on failure (the failed step is rolled back).
bool migrateSchema(QSqlDatabase &db, int fromVersion, QString *error);

// Reads a PostgreSQL store's schema version and migrates it to today's, in one
// transaction under an advisory lock (processes opening one store at once
// wait for each other). Returns the version, or -1 with `error`; `refused` is
// true when the database is not ours to touch (other tables, a newer schema,
// damaged): nothing was written.
int openPostgresSchema(QSqlDatabase &db, QString *error, bool *refused);

} // namespace gatefold::store
