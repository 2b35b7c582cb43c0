#include "storeschema.h"

#include "storesql.h"
#include "storetransaction.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

namespace gatefold::store {
namespace {

// Splits a script into statements (ours contain no ';' inside literals).
QStringList statements(const QString &script)
{
    QStringList out;
    for (const QString &part : script.split(QLatin1Char(';')))
        if (!part.trimmed().isEmpty())
            out << part.trimmed();
    return out;
}

bool exec(QSqlQuery &q, const QString &sql, QString *error)
{
    if (q.exec(sql))
        return true;
    *error = q.lastError().text();
    return false;
}

bool applyStep(QSqlDatabase &db, Dialect dialect, int version, QString *error)
{
    QSqlQuery query(db);
    QStringList steps = statements(sql::adapt(migrationScript(version), dialect));
    if (dialect == Dialect::Sqlite)
        steps << QStringLiteral("PRAGMA user_version = %1").arg(version + 1);
    else
        steps << QStringLiteral("UPDATE gatefold_schema SET version = %1").arg(version + 1);
    for (const QString &sql : steps) {
        if (!query.exec(sql)) {
            *error = QStringLiteral("schema migration %1 -> %2 failed: %3")
                         .arg(version)
                         .arg(version + 1)
                         .arg(query.lastError().text());
            return false;
        }
    }
    return true;
}

// An arbitrary constant: the advisory lock every Gatefold process takes while
// it reads and migrates a PostgreSQL store's schema.
constexpr qint64 kSchemaLock = 0x6761746566;  // "gatef"

// Opening a store stops: -1 with `why`; `refuse` when the store is not ours to touch.
int abandonSchema(QString *error, bool *refused, const QString &why, bool refuse)
{
    *error = why;
    *refused = refuse;
    return -1;
}

// Under the schema lock, a database with a gatefold_schema table: the store's version, with
// every table and column of that version there (else `damage` names what is missing).
int storedPostgresVersion(QSqlDatabase &db, QString *error, bool *refused, SchemaDamage *damage)
{
    QSqlQuery q(db);
    QString why;
    if (!exec(q, QStringLiteral("SELECT version FROM gatefold_schema"), &why))
        return abandonSchema(error, refused, why, false);
    if (!q.next())
        return abandonSchema(error, refused, QStringLiteral("its gatefold_schema table is empty; it is damaged"), true);
    const int version = q.value(0).toInt();
    if (version < 0)
        return abandonSchema(error, refused,
                             QStringLiteral("its gatefold_schema version is %1, which no Gatefold writes; it is damaged")
                                 .arg(version),
                             true);
    if (version < 1 || version > currentSchemaVersion())
        return version;
    const auto missing = missingSchemaParts(db, Dialect::Postgres, version, &why);
    if (!missing)
        return abandonSchema(error, refused, why, false);
    if (!missing->isEmpty()) {
        *damage = {version, *missing};
        return abandonSchema(error, refused, missing->join(QStringLiteral("; ")), true);
    }
    return version;
}

// Under the schema lock, a database without a gatefold_schema table: a new store, version 0.
// A fresh store needs an empty database: never mix our tables into someone else's.
int startPostgresStore(QSqlDatabase &db, QString *error, bool *refused)
{
    QSqlQuery q(db);
    QString why;
    if (!exec(q, QStringLiteral("SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()"),
              &why)
        || !q.next())
        return abandonSchema(error, refused, why, false);
    if (q.value(0).toInt() > 0)
        return abandonSchema(error, refused,
                             QStringLiteral("the database holds %1 other tables and no Gatefold store; create an empty "
                                            "database for Gatefold (createdb gatefold)")
                                 .arg(q.value(0).toInt()),
                             true);
    if (!exec(q, QStringLiteral("CREATE TABLE gatefold_schema (version INTEGER NOT NULL)"), &why)
        || !exec(q, QStringLiteral("INSERT INTO gatefold_schema (version) VALUES (0)"), &why))
        return abandonSchema(error, refused, why, false);
    return 0;
}

} // namespace

int openSqliteSchema(QSqlDatabase &db, QString *error, bool *refused)
{
    *refused = false;
    QSqlQuery q(db);
    // Up to date already (the usual case): nothing to decide, no lock to take.
    // A migration commits whole, so reading today's version means it is done.
    if (q.exec(QStringLiteral("PRAGMA user_version")) && q.next() && q.value(0).toInt() == currentSchemaVersion()) {
        q.finish();
        return currentSchemaVersion();
    }
    q.finish();
    // Foreign keys off while the schema changes (SQLite's recipe for rebuilding a table, schema 6:
    // dropping the old runs table must not delete what refers to it), checked before the commit and
    // on again after it. The pragma is ignored inside a transaction, so it goes before it.
    QString keysWhy;
    if (!exec(q, QStringLiteral("PRAGMA foreign_keys = OFF"), &keysWhy))
        return abandonSchema(error, refused, keysWhy, false);
    struct KeysBackOn {
        QSqlDatabase &db;
        ~KeysBackOn() { QSqlQuery(db).exec(QStringLiteral("PRAGMA foreign_keys = ON")); }
    } keysBackOn{db};
    // EXCLUSIVE (in WAL mode: the write lock, taken before anything is read)
    // makes the version check and the migration one step: a second process
    // waits here and then finds the store made. A deferred transaction would
    // let two processes read version 0 and both create the tables.
    WriteTransaction transaction(db, Dialect::Sqlite, WriteTransaction::Lock::Exclusive);
    if (!transaction.began()) {
        *error = transaction.error();
        return -1;
    }
    const auto abandon = [&](const QString &why, bool refuse) { return abandonSchema(error, refused, why, refuse); };
    QString why;
    if (!exec(q, QStringLiteral("PRAGMA user_version"), &why) || !q.next())
        return abandon(why, false);
    const int version = q.value(0).toInt();
    if (!exec(q, QStringLiteral("SELECT count(*) FROM sqlite_master"), &why) || !q.next())
        return abandon(why, false);
    if (version == 0 && q.value(0).toInt() > 0)
        return abandon(QStringLiteral("it is an SQLite database with other tables, not a run store"), true);
    if (version < 0)  // the header's user_version is a signed 32-bit field
        return abandon(QStringLiteral("its schema version is %1, which no Gatefold writes: it is damaged. It was not "
                                      "modified; move it away.")
                           .arg(version),
                       true);
    if (version > currentSchemaVersion())
        return abandon(QStringLiteral("it was written by a newer Gatefold (store schema %1; this build reads up to "
                                      "%2). It was not modified; update Gatefold to use it.")
                           .arg(version)
                           .arg(currentSchemaVersion()),
                       true);
    q.finish();  // no statement of ours open while tables are dropped (SQLite: "database table is locked")
    for (int v = version; v < currentSchemaVersion(); ++v)
        if (!applyStep(db, Dialect::Sqlite, v, &why))
            return abandon(why, false);
    if (!exec(q, QStringLiteral("PRAGMA foreign_key_check"), &why))
        return abandon(why, false);
    if (q.next())
        return abandon(QStringLiteral("updating its schema would leave a row of %1 referring to nothing (row %2); it "
                                      "was not modified. `sqlite3 FILE 'PRAGMA foreign_key_check'` lists such rows.")
                           .arg(q.value(0).toString())
                           .arg(q.value(1).toLongLong()),
                       false);
    q.finish();
    if (!transaction.commit())
        return abandon(transaction.error(), false);
    return currentSchemaVersion();
}

int readPostgresSchema(QSqlDatabase &db, QString *error)
{
    QSqlQuery q(db);
    if (!exec(q, QStringLiteral("SELECT to_regclass('gatefold_schema') IS NOT NULL"), error) || !q.next())
        return -1;
    if (!q.value(0).toBool()) {
        *error = QStringLiteral("the database holds no Gatefold store (no gatefold_schema table)");
        return -1;
    }
    if (!exec(q, QStringLiteral("SELECT version FROM gatefold_schema"), error))
        return -1;
    if (!q.next()) {
        *error = QStringLiteral("its gatefold_schema table is empty; it is damaged");
        return -1;
    }
    const int version = q.value(0).toInt();
    if (version < 0) {
        *error = QStringLiteral("its gatefold_schema version is %1, which no Gatefold writes; it is damaged").arg(version);
        return -1;
    }
    return version;
}

int openPostgresSchema(QSqlDatabase &db, QString *error, bool *refused, SchemaDamage *damage)
{
    *refused = false;
    WriteTransaction transaction(db, Dialect::Postgres);
    if (!transaction.began()) {
        *error = transaction.error();
        return -1;
    }
    QSqlQuery q(db);
    const auto abandon = [&](const QString &why, bool refuse) { return abandonSchema(error, refused, why, refuse); };
    QString why;
    if (!exec(q, QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(kSchemaLock), &why))
        return abandon(why, false);
    if (!exec(q, QStringLiteral("SELECT to_regclass('gatefold_schema') IS NOT NULL"), &why) || !q.next())
        return abandon(why, false);
    const int version = q.value(0).toBool() ? storedPostgresVersion(db, error, refused, damage)
                                            : startPostgresStore(db, error, refused);
    if (version < 0)
        return -1;
    if (version > currentSchemaVersion())
        return abandon(QStringLiteral("it was written by a newer Gatefold (store schema %1; this build reads up to "
                                      "%2). It was not modified; update Gatefold to use it.")
                           .arg(version)
                           .arg(currentSchemaVersion()),
                       true);
    for (int v = version; v < currentSchemaVersion(); ++v)
        if (!applyStep(db, Dialect::Postgres, v, &why))
            return abandon(why, false);
    if (!transaction.commit())
        return abandon(transaction.error(), false);
    return currentSchemaVersion();
}

} // namespace gatefold::store
