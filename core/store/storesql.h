#pragma once

// Small helpers the RunStore files share (not part of the store's API).

#include <QSqlDatabase>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace gatefold::store {

// The SQL a store speaks.
enum class Dialect { Sqlite, Postgres };

} // namespace gatefold::store

namespace gatefold::store::sql {

// Fills a statement's dialect tokens: {id} (an auto-numbered primary key),
// {int} (64-bit on PostgreSQL), {real} (a double), {seq} (PostgreSQL's extra
// insertion-order column of metrics), {rowid} (that order), {greatest} and
// {least} (SQLite's two-argument MAX/MIN), {runs_identity_last} (the last
// value runs.id's identity gave on PostgreSQL; 0 on SQLite, which has none).
QString adapt(const QString &statement, Dialect dialect);

// Unix seconds with milliseconds.
double now();
// A unique Qt Sql connection name.
QString connectionName();
// A null QString would bind as SQL NULL; our text columns hold '' instead.
QVariant text(const QString &value);
// A foreign key: the id, or SQL NULL for 0.
QVariant idOrNull(qint64 id);
QString tagsJson(const QStringList &tags);
// SQLite: BEGIN IMMEDIATE: takes the write lock up front (waiting up to the
// busy timeout). A deferred BEGIN that reads first and writes later cannot
// wait: SQLite fails it at once with "database is locked" when another process
// wrote in between. PostgreSQL: a plain transaction (row locks wait by
// themselves). End it with db.commit() or db.rollback().
bool beginWrite(QSqlDatabase &db, Dialect dialect);
QStringList tagsFromJson(const QString &json);

} // namespace gatefold::store::sql
