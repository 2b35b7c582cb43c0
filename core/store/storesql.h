#pragma once

// Small helpers the RunStore files share (not part of the store's API).

#include <QSqlDatabase>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace gatefold::store::sql {

// Unix seconds with milliseconds.
double now();
// A unique Qt Sql connection name.
QString connectionName();
// A null QString would bind as SQL NULL; our text columns hold '' instead.
QVariant text(const QString &value);
// A foreign key: the id, or SQL NULL for 0.
QVariant idOrNull(qint64 id);
QString tagsJson(const QStringList &tags);
// BEGIN IMMEDIATE: takes the write lock up front (waiting up to the busy
// timeout). A deferred BEGIN that reads first and writes later cannot wait:
// SQLite fails it at once with "database is locked" when another process
// wrote in between. End it with db.commit() or db.rollback().
bool beginWrite(QSqlDatabase &db);
QStringList tagsFromJson(const QString &json);

} // namespace gatefold::store::sql
