#include "runstore.h"

#include "sqlitefile.h"
#include "storesql.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QVariant>

namespace gatefold::store {

QString RunStore::defaultPath()
{
    const QString fromEnvironment = qEnvironmentVariable("GATEFOLD_STORE");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    // One store for the GUI and the CLI, whatever the application name.
    QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    if (dir.isEmpty())
        dir = QDir::homePath() + QStringLiteral("/.local/share");
    return dir + QStringLiteral("/gatefold/runs.sqlite");
}

RunStore::RunStore(QSqlDatabase db, StoreLocation location, Dialect dialect)
    : m_db(std::move(db))
    , m_location(std::move(location))
    , m_dialect(dialect)
{
}

QString RunStore::path() const
{
    return m_location.isPostgres() ? m_location.given : m_location.file;
}

QString RunStore::displayName() const
{
    return m_location.display();
}

QString RunStore::dataDirectory() const
{
    return m_location.dataDir;
}

QString RunStore::runDirectory(qint64 runId) const
{
    return QDir(m_location.dataDir).filePath(QStringLiteral("runs/%1").arg(runId));
}

RunStore::~RunStore()
{
    closeConnection();
}

bool RunStore::fail(const QString &what, const QString &why)
{
    m_error = what + QStringLiteral(": ") + (m_dialect == Dialect::Sqlite && isDiskFull(why, m_location) ? diskFull(m_location) : why);
    return false;
}

void RunStore::noteDamage(const QString &line)
{
    if (!m_damage.contains(line))
        m_damage << line;
}

bool RunStore::isDiskFull(const QString &why, const StoreLocation &location)
{
    // SQLITE_FULL ("database or disk is full"); an I/O error (e.g. growing the
    // -shm) on a file system with no byte left is the same trouble.
    return why.contains(QLatin1String("database or disk is full"))
        || (why.contains(QLatin1String("disk I/O error")) && sqlitefile::freeBytes(location.dataDir) == 0);
}

QString RunStore::diskFull(const StoreLocation &location)
{
    const QString log = location.file + QStringLiteral("-wal");
    const QString file = QFileInfo::exists(log) ? log : location.file;
    return QStringLiteral("no space left on %1 while writing %2; nothing of this change was written, and everything "
                          "recorded before is kept. Free space there (or move the store elsewhere with --store) and "
                          "try again")
        .arg(sqlitefile::deviceOf(location.dataDir), QDir::toNativeSeparators(file));
}

bool RunStore::prepareWrite(const QString &what)
{
    if (m_readOnly)
        return fail(what, QStringLiteral("the run store %1 is open read-only (%2): run this where the store is "
                                         "writable (a writing command opens it read-write)")
                              .arg(displayName(), m_readOnlyWhy));
    if (!refreshConnection(true))
        return fail(what, m_gone);
    return true;
}

int RunStore::schemaVersion() const
{
    QSqlQuery q(m_db);
    const QString sql = m_dialect == Dialect::Postgres ? QStringLiteral("SELECT version FROM gatefold_schema")
                                                       : QStringLiteral("PRAGMA user_version");
    return q.exec(sql) && q.next() ? q.value(0).toInt() : -1;
}

QString RunStore::connectionSetting(const QString &name)
{
    if (m_dialect != Dialect::Sqlite)
        return {};
    if (name == QLatin1String("vfs"))
        return sqlitefile::vfsName(m_db);
    static const QRegularExpression plainName(QStringLiteral("^[a-z_]+$"));
    if (!plainName.match(name).hasMatch())
        return {};
    QSqlQuery q(m_db);
    return q.exec(QStringLiteral("PRAGMA %1").arg(name)) && q.next() ? q.value(0).toString() : QString();
}

bool RunStore::integrityOk()
{
    beforeRead();
    QSqlQuery q(m_db);
    if (m_dialect == Dialect::Postgres) {
        // The server keeps its pages consistent; check that the store's tables answer.
        for (const char *table : {"runs", "metrics", "metric_summary", "artifacts", "snapshots", "sweeps"})
            if (!q.exec(QStringLiteral("SELECT count(*) FROM %1").arg(QLatin1String(table))))
                return fail(QStringLiteral("integrity check"), q.lastError().text());
        return true;
    }
    if (!q.exec(QStringLiteral("PRAGMA integrity_check")) || !q.next())
        return fail(QStringLiteral("integrity check"), q.lastError().text());
    const QString result = q.value(0).toString();
    return result == QLatin1String("ok") || fail(QStringLiteral("integrity check"), result);
}

} // namespace gatefold::store
