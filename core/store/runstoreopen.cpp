// RunStore: opening a store (SQLite file or PostgreSQL URL), read-write or
// read-only. Everything that refuses a store decides before a byte is
// written or a file created (core/store/README.md, "Refusals never write").

#include "runstore.h"

#include "sqlitefile.h"
#include "storeprobe.h"
#include "storeschema.h"
#include "storesql.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QVariant>

#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

namespace gatefold::store {
namespace {

// Empty when this process may write `path`; else why not, in words.
QString unwritableReason(const QString &path, bool isDirectory)
{
    if (::access(QFile::encodeName(path).constData(), W_OK) == 0)
        return {};
    const QString shown = QDir::toNativeSeparators(path);
    if (errno == EROFS)
        return QStringLiteral("%1 lies on a read-only file system").arg(shown);
    return isDirectory ? QStringLiteral("its folder %1 is not writable").arg(shown)
                       : QStringLiteral("the file is not writable");
}

// Why a store that exists cannot be written here, or empty.
QString storeUnwritableReason(const QFileInfo &file)
{
    // SQLite writes beside the file (-wal, -shm, -journal): the folder must take new files too.
    QString why = unwritableReason(file.absolutePath(), true);
    if (why.isEmpty())
        why = unwritableReason(file.absoluteFilePath(), false);
    // A log and index another user's process left (or keeps) beside it. One that is gone by the time it is
    // checked was removed by the last process to close the store (8 creators at once: tst_storeconcurrent).
    for (const QString &journal : sqlitefile::journalFilesBeside(file.absoluteFilePath()))
        if (why.isEmpty() && ::access(QFile::encodeName(journal).constData(), W_OK) != 0 && errno != ENOENT)
            why = QStringLiteral("its %1 is not writable (another user's process has the store open, or left it)")
                      .arg(QDir::toNativeSeparators(journal));
    return why;
}

QString nearestExistingFolder(QString path)
{
    // Up to a folder that exists, or to where the path no longer shortens (the root).
    while (!QFileInfo(path).isDir() && !path.isEmpty()) {
        const QString parent = QFileInfo(path).absolutePath();
        if (parent == path)
            break;
        path = parent;
    }
    return path;
}

QString notAStore(const QString &shown, const QString &why)
{
    return QStringLiteral("%1 is not a Gatefold run store or is damaged (%2). It was not modified; choose another "
                          "file with --store or move this one away.")
        .arg(shown, why);
}

// A store whose tables or columns were dropped by something else: every read of them would
// come back empty or as zeros, and a run created in it could not be found again.
QString damagedTables(const QString &shown, const QStringList &missing, int version)
{
    const bool one = missing.size() == 1;
    return QStringLiteral("the run store %1 is damaged: %2 (every store of schema %3 has %4; something other than "
                          "Gatefold removed %4). It was not modified, and nothing is read from it or written to it "
                          "as it is: restore it from a backup, or give another store with --store.")
        .arg(shown, missing.join(QStringLiteral("; ")))
        .arg(version)
        .arg(one ? QStringLiteral("it") : QStringLiteral("them"));
}

// PostgreSQL, read-only: what the store of schema `version` lacks of its tables and columns
// (read-write opens check inside the migration's transaction). Empty when whole.
QString postgresDamage(QSqlDatabase &db, const QString &shown, int version)
{
    QString why;
    const auto missing = missingSchemaParts(db, Dialect::Postgres, version, &why);
    if (!missing)
        return QStringLiteral("cannot read the tables of the run store %1: %2").arg(shown, why);
    return missing->isEmpty() ? QString() : damagedTables(shown, *missing, version);
}

QString damagedVersion(int version)
{
    return QStringLiteral("its schema version is %1, which no Gatefold writes").arg(version);
}

QString newer(const QString &shown, int version)
{
    return QStringLiteral("%1 was written by a newer Gatefold (store schema %2; this build reads up to %3). It was not "
                          "modified; update Gatefold to use it.")
        .arg(shown)
        .arg(version)
        .arg(currentSchemaVersion());
}

// A probe can catch a file in the middle of being created by another process
// (its first page written while read without locks, its log and index made or
// removed between choosing how to read and reading). Before calling a file
// damaged, read it again a few times; a file that only looks foreign while it
// or its journals change is read again too.
StoreProbe probeSettled(const QString &file)
{
    StoreProbe probe;
    for (int attempt = 0; attempt < 6; ++attempt) {
        const QFileInfo before(file);
        const QStringList journalsBefore = sqlitefile::journalFilesBeside(file);
        probe = probeStore(file);
        if (probe.kind == StoreProbe::Kind::Store || probe.kind == StoreProbe::Kind::Empty)
            return probe;
        const QFileInfo after(file);
        const QStringList journalsAfter = sqlitefile::journalFilesBeside(file);
        const bool changed = before.size() != after.size() || before.lastModified() != after.lastModified()
            || journalsBefore != journalsAfter;
        // Quiet and without journals: what was read is what is there.
        const bool decided = probe.kind == StoreProbe::Kind::Foreign || probe.kind == StoreProbe::Kind::Damaged;
        if (!changed && (decided || journalsAfter.isEmpty()))
            return probe;
        QThread::msleep(10 + 10 * attempt);
    }
    return probe;
}

// Opens the store with a connection that may write its -shm and reads from it, which makes SQLite
// rebuild a log index a killed writer left half-written. True when that read succeeded.
bool recoverLogIndex(const QString &file)
{
    const QString name = sql::connectionName();
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(file);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
        if (db.open()) {
            QSqlQuery q(db);
            ok = q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) && q.next();
            q.finish();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}

// Runs `pragma` until it is not refused as busy, for up to `timeoutMs`.
// Switching a new file to WAL takes an exclusive lock from a shared one, and
// SQLite answers "database is locked" at once instead of waiting when another
// connection is making the same upgrade (waiting could deadlock): with several
// processes creating one store, all but one are told so. Waiting a moment
// and asking again is safe: by then the file is in WAL mode.
bool execPatiently(QSqlDatabase &db, const QString &pragma, QString *result, QString *why, qint64 timeoutMs = 10000)
{
    QElapsedTimer clock;
    clock.start();
    for (int attempt = 0;; ++attempt) {
        QSqlQuery q(db);
        if (q.exec(pragma)) {
            if (result)
                *result = q.next() ? q.value(0).toString() : QString();
            return true;
        }
        const QString code = q.lastError().nativeErrorCode();
        const bool busy = code == QLatin1String("5") || code == QLatin1String("6");  // SQLITE_BUSY, SQLITE_LOCKED
        if (!busy || clock.elapsed() > timeoutMs) {
            *why = QStringLiteral("%1: %2").arg(pragma, q.lastError().text());
            return false;
        }
        QThread::msleep(1 + (attempt * 7 + int(QCoreApplication::applicationPid())) % 13);
    }
}

// Foreign keys on; WAL (the README's hazard table, §3.2: readers never block
// the writer, a killed writer loses only its open transaction); NORMAL sync,
// durable against a killed process.
bool configureConnection(QSqlDatabase &db, QString *why)
{
    QString mode;
    if (!execPatiently(db, QStringLiteral("PRAGMA foreign_keys = ON"), nullptr, why)
        || !execPatiently(db, QStringLiteral("PRAGMA journal_mode = WAL"), &mode, why)
        || !execPatiently(db, QStringLiteral("PRAGMA synchronous = NORMAL"), nullptr, why))
        return false;
    if (mode.compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0) {
        *why = QStringLiteral("SQLite kept the journal mode '%1' instead of WAL").arg(mode);
        return false;
    }
    sqlitefile::checkpointUnderWriteLock(db);  // the WAL-reset bug (README, hazard §8)
    return true;
}

} // namespace

std::unique_ptr<RunStore> RunStore::open(const QString &where, QString *error, OpenMode mode)
{
    const auto location = StoreLocation::parse(where, error);
    if (!location)
        return nullptr;
    return location->isPostgres() ? openPostgres(*location, mode, error) : openSqlite(*location, mode, error);
}

std::unique_ptr<RunStore> RunStore::openSqlite(const StoreLocation &location, OpenMode mode, QString *error)
{
    const QString shown = location.display();
    const bool readOnly = mode == OpenMode::ReadOnly;
    // One name for the file, whatever symlink led here: SQLite names its -wal
    // and -journal after the path it opens (How To Corrupt §2.5).
    const QString file = sqlitefile::canonicalPath(location.file);
    const QFileInfo info(file);
    // Journals before the file: SQLite makes a store's file before its
    // journals and never deletes it, so a journal seen before the file was
    // found missing is one whose store was moved or deleted, not one of a
    // process creating the store right now.
    const QStringList journals = sqlitefile::journalFilesBeside(file);
    struct stat st {};
    const bool exists = ::stat(QFile::encodeName(file).constData(), &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        *error = QStringLiteral("%1 is not a file; give --store the path of a run store file.").arg(shown);
        return nullptr;
    }
    if (readOnly && !exists) {
        *error = QStringLiteral("there is no run store at %1 (reading never creates one); give the store the runs "
                                "were trained into with --store.")
                     .arg(shown);
        return nullptr;
    }
    if (!readOnly) {
        if (const auto fs = sqlitefile::networkFileSystem(nearestExistingFolder(info.absolutePath()))) {
            *error = QStringLiteral("the run store %1 lies on a %2 file system (network or user-space): SQLite's "
                                    "locks and its write-ahead log need a disk that only this machine writes, and a "
                                    "store there can be corrupted. Keep the store on a local disk (--store "
                                    "~/runs.sqlite), or use a PostgreSQL store (--store postgresql://host/database) "
                                    "to share runs between machines.")
                         .arg(shown, *fs);
            return nullptr;
        }
        if (exists && st.st_nlink > 1) {
            *error = QStringLiteral("the run store %1 has %2 hard links (other names for the same file): SQLite finds a "
                                    "store's -wal and -journal by its name, so a second name can lose or corrupt runs. "
                                    "It was not modified; keep one name (remove the other links: find / -samefile %1), "
                                    "or make a separate copy with: sqlite3 %1 \".backup NEW.sqlite\".")
                         .arg(shown)
                         .arg(qulonglong(st.st_nlink));
            return nullptr;
        }
        if (exists) {
            const QString why = storeUnwritableReason(info);
            if (!why.isEmpty()) {
                *error = QStringLiteral("the run store %1 cannot be written here: %2. It was not modified; make it "
                                        "writable, or copy it to a writable folder (sqlite3 %1 \".backup COPY.sqlite\"). "
                                        "Reading commands (runs list, runs show, table, runs export-mlflow) read it "
                                        "as it is.")
                             .arg(shown, why);
                return nullptr;
            }
        } else {
            // Journals without their database: a store moved or deleted
            // without them. SQLite would replay them into a new file (§1.3).
            QStringList stale;
            for (const QString &journal : journals)
                if (!journal.endsWith(QLatin1String("-shm")) && QFileInfo(journal).size() > 0)
                    stale << journal;  // an index or an empty log holds nothing to replay
            if (!stale.isEmpty()) {
                *error = QStringLiteral("%1 lies where the new run store %2 would be, but the store itself is missing "
                                        "(moved or deleted without it); SQLite would read it into a new store and "
                                        "corrupt it. Nothing was created: put the store back beside it, or move %1 "
                                        "away if it is not needed.")
                             .arg(QDir::toNativeSeparators(stale.first()), shown);
                return nullptr;
            }
            if (!QDir().mkpath(info.absolutePath())) {
                *error = QStringLiteral("cannot create the directory %1 for the run store; choose another place with "
                                        "--store.")
                             .arg(QDir::toNativeSeparators(info.absolutePath()));
                return nullptr;
            }
            const QString why = unwritableReason(info.absolutePath(), true);
            if (!why.isEmpty()) {
                *error = QStringLiteral("cannot create the run store %1: %2. Choose a writable place with --store.")
                             .arg(shown, why);
                return nullptr;
            }
        }
    }

    int version = currentSchemaVersion();
    if (exists) {
        StoreProbe probe = probeSettled(file);
        // A writer killed with its log's index half-written: one connection that may write the
        // index rebuilds it from the log (SQLite's own recovery; the runs are not touched), where
        // the store may be written. Then it reads as it is.
        if (probe.needsRecovery && storeUnwritableReason(info).isEmpty() && recoverLogIndex(file))
            probe = probeSettled(file);
        if (probe.kind == StoreProbe::Kind::Unreadable || probe.kind == StoreProbe::Kind::Foreign) {
            *error = notAStore(shown, probe.error);
            return nullptr;
        }
        if (probe.kind == StoreProbe::Kind::Damaged) {
            *error = damagedTables(shown, probe.missing, probe.version);
            return nullptr;
        }
        if (probe.version > currentSchemaVersion()) {
            *error = newer(shown, probe.version);
            return nullptr;
        }
        if (probe.version < 0) {
            *error = notAStore(shown, damagedVersion(probe.version));
            return nullptr;
        }
        if (readOnly && probe.kind == StoreProbe::Kind::Empty)
            return openEmptyView(location, file, error);
        if (readOnly && probe.version < 2) {
            *error = QStringLiteral("the run store %1 has schema %2, which this build reads only after bringing it up "
                                    "to date, and reading writes nothing. Open it once with a writing command where "
                                    "it is writable (e.g. gatefold-cli runs list on a writable copy).")
                         .arg(shown)
                         .arg(probe.version);
            return nullptr;
        }
        if (readOnly)
            version = probe.version;
    }

    StoreLocation opened = location;
    opened.file = file;
    opened.dataDir = info.absolutePath();  // beside the real file, whatever name led to it
    // The store holds the only handle to its connection, so a refused open removes it cleanly.
    std::unique_ptr<RunStore> store(new RunStore(
        QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), sql::connectionName()), opened, Dialect::Sqlite));
    store->m_schemaVersion = version;
    if (readOnly) {
        store->m_readOnly = true;
        store->m_readOnlyWhy = storeUnwritableReason(info);
        if (store->m_readOnlyWhy.isEmpty())
            store->m_readOnlyWhy = QStringLiteral("opened for reading only");
        store->m_db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_URI;QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=10000"));
        // How to read depends on whether a log is there, which a writer closing
        // at this moment changes: read once to be sure, and choose again if not.
        QString why;
        for (int attempt = 0; attempt < 4; ++attempt) {
            store->m_db.close();
            store->m_db.setDatabaseName(readOnlyUri(file, &store->m_sharedLog));
            QSqlQuery q(store->m_db);
            if (store->m_db.open() && q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) && q.next()) {
                q.finish();
                q.exec(QStringLiteral("PRAGMA query_only = 1"));
                return store;
            }
            why = q.lastError().isValid() ? q.lastError().text() : store->m_db.lastError().text();
            QThread::msleep(10 + 10 * attempt);
        }
        *error = QStringLiteral("cannot read the run store %1: %2").arg(shown, why);
        return nullptr;
    }

    const QStringList journalsBefore = sqlitefile::journalFilesBeside(file);
    store->m_db.setDatabaseName(file);
    store->m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
    const auto plainly = [&](const QString &why) { return isDiskFull(why, opened) ? diskFull(opened) : why; };
    if (!store->m_db.open()) {
        *error = QStringLiteral("cannot open the run store %1: %2").arg(shown, plainly(store->m_db.lastError().text()));
        return nullptr;
    }
    // WAL: readers never block the writer and a killed writer loses only its
    // open transaction; NORMAL sync is durable against a killed process (the
    // README's hazard table, §3.2).
    QString why;
    if (!configureConnection(store->m_db, &why)) {
        if (!journalsBefore.isEmpty())
            sqlitefile::keepFilesOnClose(store->m_db);
        *error = QStringLiteral("cannot set up the run store %1: %2").arg(shown, plainly(why));
        return nullptr;
    }
    bool refused = false;
    if (openSqliteSchema(store->m_db, &why, &refused) < 0) {
        // The log and index were there before us: another process's, not ours to checkpoint or delete.
        if (!journalsBefore.isEmpty())
            sqlitefile::keepFilesOnClose(store->m_db);
        *error = refused ? (why.startsWith(QLatin1String("it was written by a newer"))
                                ? shown + why.mid(2)
                                : notAStore(shown, why))
                         : QStringLiteral("cannot bring the run store %1 to schema %2: %3")
                               .arg(shown)
                               .arg(currentSchemaVersion())
                               .arg(plainly(why));
        return nullptr;
    }
    return store;
}

