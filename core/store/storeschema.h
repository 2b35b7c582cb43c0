#pragma once

#include "storesql.h"

#include <QString>
#include <QStringList>

#include <optional>

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

// What a store lacks of its schema `version`'s tables and columns (missingSchemaParts()).
struct SchemaDamage {
    int version = 0;
    QStringList missing;
};

// Reads a PostgreSQL store's schema version and migrates it to today's, in one
// transaction under an advisory lock (processes opening one store at once
// wait for each other). Returns the version, or -1 with `error`; `refused` is
// true when the database is not ours to touch (other tables, a newer schema,
// damaged: a table or column of its version missing, named in `damage`):
// nothing was written. The tables are looked up only under the lock (a name
// looked up before it, while another process creates the store, can stay
// "missing" in this session's catalog cache).
int openPostgresSchema(QSqlDatabase &db, QString *error, bool *refused, SchemaDamage *damage);

// The migration script that takes a store from `version` to `version` + 1, as
// written for both databases (sql::adapt() fills its tokens). storeschemamigrations.cpp.
QString migrationScript(int version);

// What a store of schema `version` lacks of the tables and columns its
// migrations made, one line each ("column runs.notes is missing", "table
// artifacts is missing"); empty when every one is there; nullopt with `error`
// when the store's tables cannot be listed. `dialect` adds the columns only
// one database has (PostgreSQL's metrics.seq). Tables and columns the
// migrations did not make are left alone. storeschemacheck.cpp.
std::optional<QStringList> missingSchemaParts(QSqlDatabase &db, Dialect dialect, int version, QString *error);

} // namespace gatefold::store
