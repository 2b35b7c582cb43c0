#include "storeprobe.h"

#include "storesql.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace gatefold::store {

int probeVersion(const QString &path, QString *error)
{
    const QString name = sql::connectionName();
    int version = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
        if (!db.open()) {
            *error = db.lastError().text();
        } else {
            QSqlQuery q(db);
            if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) {
                *error = q.lastError().text();
            } else {
                version = q.value(0).toInt();
                QSqlQuery tables(db);
                if (version == 0 && tables.exec(QStringLiteral("SELECT count(*) FROM sqlite_master")) && tables.next()
                    && tables.value(0).toInt() > 0) {
                    *error = QStringLiteral("it is an SQLite database with other tables, not a run store");
                    version = -1;
                } else if (version > 0 && (!tables.exec(QStringLiteral("SELECT count(*) FROM runs")))) {
                    *error = tables.lastError().text();
                    version = -1;
                }
            }
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return version;
}

} // namespace gatefold::store
