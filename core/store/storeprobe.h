#pragma once

#include <QString>
#include <QStringList>

namespace gatefold::store {

// What an existing SQLite file holds, read without writing or creating a
// byte (core/store/README.md, "Refusals never write").
struct StoreProbe {
    enum class Kind {
        Empty,       // a 0-byte file, or an SQLite database without tables: a store not made yet
        Store,       // a run store of schema `version`
        Foreign,     // an SQLite database with other tables
        Unreadable,  // not SQLite, or damaged: `error` says what SQLite found
        Damaged,     // a run store of schema `version` without some of its tables or columns: `error` names them
    };
    Kind kind = Kind::Unreadable;
    int version = 0;
    QString error;
    QStringList missing;  // Damaged: "column runs.notes is missing", one line each
    // Unreadable only through a read-only index: a writer was killed with its log's index
    // half-written, and only a connection that may write the index can rebuild it (SQLITE_PROTOCOL
    // or SQLITE_READONLY_RECOVERY under readonly_shm). Not damage.
    bool needsRecovery = false;
};

StoreProbe probeStore(const QString &path);

// probeStore(), read again a few times before a file is called damaged: a
// probe can catch a file in the middle of being created by another process
// (its first page written while read without locks, its log and index made or
// removed between choosing how to read and reading). A file that only looks
// foreign while it or its journals change is read again too.
StoreProbe probeSettled(const QString &path);

// The URI of a read-only SQLite connection to `path` that creates no file:
// with its write-ahead log and index present (a store in use, or left by a
// killed process) a shared read (mode=ro with a read-only index, which sees
// the log's commits and changes no byte of either);
// without them the file alone is the whole database (immutable=1: no locks,
// no -wal, no -shm). `sharedLog` tells which.
QString readOnlyUri(const QString &path, bool *sharedLog = nullptr);

} // namespace gatefold::store
