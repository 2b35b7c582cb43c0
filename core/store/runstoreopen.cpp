// RunStore: opening a store (SQLite file or PostgreSQL URL), read-write or
// read-only. Everything that refuses a store decides before a byte is
// written or a file created (core/store/README.md, "Refusals never write").
// The SQLite store here; the PostgreSQL one in runstoreopenpostgres.cpp.

#include "runstore.h"

#include "sqlitefile.h"
#include "sqliteplace.h"
#include "storeprobe.h"
#include "storerefusal.h"
#include "storeschema.h"
#include "storesql.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QVariant>

namespace gatefold::store {
namespace {

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

// What an existing store's file holds (probeSettled). A writer killed with its log's index
// half-written: one connection that may write the index rebuilds it from the log (SQLite's own
// recovery; the runs are not touched), where the store may be written. Then it reads as it is.
StoreProbe probeRecovering(const QString &file)
{
    StoreProbe probe = probeSettled(file);
    if (probe.needsRecovery && storeUnwritableReason(QFileInfo(file)).isEmpty() && recoverLogIndex(file))
        probe = probeSettled(file);
    return probe;
}

// Empty when the store `probe` read may be opened (a store of a schema this build knows, or an
// empty file); else why not, for the store `shown`.
QString probeRefusal(const StoreProbe &probe, const QString &shown)
{
    if (probe.kind == StoreProbe::Kind::Unreadable || probe.kind == StoreProbe::Kind::Foreign)
        return refusal::notAStore(shown, probe.error);
    if (probe.kind == StoreProbe::Kind::Damaged)
        return refusal::damagedTables(shown, probe.missing, probe.version);
    if (probe.version > currentSchemaVersion())
        return refusal::newer(shown, probe.version);
    if (probe.version < 0)
        return refusal::notAStore(shown, refusal::damagedVersion(probe.version));
    return {};
}

// A store of schema `version` is read only once a writer has brought it up to date.
QString tooOldToRead(const QString &shown, int version)
{
    return QStringLiteral("the run store %1 has schema %2, which this build reads only after bringing it up "
                          "to date, and reading writes nothing. Open it once with a writing command where "
                          "it is writable (e.g. gatefold-cli runs list on a writable copy).")
        .arg(shown)
        .arg(version);
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

// Why openSqliteSchema() refused the store `shown` (a newer schema, or not a store).
QString schemaRefusal(const QString &shown, const QString &why)
{
    return why.startsWith(QLatin1String("it was written by a newer")) ? shown + why.mid(2)
                                                                      : refusal::notAStore(shown, why);
}

// `location` as the store opened at `file` names it: its runs' folders beside the real file,
// whatever name led to it.
StoreLocation openedAt(const StoreLocation &location, const QString &file)
{
    StoreLocation opened = location;
    opened.file = file;
    opened.dataDir = QFileInfo(file).absolutePath();
    return opened;
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
    const SqlitePlace place = SqlitePlace::at(sqlitefile::canonicalPath(location.file));
    if (const QString why = placeRefusal(place, shown, readOnly); !why.isEmpty()) {
        *error = why;
        return nullptr;
    }
    int version = currentSchemaVersion();
    if (place.exists) {
        const StoreProbe probe = probeRecovering(place.file);
        if (const QString why = probeRefusal(probe, shown); !why.isEmpty()) {
            *error = why;
            return nullptr;
        }
        if (readOnly && probe.kind == StoreProbe::Kind::Empty)
            return openEmptyView(location, place.file, error);
        if (readOnly && probe.version < 2) {
            *error = tooOldToRead(shown, probe.version);
            return nullptr;
        }
        if (readOnly)
            version = probe.version;
    }
    // The store holds the only handle to its connection, so a refused open removes it cleanly.
    std::unique_ptr<RunStore> store(new RunStore(QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), sql::connectionName()),
                                                 openedAt(location, place.file), Dialect::Sqlite));
    store->m_schemaVersion = version;
    if (!(readOnly ? store->connectSqliteReadOnly(shown, error) : store->connectSqliteReadWrite(shown, error)))
        return nullptr;
    return store;
}

bool RunStore::connectSqliteReadOnly(const QString &shown, QString *error)
{
    const QString &file = m_location.file;
    m_readOnly = true;
    m_readOnlyWhy = storeUnwritableReason(QFileInfo(file));
    if (m_readOnlyWhy.isEmpty())
        m_readOnlyWhy = QStringLiteral("opened for reading only");
    m_db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_URI;QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=10000"));
    // How to read depends on whether a log is there, which a writer closing
    // at this moment changes: read once to be sure, and choose again if not.
    QString why;
    for (int attempt = 0; attempt < 4; ++attempt) {
        m_db.close();
        m_db.setDatabaseName(readOnlyUri(file, &m_sharedLog));
        QSqlQuery q(m_db);
        if (m_db.open() && q.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) && q.next()) {
            q.finish();
            q.exec(QStringLiteral("PRAGMA query_only = 1"));
            return true;
        }
        why = q.lastError().isValid() ? q.lastError().text() : m_db.lastError().text();
        QThread::msleep(10 + 10 * attempt);
    }
    *error = QStringLiteral("cannot read the run store %1: %2").arg(shown, why);
    return false;
}

bool RunStore::connectSqliteReadWrite(const QString &shown, QString *error)
{
    const QStringList journalsBefore = sqlitefile::journalFilesBeside(m_location.file);
    m_db.setDatabaseName(m_location.file);
    m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
    const auto plainly = [&](const QString &why) { return isDiskFull(why, m_location) ? diskFull(m_location) : why; };
    if (!m_db.open()) {
        *error = QStringLiteral("cannot open the run store %1: %2").arg(shown, plainly(m_db.lastError().text()));
        return false;
    }
    // WAL: readers never block the writer and a killed writer loses only its
    // open transaction; NORMAL sync is durable against a killed process (the
    // README's hazard table, §3.2).
    QString why;
    if (!configureConnection(m_db, &why)) {
        if (!journalsBefore.isEmpty())
            sqlitefile::keepFilesOnClose(m_db);
        *error = QStringLiteral("cannot set up the run store %1: %2").arg(shown, plainly(why));
        return false;
    }
    bool refused = false;
    if (openSqliteSchema(m_db, &why, &refused) < 0) {
        // The log and index were there before us: another process's, not ours to checkpoint or delete.
        if (!journalsBefore.isEmpty())
            sqlitefile::keepFilesOnClose(m_db);
        *error = refused ? schemaRefusal(shown, why)
                         : QStringLiteral("cannot bring the run store %1 to schema %2: %3")
                               .arg(shown)
                               .arg(currentSchemaVersion())
                               .arg(plainly(why));
        return false;
    }
    return true;
}

// An empty file where a store should be: a store whose creation never got to its first commit
// (its creator killed; creation is one transaction, so there is nothing half made). Reading it
// shows no runs — an empty schema in memory, never the file — until a writer fills it.
std::unique_ptr<RunStore> RunStore::openEmptyView(const StoreLocation &location, const QString &file, QString *error)
{
    std::unique_ptr<RunStore> store(new RunStore(
        QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), sql::connectionName()), openedAt(location, file), Dialect::Sqlite));
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

} // namespace gatefold::store
