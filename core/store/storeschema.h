#pragma once

#include <QString>

class QSqlDatabase;

namespace gatefold::store {

// The schema version this build writes (SQLite's PRAGMA user_version).
int currentSchemaVersion();

// Brings a store at `fromVersion` (0: empty file) to currentSchemaVersion(),
// one migration per version, each in its own transaction with the version
// bump, so a store is always at some whole version. False + `error` on failure
// (the failed step is rolled back).
bool migrateSchema(QSqlDatabase &db, int fromVersion, QString *error);

} // namespace gatefold::store
