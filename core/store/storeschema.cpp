#include "storeschema.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

namespace gatefold::store {
namespace {

// Migration i takes a store from version i to i + 1. Append only: a released
// step never changes, so any older store reaches today's schema.
const QStringList &migrations()
{
    static const QStringList steps = {
        // 0 → 1: the first schema.
        QStringLiteral(R"(
CREATE TABLE sweeps (
    id      INTEGER PRIMARY KEY,
    name    TEXT NOT NULL,
    grid    TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE runs (
    id        INTEGER PRIMARY KEY,
    name      TEXT NOT NULL,
    status    TEXT NOT NULL CHECK (status IN ('queued','running','finished','failed','cancelled','crashed')),
    config    TEXT NOT NULL,
    seed      INTEGER NOT NULL,
    device    TEXT NOT NULL DEFAULT '',
    versions  TEXT NOT NULL DEFAULT '{}',
    created   REAL NOT NULL,
    started   REAL NOT NULL DEFAULT 0,
    ended     REAL NOT NULL DEFAULT 0,
    heartbeat REAL NOT NULL DEFAULT 0,
    pid       INTEGER NOT NULL DEFAULT 0,
    host      TEXT NOT NULL DEFAULT '',
    sweep_id  INTEGER REFERENCES sweeps(id) ON DELETE SET NULL,
    parent_id INTEGER REFERENCES runs(id) ON DELETE SET NULL,
    tags      TEXT NOT NULL DEFAULT '[]',
    notes     TEXT NOT NULL DEFAULT '',
    message   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX runs_sweep ON runs(sweep_id);
CREATE TABLE metrics (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    key    TEXT NOT NULL,
    step   INTEGER NOT NULL,
    epoch  REAL NOT NULL,
    wall   REAL NOT NULL,
    value  REAL NOT NULL
);
CREATE INDEX metrics_run_key_step ON metrics(run_id, key, step);
CREATE TABLE artifacts (
    id      INTEGER PRIMARY KEY,
    run_id  INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    kind    TEXT NOT NULL,
    path    TEXT NOT NULL,
    sha256  TEXT NOT NULL,
    created REAL NOT NULL,
    info    TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX artifacts_run ON artifacts(run_id);
CREATE TABLE snapshots (
    id      INTEGER PRIMARY KEY,
    run_id  INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    kind    TEXT NOT NULL,
    step    INTEGER NOT NULL,
    epoch   REAL NOT NULL,
    created REAL NOT NULL,
    data    TEXT NOT NULL
);
CREATE INDEX snapshots_run_kind ON snapshots(run_id, kind, step);
)"),
        // 1 → 2: each metric of each run at a glance (count, last, extremes), kept up to date by
        // addMetrics/truncateMetrics, so tables sort 1,000 runs by a metric without reading their points.
        QStringLiteral(R"(
CREATE TABLE metric_summary (
    run_id    INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    key       TEXT NOT NULL,
    count     INTEGER NOT NULL,
    last_step INTEGER NOT NULL,
    last      REAL NOT NULL,
    min       REAL NOT NULL,
    max       REAL NOT NULL,
    PRIMARY KEY (run_id, key)
);
INSERT INTO metric_summary (run_id, key, count, last_step, last, min, max)
    SELECT run_id, key, COUNT(*), MAX(step), 0, MIN(value), MAX(value) FROM metrics GROUP BY run_id, key;
UPDATE metric_summary SET last = (SELECT value FROM metrics m WHERE m.run_id = metric_summary.run_id
    AND m.key = metric_summary.key ORDER BY step DESC, rowid DESC LIMIT 1);
)"),
    };
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

} // namespace

int currentSchemaVersion()
{
    return int(migrations().size());
}

bool migrateSchema(QSqlDatabase &db, int fromVersion, QString *error)
{
    for (int version = fromVersion; version < currentSchemaVersion(); ++version) {
        if (!db.transaction()) {
            *error = db.lastError().text();
            return false;
        }
        QSqlQuery query(db);
        QStringList steps = statements(migrations().at(version));
        steps << QStringLiteral("PRAGMA user_version = %1").arg(version + 1);
        for (const QString &sql : steps) {
            if (!query.exec(sql)) {
                *error = QStringLiteral("schema migration %1 -> %2 failed: %3")
                             .arg(version)
                             .arg(version + 1)
                             .arg(query.lastError().text());
                db.rollback();
                return false;
            }
        }
        if (!db.commit()) {
            *error = db.lastError().text();
            db.rollback();
            return false;
        }
    }
    return true;
}

} // namespace gatefold::store
