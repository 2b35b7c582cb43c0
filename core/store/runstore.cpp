#include "runstore.h"

#include "storeprobe.h"
#include "storeschema.h"
#include "storesql.h"

#include <QDir>
#include <QFileInfo>
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

std::unique_ptr<RunStore> RunStore::open(const QString &where, QString *error)
{
    const auto location = StoreLocation::parse(where, error);
    if (!location)
        return nullptr;
    return location->isPostgres() ? openPostgres(*location, error) : openSqlite(*location, error);
}

std::unique_ptr<RunStore> RunStore::openSqlite(const StoreLocation &location, QString *error)
{
    const QFileInfo info(location.file);
    const QString shown = location.display();
    int version = 0;
    if (info.exists()) {
        if (!info.isFile()) {
            *error = QStringLiteral("%1 is not a file; give --store the path of a run store file.").arg(shown);
            return nullptr;
        }
        QString why;
        version = probeVersion(info.absoluteFilePath(), &why);
        if (version < 0) {
            *error = QStringLiteral("%1 is not a Gatefold run store or is damaged (%2). It was not modified; "
                                    "choose another file with --store or move this one away.")
                         .arg(shown, why);
            return nullptr;
        }
        if (version > currentSchemaVersion()) {
            *error = QStringLiteral("%1 was written by a newer Gatefold (store schema %2; this build reads up to "
                                    "%3). It was not modified; update Gatefold to use it.")
                         .arg(shown)
                         .arg(version)
                         .arg(currentSchemaVersion());
            return nullptr;
        }
    } else if (!QDir().mkpath(info.absolutePath())) {
        *error = QStringLiteral("cannot create the directory %1 for the run store; choose another place with "
                                "--store.")
                     .arg(QDir::toNativeSeparators(info.absolutePath()));
        return nullptr;
    }

    // The store holds the only handle to its connection, so a refused open removes it cleanly.
    std::unique_ptr<RunStore> store(new RunStore(
        QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), sql::connectionName()), location, Dialect::Sqlite));
    store->m_db.setDatabaseName(info.absoluteFilePath());
    store->m_db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
    if (!store->m_db.open()) {
        *error = QStringLiteral("cannot open the run store %1: %2").arg(shown, store->m_db.lastError().text());
        return nullptr;
    }
    // WAL: readers never block the writer and a killed writer loses only its
    // open transaction; NORMAL sync is durable against a process crash.
    for (const char *pragma : {"PRAGMA foreign_keys = ON", "PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL"}) {
        QSqlQuery q(store->m_db);
        if (!q.exec(QString::fromLatin1(pragma))) {
            *error = QStringLiteral("cannot set up the run store %1 (%2): %3")
                         .arg(shown, QString::fromLatin1(pragma), q.lastError().text());
            return nullptr;
        }
    }
    QString why;
    if (!migrateSchema(store->m_db, version, &why)) {
        *error = QStringLiteral("cannot bring the run store %1 to schema %2: %3")
                     .arg(shown)
                     .arg(currentSchemaVersion())
                     .arg(why);
        return nullptr;
    }
    return store;
}

std::unique_ptr<RunStore> RunStore::openPostgres(const StoreLocation &location, QString *error)
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
    bool refused = false;
    if (openPostgresSchema(store->m_db, &why, &refused) < 0) {
        *error = refused ? QStringLiteral("%1 is not a Gatefold run store: %2. It was not modified; choose another "
                                          "database in the URL.")
                               .arg(shown, why)
                         : QStringLiteral("cannot bring the run store %1 to schema %2: %3")
                               .arg(shown)
                               .arg(currentSchemaVersion())
                               .arg(why);
        return nullptr;
    }
    if (!QDir().mkpath(location.dataDir)) {
        *error = QStringLiteral("cannot create the directory %1 for the run store's files; give a writable one as "
                                "runs=DIR in the store URL.")
                     .arg(QDir::toNativeSeparators(location.dataDir));
        return nullptr;
    }
    return store;
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
    const QString name = m_db.connectionName();
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(name);
}

bool RunStore::fail(const QString &what, const QString &why)
{
    m_error = what + QStringLiteral(": ") + why;
    return false;
}

int RunStore::schemaVersion() const
{
    QSqlQuery q(m_db);
    const QString sql = m_dialect == Dialect::Postgres ? QStringLiteral("SELECT version FROM gatefold_schema")
                                                       : QStringLiteral("PRAGMA user_version");
    return q.exec(sql) && q.next() ? q.value(0).toInt() : -1;
}

bool RunStore::integrityOk()
{
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
