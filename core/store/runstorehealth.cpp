// RunStore: keeping an SQLite connection on the files its path names
// (core/store/README.md, hazards §2.2 and §2.4).

#include "runstore.h"

#include "sqlitefile.h"
#include "storeprobe.h"

#include <QDir>
#include <QFileInfo>

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
    const auto moved = sqlitefile::movedFiles(m_db);
    // A read-only view of the file alone (immutable) while another process now writes through a log.
    const bool logAppeared = m_readOnly && !m_sharedLog && sharedLogPresent(m_location.file);
    if (!moved.database && !moved.log && !logAppeared && m_gone.isEmpty())
        return true;
    if (!QFileInfo(m_location.file).isFile()) {
        // Renamed or deleted while open. Reads go on from what this
        // connection has; nothing is written, and no new store is made there.
        m_gone = QStringLiteral("the run store %1 was moved or deleted while in use; nothing more is written to it. "
                                "Put it back at %1, or open it where it went with --store")
                     .arg(displayName());
        return !forWrite;
    }
    return reopen(moved.log) || !forWrite;
}

bool RunStore::reopen(bool logMoved)
{
    // A log deleted and made again by another process: ours is a dead copy
    // whose pages must never be checkpointed into the store (they would bring
    // back what others changed since), and the files at the path are theirs.
    if (logMoved)
        sqlitefile::keepFilesOnClose(m_db);
    const QString name = m_db.connectionName();
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(name);
    QString error;
    StoreLocation where = m_location;
    auto fresh = openSqlite(where, m_readOnly ? OpenMode::ReadOnly : OpenMode::ReadWrite, &error);
    if (!fresh) {
        m_gone = error;
        return false;
    }
    std::swap(m_db, fresh->m_db);
    m_schemaVersion = fresh->m_schemaVersion;
    m_sharedLog = fresh->m_sharedLog;
    m_readOnlyWhy = fresh->m_readOnlyWhy.isEmpty() ? m_readOnlyWhy : fresh->m_readOnlyWhy;
    m_gone.clear();
    return true;
}

} // namespace gatefold::store
