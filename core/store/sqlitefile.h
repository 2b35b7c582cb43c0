#pragma once

// What the run store needs to know about an SQLite file beyond Qt Sql: the
// sqlite3 handle behind a connection, and the file system facts that decide
// whether a store may be written there (core/store/README.md, the hazards).

#include <QString>

#include <optional>

class QSqlDatabase;
struct sqlite3;

namespace gatefold::store::sqlitefile {

// The sqlite3 connection behind a QSQLITE QSqlDatabase, or nullptr.
sqlite3 *handle(const QSqlDatabase &db);

// Closing this connection must not checkpoint its write-ahead log into the
// database nor delete the -wal/-shm files: they are not ours to touch (a
// refused store, or a log that another process deleted and replaced).
void keepFilesOnClose(const QSqlDatabase &db);

// Whether the files this connection writes are still the ones its path
// names. A store file renamed or deleted while open (How To Corrupt §2.4), or
// its write-ahead log deleted by another process's close after our POSIX locks
// were dropped by a close() in this process (§2.2): writing on would go into
// a file nobody else reads, and closing would checkpoint a stale log.
struct MovedFiles {
    bool database = false;  // the database file is no longer at its path
    bool log = false;       // the -wal this connection writes is no longer at its path
    bool logOpen = false;   // the connection has its -wal open (it read or wrote in WAL mode)
};
MovedFiles movedFiles(const QSqlDatabase &db);
// The name of the VFS the connection's database file uses ("unix": POSIX advisory locks).
QString vfsName(const QSqlDatabase &db);
// Whether this process still maps a deleted -shm (WAL index) of `databasePath`.
bool mapsDeletedIndex(const QString &databasePath);
// Whether another process holds a lock on the database file this connection
// has open (under any name): then it is in use elsewhere.
bool othersUseTheFile(const QSqlDatabase &db);
// Whether this process still holds a POSIX lock on the WAL index (-shm) of the
// connection's store (every connection that has read in WAL mode holds one for
// as long as it is open); nullopt when that cannot be told (no log open, no
// /proc/locks). False means a close() elsewhere in the process dropped it.
std::optional<bool> holdsIndexLock(const QSqlDatabase &db);
// Whether the connection is inside a transaction (then it is not reopened).
bool inTransaction(const QSqlDatabase &db);

// Replaces SQLite's automatic checkpoint (PASSIVE: it runs beside other
// writers) by a FULL one, which holds the write lock while it copies the log
// into the store, after a commit leaves the log at `frames` pages or more.
// SQLite 3.7.0-3.51.2 (Debian 12 ships 3.40.1) can corrupt a WAL database when
// a checkpoint races a commit that restarts the log ("WAL-reset bug", fixed in
// 3.51.3): with every checkpoint of ours excluding writers the race cannot happen.
void checkpointUnderWriteLock(const QSqlDatabase &db, int frames = 1000);

// A file system that SQLite's locks and WAL shared memory do not work on
// across machines: its name ("nfs", "cifs", "fuse", …), or nullopt for a
// local one. `path` is a directory that exists.
std::optional<QString> networkFileSystem(const QString &path);
// The statfs f_type of the directory `path` (0 if it cannot be read), and its
// name where known; for messages and tests.
qint64 fileSystemType(const QString &path);
QString fileSystemName(qint64 type);
// Tests: make networkFileSystem() see `type` for every path (0: the real one).
void pretendFileSystemForTests(qint64 type);

// The file system `path` lies on, for messages: "/dev/sda2 (ext4) at /home",
// "tmpfs at <mount point>".
QString deviceOf(const QString &path);
// Bytes this process may still write on the file system of `path` (-1 if unknown).
qint64 freeBytes(const QString &path);

// Journal files (-wal, -shm, -journal) that exist beside `databasePath`.
QStringList journalFilesBeside(const QString &databasePath);

// The absolute path with every symlink resolved, also when the file does not
// exist yet (a dangling link is followed to where the file will be, else the
// nearest folder that exists is resolved); SQLite names its journals after
// the path it opens, so every process must open a store by one name, and the
// store's run folders lie beside that one file (StoreLocation::parse).
QString canonicalPath(const QString &path);

} // namespace gatefold::store::sqlitefile
