// The schema's migration scripts (storeschema.h: migrationScript, currentSchemaVersion).

#include "storeschema.h"

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

// 4 → 5: runs submitted to Slurm. One row per submission (sbatch): the job or array task that
// trains the run ("12345_3"), the script it ran and the options it asked for (JSON, resubmitted
// as they are by Resume). A queued run with one waits for Slurm to start its engine: no window or
// queue takes it for an orphan (RunStore::orphanedQueuedRuns).
QString addSlurmJobs()
{
    return QStringLiteral(R"(
CREATE TABLE slurm_jobs (
    id        {id},
    run_id    {int} NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    job_id    TEXT NOT NULL,
    script    TEXT NOT NULL,
    options   TEXT NOT NULL DEFAULT '{}',
    submitted {real} NOT NULL
);
CREATE INDEX slurm_jobs_run ON slurm_jobs(run_id, id);
)");
}

// 5 → 6 (issue 21): a run may be `stopped` (paused by a sweep's early stopping at a rung, resumable),
// and a sweep records how it searches (method, early stopping: Sweep::searchJson). The status CHECK
// widens: PostgreSQL replaces the constraint; SQLite cannot alter one, so the runs table is rebuilt
// ({runs_allow_stopped}) by SQLite's own recipe — foreign keys off for the migration (openSqliteSchema),
// legacy renaming so the tables referring to `runs` keep naming it, every row copied as it is.
QString addStoppedAndSearch()
{
    return QStringLiteral(R"(
{runs_allow_stopped};
ALTER TABLE sweeps ADD COLUMN search TEXT NOT NULL DEFAULT '{}';
)");
}

// Every step in order: migrations().at(i) takes a store from version i to i + 1.
const QStringList &migrations()
{
    static const QStringList steps = {createFirstSchema(), addMetricSummary(), addRunPidStart(), addRunIds(),
                                      addSlurmJobs(), addStoppedAndSearch()};
    return steps;
}

} // namespace

QString migrationScript(int version)
{
    return migrations().at(version);
}

int currentSchemaVersion()
{
    return int(migrations().size());
}

} // namespace gatefold::store
