// RunStore: opening a PostgreSQL store (a postgresql:// URL), read-write or
// read-only. Everything that refuses a store decides before a byte is
// written (core/store/README.md, "Refusals never write").

#include "runstore.h"

#include "storerefusal.h"
#include "storeschema.h"
#include "storesql.h"

#include <QDir>
#include <QSqlError>
#include <QSqlQuery>

namespace gatefold::store {
namespace {

// Read-only: what the store of schema `version` lacks of its tables and columns
// (read-write opens check inside the migration's transaction). Empty when whole.
QString postgresDamage(QSqlDatabase &db, const QString &shown, int version)
{
    QString why;
    const auto missing = missingSchemaParts(db, Dialect::Postgres, version, &why);
    if (!missing)
        return QStringLiteral("cannot read the tables of the run store %1: %2").arg(shown, why);
    return missing->isEmpty() ? QString() : refusal::damagedTables(shown, *missing, version);
}

// Read-only: empty when a store of schema `version` (readPostgresSchema(): -1 with `why`) can be
// read as it is; else why not.
QString readableVersionRefusal(const QString &shown, int version, const QString &why)
{
    if (version < 0)
        return QStringLiteral("%1 is not a Gatefold run store: %2. Nothing was written; give the database the "
                              "runs were trained into.")
            .arg(shown, why);
    if (version > currentSchemaVersion())
        return refusal::newer(shown, version);
    if (version < 2)
        return QStringLiteral("the run store %1 has schema %2, which this build reads only after bringing it up "
                              "to date; open it once with a writing command.")
            .arg(shown)
            .arg(version);
    return {};
}

// Why openPostgresSchema() refused or failed, for the store `shown`.
QString schemaRefusal(const QString &shown, const QString &why, bool refused, const SchemaDamage &damage)
{
    if (!damage.missing.isEmpty())
        return refusal::damagedTables(shown, damage.missing, damage.version);
    if (refused)
        return QStringLiteral("%1 is not a Gatefold run store: %2. It was not modified; choose another "
                              "database in the URL.")
            .arg(shown, why);
    return QStringLiteral("cannot bring the run store %1 to schema %2: %3")
        .arg(shown)
        .arg(currentSchemaVersion())
        .arg(why);
}

} // namespace

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
    if (!store->connectPostgres(shown, error))
        return nullptr;
    const bool opened = mode == OpenMode::ReadOnly ? store->setUpPostgresReadOnly(shown, error)
                                                   : store->setUpPostgresReadWrite(shown, error);
    if (!opened)
        return nullptr;
    return store;
}

bool RunStore::connectPostgres(const QString &shown, QString *error)
{
    m_db.setHostName(m_location.host);
    m_db.setPort(m_location.port);
    m_db.setDatabaseName(m_location.database);
    if (!m_location.user.isEmpty())
        m_db.setUserName(m_location.user);
    if (!m_location.password.isEmpty())
        m_db.setPassword(m_location.password);
    m_db.setConnectOptions(m_location.options);
    if (!m_db.open()) {
        *error = QStringLiteral("cannot connect to the run store %1: %2Check that the server runs and the URL's "
                                "user, password ($PGPASSWORD or ~/.pgpass) and database are right.")
                     .arg(shown, m_db.lastError().text().trimmed() + QStringLiteral(". "));
        return false;
    }
    QSqlQuery q(m_db);
    // Timestamps and metric values cross the wire as text: ask for every digit.
    if (!q.exec(QStringLiteral("SET extra_float_digits = 3"))) {
        *error = QStringLiteral("cannot set up the run store %1: %2").arg(shown, q.lastError().text());
        return false;
    }
    return true;
}

bool RunStore::setUpPostgresReadOnly(const QString &shown, QString *error)
{
    QSqlQuery q(m_db);
    // The server enforces it: every transaction of this session is read-only.
    if (!q.exec(QStringLiteral("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY"))) {
        *error = QStringLiteral("cannot set up the run store %1: %2").arg(shown, q.lastError().text());
        return false;
    }
    QString why;
    const int version = readPostgresSchema(m_db, &why);
    QString refused = readableVersionRefusal(shown, version, why);
    if (refused.isEmpty())
        refused = postgresDamage(m_db, shown, version);
    if (!refused.isEmpty()) {
        *error = refused;
        return false;
    }
    m_schemaVersion = version;
    m_readOnly = true;
    m_readOnlyWhy = QStringLiteral("opened for reading only");
    return true;
}

bool RunStore::setUpPostgresReadWrite(const QString &shown, QString *error)
{
    QString why;
    bool refused = false;
    SchemaDamage damage;
    if (openPostgresSchema(m_db, &why, &refused, &damage) < 0) {
        *error = schemaRefusal(shown, why, refused, damage);
        return false;
    }
    m_schemaVersion = currentSchemaVersion();
    if (!QDir().mkpath(m_location.dataDir)) {
        *error = QStringLiteral("cannot create the directory %1 for the run store's files; give a writable one as "
                                "runs=DIR in the store URL.")
                     .arg(QDir::toNativeSeparators(m_location.dataDir));
        return false;
    }
    return true;
}

} // namespace gatefold::store