// An empty file where a store should be: a store whose creation never got to its first commit
// (its creator killed; creation is one transaction, so there is nothing half made). Reading it
// shows no runs — an empty schema in memory, never the file — until a writer fills it.
std::unique_ptr<RunStore> RunStore::openEmptyView(const StoreLocation &location, const QString &file, QString *error)
{
    StoreLocation opened = location;
    opened.file = file;
    opened.dataDir = QFileInfo(file).absolutePath();
    std::unique_ptr<RunStore> store(new RunStore(
        QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), sql::connectionName()), opened, Dialect::Sqlite));
    store->m_readOnly = true;
    store->m_emptyView = true;
    store->m_readOnlyWhy = QStringLiteral("it is an empty file, a store whose creation was interrupted, with no runs "
                                          "yet");
    store->m_db.setDatabaseName(QStringLiteral(":memory:"));
    QString why;
    bool refused = false;
    if (!store->m_db.open() || openSqliteSchema(store->m_db, &why, &refused) < 0) {
        *error = QStringLiteral("cannot read the run store %1: %2").arg(location.display(), why);
        return nullptr;
    }
    store->m_schemaVersion = currentSchemaVersion();
    QSqlQuery(store->m_db).exec(QStringLiteral("PRAGMA query_only = 1"));
    return store;
}

