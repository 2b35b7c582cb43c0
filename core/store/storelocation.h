#pragma once

#include <QString>

#include <optional>

namespace gatefold::store {

// Where a run store lives: an SQLite file (a path), or a PostgreSQL database
// named by a connection URL, shared by a team or a cluster (core/store/README.md):
//
//   postgresql://[user[:password]@]host[:port]/database[?runs=DIR&sslmode=…&connect_timeout=…]
//
// (postgres:// too; host may be a Unix socket directory written %2F-encoded
// or as ?host=/run/postgresql). Without a password in the URL, libpq reads
// $PGPASSWORD or ~/.pgpass, which keeps it out of process lists.
// A store's files (checkpoints, engine logs: runs/<id>/) live beside an SQLite
// file, and for a database under `runs=` (a directory every machine that trains
// or browses sees at the same path) or by default under the user's data
// directory, gatefold/servers/<host>-<port>-<database>.
struct StoreLocation {
    enum class Kind { SqliteFile, Postgres };
    Kind kind = Kind::SqliteFile;
    QString given;        // as the user wrote it: what engine children get
    QString file;         // SqliteFile: the absolute path, every symlink resolved (sqlitefile::canonicalPath)
    QString host;         // Postgres: host name, address or socket directory
    int port = 5432;
    QString database;
    QString user;
    QString password;
    QString options;      // QPSQL connect options ("sslmode=require;connect_timeout=10")
    QString dataDir;      // where runs/<id>/ and relative artifact paths live (SQLite: beside the real file)

    bool isPostgres() const { return kind == Kind::Postgres; }
    // For messages and titles: the path, or the URL without its password.
    QString display() const;

    // A path or a postgres URL; nullopt with `error` saying what is wrong
    // with the URL and what a good one looks like.
    static std::optional<StoreLocation> parse(const QString &text, QString *error);
    static bool looksLikeUrl(const QString &text);
};

} // namespace gatefold::store
