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
QStringList tagsFromJson(const QString &json);

} // namespace gatefold::store::sql