std::unique_ptr<RunStore> RunStore::openPostgres(const StoreLocation &location, OpenMode mode, QString *error)
{
    const QString shown = location.display();
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL"))) {
        *error = QStringLiteral("cannot open the run store %1: Qt's PostgreSQL driver is not installed; install "
                                "the Debian package libqt6sql6-psql (scripts/setup-deps.sh does).")
                     .arg(shown);
        return nullptr;
    }
    std::unique_ptr<RunStore> store(new RunStore(
        QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), sql::connectionName()), location, Dialect::Postgres));
    QSqlDatabase &db = store->m_db;
    db.setHostName(location.host);
    db.setPort(location.port);
    db.setDatabaseName(location.database);
    if (!location.user.isEmpty())
        db.setUserName(location.user);
    if (!location.password.isEmpty())
        db.setPassword(location.password);
    db.setConnectOptions(location.options);
    if (!store->m_db.open()) {
        *error = QStringLiteral("cannot connect to the run store %1: %2Check that the server runs and the URL's "
                                "user, password ($PGPASSWORD or ~/.pgpass) and database are right.")
                     .arg(shown, store->m_db.lastError().text().trimmed() + QStringLiteral(". "));
        return nullptr;
    }
    {
        QSqlQuery q(store->m_db);
        // Timestamps and metric values cross the wire as text: ask for every digit.
        if (!q.exec(QStringLiteral("SET extra_float_digits = 3"))) {
            *error = QStringLiteral("cannot set up the run store %1: %2").arg(shown, q.lastError().text());
            return nullptr;
        }
    }
    QString why;
    if (mode == OpenMode::ReadOnly) {
        QSqlQuery q(store->m_db);
        // The server enforces it: every transaction of this session is read-only.
        if (!q.exec(QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"))) {
            *error = QStringLiteral("cannot set up the run store %1: %2").arg(shown, q.lastError().text());
            return nullptr;
        }
        const int version = readPostgresSchema(store->m_db, &why);
        if (version < 0) {
            *error = QStringLiteral("%1 is not a Gatefold run store: %2. Nothing was written; give the database the "
                                    "runs were trained into.")
                         .arg(shown, why);
            return nullptr;
        }
        if (version > currentSchemaVersion()) {
            *error = newer(shown, version);
            return nullptr;
        }
        if (version < 2) {
            *error = QStringLiteral("the run store %1 has schema %2, which this build reads only after bringing it up "
                                    "to date; open it once with a writing command.")
                         .arg(shown)
                         .arg(version);
            return nullptr;
        }
        if (const QString damage = postgresDamage(store->m_db, shown, version); !damage.isEmpty()) {
            *error = damage;
            return nullptr;
        }
        store->m_schemaVersion = version;
        store->m_readOnly = true;
        store->m_readOnlyWhy = QStringLiteral("opened for reading only");
        return store;
    }
    bool refused = false;
    SchemaDamage damage;
    if (openPostgresSchema(store->m_db, &why, &refused, &damage) < 0) {
        *error = !damage.missing.isEmpty() ? damagedTables(shown, damage.missing, damage.version)
               : refused ? QStringLiteral("%1 is not a Gatefold run store: %2. It was not modified; choose another "
                                          "database in the URL.")
                               .arg(shown, why)
                         : QStringLiteral("cannot bring the run store %1 to schema %2: %3")
                               .arg(shown)
                               .arg(currentSchemaVersion())
                               .arg(why);
        return nullptr;
    }
    store->m_schemaVersion = currentSchemaVersion();
    if (!QDir().mkpath(location.dataDir)) {
        *error = QStringLiteral("cannot create the directory %1 for the run store's files; give a writable one as "
                                "runs=DIR in the store URL.")
                     .arg(QDir::toNativeSeparators(location.dataDir));
        return nullptr;
    }
    return store;
}

} // namespace gatefold::store
