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

// Migration i takes a store from version i to i + 1: one function a step
// below, listed in order by migrations(). Append only: a released step never
// changes, so any older store reaches today's schema. The scripts are written
// once for both databases; sql::adapt() fills in {id}, {int},
// {real}, {seq} and {rowid} (SQLite's rowid; PostgreSQL's metrics.seq keeps
// the insertion order where two points share a step).

// 0 → 1: the first schema.
QString createFirstSchema()
{
    return QStringLiteral(R"(
CREATE TABLE sweeps (
    id      {id},
    name    TEXT NOT NULL,
    grid    TEXT NOT NULL,
    created {real} NOT NULL
);
CREATE TABLE runs (
    id        {id},
    name      TEXT NOT NULL,
    status    TEXT NOT NULL CHECK (status IN ('queued','running','finished','failed','cancelled','crashed')),
    config    TEXT NOT NULL,
    seed      {int} NOT NULL,
    device    TEXT NOT NULL DEFAULT '',
    versions  TEXT NOT NULL DEFAULT '{}',
    created   {real} NOT NULL,
    started   {real} NOT NULL DEFAULT 0,
    ended     {real} NOT NULL DEFAULT 0,
    heartbeat {real} NOT NULL DEFAULT 0,
    pid       {int} NOT NULL DEFAULT 0,
    host      TEXT NOT NULL DEFAULT '',
    sweep_id  {int} REFERENCES sweeps(id) ON DELETE SET NULL,
    parent_id {int} REFERENCES runs(id) ON DELETE SET NULL,
    tags      TEXT NOT NULL DEFAULT '[]',
    notes     TEXT NOT NULL DEFAULT '',
    message   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX runs_sweep ON runs(sweep_id);
CREATE TABLE metrics (
    run_id {int} NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    key    TEXT NOT NULL,
    step   {int} NOT NULL,
    epoch  {real} NOT NULL,
    wall   {real} NOT NULL,
    value  {real} NOT NULL{seq}
);
CREATE INDEX metrics_run_key_step ON metrics(run_id, key, step);
CREATE TABLE artifacts (
    id      {id},
    run_id  {int} NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    kind    TEXT NOT NULL,
    path    TEXT NOT NULL,
    sha256  TEXT NOT NULL,
    created {real} NOT NULL,
    info    TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX artifacts_run ON artifacts(run_id);
CREATE TABLE snapshots (
    id      {id},
    run_id  {int} NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    kind    TEXT NOT NULL,
    step    {int} NOT NULL,
    epoch   {real} NOT NULL,
    created {real} NOT NULL,
    data    TEXT NOT NULL
);
CREATE INDEX snapshots_run_kind ON snapshots(run_id, kind, step);
)");
}

// 1 → 2: each metric of each run at a glance (count, last, extremes), kept up to date by
// addMetrics/truncateMetrics, so tables sort 1,000 runs by a metric without reading their points.
QString addMetricSummary()
{
    return QStringLiteral(R"(
CREATE TABLE metric_summary (
    run_id    {int} NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    key       TEXT NOT NULL,
    count     {int} NOT NULL,
    last_step {int} NOT NULL,
    last      {real} NOT NULL,
    min       {real} NOT NULL,
    max       {real} NOT NULL,
    PRIMARY KEY (run_id, key)
);
INSERT INTO metric_summary (run_id, key, count, last_step, last, min, max)
    SELECT run_id, key, COUNT(*), MAX(step), 0, MIN(value), MAX(value) FROM metrics GROUP BY run_id, key;
UPDATE metric_summary SET last = (SELECT value FROM metrics m WHERE m.run_id = metric_summary.run_id
    AND m.key = metric_summary.key ORDER BY step DESC, {rowid} DESC LIMIT 1);
)");
}

// 2 → 3: the start token of the process in pid (ProcessId::start), so a reused pid is
// not taken for the engine that held a run, and a live engine is never declared crashed.
QString addRunPidStart()
{
    return QStringLiteral(R"(
ALTER TABLE runs ADD COLUMN pid_start TEXT NOT NULL DEFAULT '';
)");
}

// 3 → 4: run ids are never given twice. SQLite gives a new row max(id) + 1, so deleting the
// newest run handed its id (and its folder runs/<id>/, whose files the new run's engine then
// took for its own) to the next run. One row: the highest id ever given, where both
// databases take new ids from (RunStore::createRun); on PostgreSQL at least the identity's
// last value ({runs_identity_last}), which deleted runs may have passed.
QString addRunIds()
{
    return QStringLiteral(R"(
CREATE TABLE run_ids (
    last {int} NOT NULL
);
INSERT INTO run_ids (last) SELECT {greatest}(coalesce(max(id), 0), {runs_identity_last}) FROM runs;
)");
}

// Every step in order: migrations().at(i) takes a store from version i to i + 1.
const QStringList &migrations()
{
    static const QStringList steps = {createFirstSchema(), addMetricSummary(), addRunPidStart(), addRunIds()};
    return steps;
}

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
    QStringList steps = statements(sql::adapt(migrations().at(version), dialect));
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

} // namespace

QString migrationScript(int version)
{
    return migrations().at(version);
}

int currentSchemaVersion()
{
    return int(migrations().size());
}

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
    // EXCLUSIVE (in WAL mode: the write lock, taken before anything is read)
    // makes the version check and the migration one step: a second process
    // waits here and then finds the store made. A deferred transaction would
    // let two processes read version 0 and both create the tables.
    WriteTransaction transaction(db, Dialect::Sqlite, WriteTransaction::Lock::Exclusive);
    if (!transaction.began()) {
        *error = transaction.error();
        return -1;
    }
    const auto abandon = [&](const QString &why, bool refuse) {
        *error = why;
        *refused = refuse;
        return -1;
    };
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
    for (int v = version; v < currentSchemaVersion(); ++v)
        if (!applyStep(db, Dialect::Sqlite, v, &why))
            return abandon(why, false);
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
    const auto abandon = [&](const QString &why, bool refuse) {
        *error = why;
        *refused = refuse;
        return -1;
    };
    QString why;
    if (!exec(q, QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(kSchemaLock), &why))
        return abandon(why, false);
    if (!exec(q, QStringLiteral("SELECT to_regclass('gatefold_schema') IS NOT NULL"), &why) || !q.next())
        return abandon(why, false);
    int version = 0;
    if (q.value(0).toBool()) {
        if (!exec(q, QStringLiteral("SELECT version FROM gatefold_schema"), &why))
            return abandon(why, false);
        if (!q.next())
            return abandon(QStringLiteral("its gatefold_schema table is empty; it is damaged"), true);
        version = q.value(0).toInt();
        if (version < 0)
            return abandon(QStringLiteral("its gatefold_schema version is %1, which no Gatefold writes; it is damaged")
                               .arg(version),
                           true);
        if (version >= 1 && version <= currentSchemaVersion()) {
            const auto missing = missingSchemaParts(db, Dialect::Postgres, version, &why);
            if (!missing)
                return abandon(why, false);
            if (!missing->isEmpty()) {
                *damage = {version, *missing};
                return abandon(missing->join(QStringLiteral("; ")), true);
            }
        }
    } else {
        // A fresh store needs an empty database: never mix our tables into someone else's.
        if (!exec(q, QStringLiteral("SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()"),
                  &why)
            || !q.next())
            return abandon(why, false);
        if (q.value(0).toInt() > 0)
            return abandon(QStringLiteral("the database holds %1 other tables and no Gatefold store; create an empty "
                                          "database for Gatefold (createdb gatefold)")
                               .arg(q.value(0).toInt()),
                           true);
        if (!exec(q, QStringLiteral("CREATE TABLE gatefold_schema (version INTEGER NOT NULL)"), &why)
            || !exec(q, QStringLiteral("INSERT INTO gatefold_schema (version) VALUES (0)"), &why))
            return abandon(why, false);
    }
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
