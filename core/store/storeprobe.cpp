#include "storeprobe.h"

#include "sqlitefile.h"
#include "storeschema.h"
#include "storesql.h"

#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QUrl>
#include <QVariant>

namespace gatefold::store {

QString readOnlyUri(const QString &path, bool *sharedLog)
{
    // Both files: SQLite reads through them without creating anything. Only
    // the -wal (its index removed by hand): mode=ro would create a -shm, so
    // the file alone is read.
    const bool shared = QFileInfo::exists(path + QStringLiteral("-wal")) && QFileInfo::exists(path + QStringLiteral("-shm"));
    if (sharedLog)
        *sharedLog = shared;
    const QString encoded = QString::fromLatin1(QUrl::toPercentEncoding(path, "/"));
    // readonly_shm: the index is opened read-only too, so not even a read mark
    // is written into it (plain mode=ro changes the -shm's bytes, and after a
    // killed writer rebuilds it); SQLite then reads the log on its own.
    return QStringLiteral("file:%1?%2").arg(encoded, shared ? QStringLiteral("mode=ro&readonly_shm=1")
                                                           : QStringLiteral("immutable=1"));
}

namespace {

// False with probe.kind Damaged (or the reason it could not tell) when a table
// or column of the store's schema version is missing. A version this build
// does not know is left to the caller (refused as newer or damaged).
bool checkTables(QSqlDatabase &db, StoreProbe *probe)
{
    if (probe->version < 1 || probe->version > currentSchemaVersion())
        return true;
    const auto missing = missingSchemaParts(db, Dialect::Sqlite, probe->version, &probe->error);
    if (!missing)
        return false;
    if (missing->isEmpty())
        return true;
    probe->kind = StoreProbe::Kind::Damaged;
    probe->missing = *missing;
    probe->error = missing->join(QStringLiteral("; "));
    return false;
}

} // namespace

StoreProbe probeStore(const QString &path)
{
    StoreProbe probe;
    if (QFileInfo(path).size() == 0) {
        probe.kind = StoreProbe::Kind::Empty;
        return probe;
    }
    const QString name = sql::connectionName();
    {
        // Through SQLite, never a plain open()/close() of our own: closing a
        // descriptor drops every POSIX lock this process holds on the file
        // (How To Corrupt §2.2); SQLite's unix VFS defers such closes.
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        bool shared = false;
        db.setDatabaseName(readOnlyUri(path, &shared));
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_URI;QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
        bool opened = db.open();
        if (!opened && shared && !(QFileInfo::exists(path + QStringLiteral("-wal")) && QFileInfo::exists(path + QStringLiteral("-shm")))) {
            // The last writer closed between choosing and opening: its log is in the file now.
            db.setDatabaseName(readOnlyUri(path));
            opened = db.open();
        }
        if (!opened) {
            probe.error = db.lastError().text();
        } else {
            QSqlQuery q(db);
            if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) {
                probe.error = q.lastError().text();
            } else {
                probe.version = q.value(0).toInt();
                QSqlQuery tables(db);
                if (!tables.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) || !tables.next()) {
                    probe.error = tables.lastError().text();
                } else if (probe.version == 0) {
                    const int count = tables.value(0).toInt();
                    probe.kind = count == 0 ? StoreProbe::Kind::Empty : StoreProbe::Kind::Foreign;
                    if (count > 0)
                        probe.error = QStringLiteral("it is an SQLite database with other tables, not a run store");
                } else if (!checkTables(db, &probe)) {
                } else if (!tables.exec(QStringLiteral("SELECT count(*) FROM runs"))) {
                    probe.error = tables.lastError().text();
                } else {
                    probe.kind = StoreProbe::Kind::Store;
                }
            }
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(name);
    probe.needsRecovery = probe.kind == StoreProbe::Kind::Unreadable
        && (probe.error.contains(QLatin1String("locking protocol"), Qt::CaseInsensitive)
            || probe.error.contains(QLatin1String("recovery"), Qt::CaseInsensitive));
    if (probe.kind == StoreProbe::Kind::Unreadable && probe.error.trimmed().isEmpty())
        probe.error = QStringLiteral("SQLite cannot read it");
    return probe;
}

StoreProbe probeSettled(const QString &path)
{
    StoreProbe probe;
    for (int attempt = 0; attempt < 6; ++attempt) {
        const QFileInfo before(path);
        const QStringList journalsBefore = sqlitefile::journalFilesBeside(path);
        probe = probeStore(path);
        if (probe.kind == StoreProbe::Kind::Store || probe.kind == StoreProbe::Kind::Empty)
            return probe;
        const QFileInfo after(path);
        const QStringList journalsAfter = sqlitefile::journalFilesBeside(path);
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

} // namespace gatefold::store
