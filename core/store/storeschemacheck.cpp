// A store's tables and columns against the ones its migrations made: a store
// with a column dropped by hand reads as empty or as zeros (every query of
// that table fails or misses), so it is refused as damaged, naming what is
// gone, before anything is read or written (core/store/README.md, Versions).

#include "storeschema.h"

#include "storesql.h"

#include <QMutex>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <map>

namespace gatefold::store {
namespace {

// "table.column" for every column of every table, in the order read.
bool readColumns(QSqlDatabase &db, Dialect dialect, QStringList *out, QString *error)
{
    QSqlQuery q(db);
    const QString sql = dialect == Dialect::Postgres
        ? QStringLiteral("SELECT table_name, column_name FROM information_schema.columns "
                         "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position")
        : QStringLiteral("SELECT m.name, p.name FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS p "
                         "WHERE m.type = 'table' ORDER BY m.name, p.cid");
    if (!q.exec(sql)) {
        *error = q.lastError().text();
        return false;
    }
    while (q.next())
        *out << q.value(0).toString() + QLatin1Char('.') + q.value(1).toString();
    return true;
}

// The columns migrations 0 … version - 1 make, read from a database in memory
// that they are run on: the migrations are the one statement of the schema.
QStringList columnsOfVersion(int version)
{
    static QMutex lock;
    static std::map<int, QStringList> known;
    const QMutexLocker locked(&lock);
    if (const auto it = known.find(version); it != known.end())
        return it->second;
    QStringList columns;
    const QString name = sql::connectionName();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(QStringLiteral(":memory:"));
        QString error;
        bool ok = db.open();
        for (int v = 0; ok && v < version; ++v)
            for (const QString &statement : sql::adapt(migrationScript(v), Dialect::Sqlite).split(QLatin1Char(';')))
                ok = ok && (statement.trimmed().isEmpty() || QSqlQuery(db).exec(statement));
        if (ok && readColumns(db, Dialect::Sqlite, &columns, &error))
            known[version] = columns;
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return columns;
}

} // namespace

std::optional<QStringList> missingSchemaParts(QSqlDatabase &db, Dialect dialect, int version, QString *error)
{
    QStringList expected = columnsOfVersion(version);
    if (expected.isEmpty() && version > 0) {
        *error = QStringLiteral("cannot tell which tables schema %1 has (SQLite in memory failed)").arg(version);
        return std::nullopt;
    }
    if (dialect == Dialect::Postgres && !expected.isEmpty())
        expected << QStringLiteral("metrics.seq");  // {seq}: PostgreSQL's insertion order
    QStringList actual;
    if (!readColumns(db, dialect, &actual, error))
        return std::nullopt;
    const QSet<QString> present(actual.begin(), actual.end());
    QSet<QString> tables;
    for (const QString &column : actual)
        tables.insert(column.section(QLatin1Char('.'), 0, 0));
    QStringList missing;
    QSet<QString> missingTables;
    for (const QString &column : expected) {
        const QString table = column.section(QLatin1Char('.'), 0, 0);
        if (present.contains(column) || missingTables.contains(table))
            continue;
        if (!tables.contains(table)) {
            missingTables.insert(table);
            missing << QStringLiteral("table %1 is missing").arg(table);
        } else {
            missing << QStringLiteral("column %1 is missing").arg(column);
        }
    }
    return missing;
}

} // namespace gatefold::store
