// RunStore: keeping an SQLite connection on the files its path names
// (core/store/README.md, hazards §2.2 and §2.4).

#include "runstore.h"

#include "sqlitefile.h"
#include "storeprobe.h"

#include <QDir>
#include <QFileInfo>
#include <QSqlQuery>

namespace gatefold::store {
namespace {

// Reads check at most this often; every write checks.
constexpr qint64 kReadCheckMs = 250;

bool sharedLogPresent(const QString &file)
{
    return QFileInfo::exists(file + QStringLiteral("-wal")) && QFileInfo::exists(file + QStringLiteral("-shm"));
}

} // namespace

bool RunStore::refreshConnection(bool forWrite)
{
    // Never in the middle of a transaction: it was checked when it began.
    if (m_dialect != Dialect::Sqlite || sqlitefile::inTransaction(m_db))
        return true;
    if (!forWrite && m_gone.isEmpty() && m_checked.isValid() && m_checked.elapsed() < kReadCheckMs)
        return true;
    m_checked.start();
    const bool open = m_db.isOpen();
    const auto moved = open ? sqlitefile::movedFiles(m_db) : sqlitefile::MovedFiles{};
    // A read-only view of the file alone (immutable) while another process now writes through a log.
    const bool logAppeared = m_readOnly && !m_sharedLog && sharedLogPresent(m_location.file);
    const bool filled = m_emptyView && QFileInfo(m_location.file).size() > 0;  // a writer made it a store
    // Our locks dropped by a close() elsewhere in the process (a file dialog
    // sniffing the store): nothing is lost yet, but the next process to close
    // the store would take itself for the last one and delete the log. A new
    // connection takes the locks again. Asked at most every 250 ms (reading
    // /proc/locks costs about as much as a small write; the moved-log check
    // above is what every write relies on), and reopened at most once a second
    // (while another connection of this process shares the old state,
    // reopening cannot help).
    bool locksLost = false;
    if (open && !moved.database && !moved.log && moved.logOpen && !m_readOnly
        && (!m_locksChecked.isValid() || m_locksChecked.elapsed() >= kReadCheckMs)
        && (!m_relocked.isValid() || m_relocked.elapsed() > 1000)) {
        m_locksChecked.start();
        locksLost = sqlitefile::holdsIndexLock(m_db) == false;
    }
    if (locksLost)
        m_relocked.start();
    if (open && !moved.database && !moved.log && !logAppeared && !filled && !locksLost && m_gone.isEmpty())
        return true;
    if (!QFileInfo(m_location.file).isFile()) {
        // Renamed or deleted while open. Reads go on from what this
        // connection has; nothing is written, and no new store is made there.
        m_gone = QStringLiteral("the run store %1 was moved or deleted while in use; nothing more is written to it. "
                                "Put it back at %1, or open it where it went with --store")
                     .arg(displayName());
        return !forWrite;
    }
    return reopen() || !forWrite;
}

bool RunStore::confirmRun(qint64 id)
{
    const QString what = QStringLiteral("run %1 did not reach the store").arg(id);
    if (!refreshConnection(true))
        return fail(what, m_gone);
    QString error;
    auto fresh = open(path(), &error, m_readOnly ? OpenMode::ReadOnly : OpenMode::ReadWrite);
    if (!fresh)
        return fail(what, error);
    if (!fresh->run(id))
        return fail(what, QStringLiteral("another connection does not see it (the store's files changed while it "
                                         "was written); create it again"));
    return true;
}

void RunStore::closeConnection()
{
    if (m_dialect == Dialect::Sqlite && m_db.isOpen()) {
        const auto moved = sqlitefile::movedFiles(m_db);
        if (moved.log) {
            // A log deleted and made again by another process: ours is a dead
            // copy whose pages must never be checkpointed into the store (they
            // would bring back what others changed since), and the files at
            // the path are theirs.
            sqlitefile::keepFilesOnClose(m_db);
        } else if (moved.database && !m_readOnly && !sqlitefile::othersUseTheFile(m_db)) {
            // Renamed while open, and nobody else has it open: what our log
            // holds goes into the file where it went. (SQLite keeps a moved
            // file's log at the old name, where it is lost to the file.)
            QSqlQuery q(m_db);
            q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        }
    }
    const QString name = m_db.connectionName();
    m_db.close();
    m_db = QSqlDatabase();
    if (!name.isEmpty())
        QSqlDatabase::removeDatabase(name);
}

bool RunStore::reopen()
{
    if (m_db.isOpen())
        closeConnection();
    // SQLite shares one index mapping between the connections of a process:
    // while another connection here still maps the deleted one, a new
    // connection would join it and read the new log through a stale index.
    if (sqlitefile::mapsDeletedIndex(m_location.file)) {
        m_gone = QStringLiteral("another connection of this process still uses the write-ahead log of %1 that "
                                "another process deleted; nothing is written until it closes (restart the program "
                                "if this stays)")
                     .arg(displayName());
        return false;
    }
    QString error;
    auto fresh = openSqlite(m_location, m_readOnly ? OpenMode::ReadOnly : OpenMode::ReadWrite, &error);
    if (!fresh) {
        m_gone = error;
        return false;
    }
    std::swap(m_db, fresh->m_db);
    m_schemaVersion = fresh->m_schemaVersion;
    m_sharedLog = fresh->m_sharedLog;
    m_emptyView = fresh->m_emptyView;
    if (m_readOnly)
        m_readOnlyWhy = fresh->m_readOnlyWhy;
    m_gone.clear();
    return true;
}

} // namespace gatefold::store
