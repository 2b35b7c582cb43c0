#pragma once

#include "processid.h"
#include "storelocation.h"
#include "storesql.h"
#include "storetypes.h"

#include <QElapsedTimer>
#include <QSqlDatabase>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

class QSqlQuery;

namespace gatefold::store {

// The run store (core/store/README.md): one SQLite file in WAL mode with
// foreign keys and a busy timeout, or a PostgreSQL database named by a URL
// (StoreLocation), every statement prepared. Every method
// returns false / nullopt / empty on failure and leaves the reason in
// lastError(); nothing is half-written (writes are transactions).
// One RunStore per thread; several processes may share a file.
// core/store/README.md lists what keeps a store whole (SQLite's "How To
// Corrupt" hazards and what we do about each).
class RunStore
{
public:
    // Opens `where` (a file path or a postgresql:// URL). ReadWrite creates
    // the file (and its directory) if missing and migrates an older schema
    // forward, in one exclusive transaction (processes opening one store at
    // once create and migrate it once). ReadOnly never creates, migrates or
    // writes anything and works on a store in a read-only folder or file;
    // its write methods fail with "the run store X is open read-only (why):
    // what to do". A file or database that is not a store, is damaged, or was
    // written by a newer Gatefold is refused untouched (not a byte written, no
    // file created): nullptr, `error` says what is wrong and what to do.
    static std::unique_ptr<RunStore> open(const QString &where, QString *error,
                                          OpenMode mode = OpenMode::ReadWrite);
    // $GATEFOLD_STORE if set, else <user data dir>/gatefold/runs.sqlite
    // (~/.local/share/gatefold/runs.sqlite): the GUI's and the CLI's.
    static QString defaultPath();

    ~RunStore();
    RunStore(const RunStore &) = delete;
    RunStore &operator=(const RunStore &) = delete;

    // What engine children get as --store: the SQLite file's absolute path, or the URL as given.
    QString path() const;
    // For messages and titles: the path, or the URL without its password.
    QString displayName() const;
    const StoreLocation &location() const { return m_location; }
    bool isPostgres() const { return m_dialect == Dialect::Postgres; }
    // Where the store's files live (the SQLite file's directory, or the URL's runs=).
    QString dataDirectory() const;
    // Where run `runId` keeps its files (checkpoints, the engine's log): <data dir>/runs/<id>.
    QString runDirectory(qint64 runId) const;
    QString lastError() const { return m_error; }
    // Damage met while reading, one line each, naming the run, the metric key
    // (or artifact, snapshot, sweep), the row and the column: a value not of
    // its column's type, a status no Gatefold writes. Such rows are left out
    // of what the readers return (a damaged run record is returned with its
    // RunRecord::damage), never read as 0. Readers that print (runs list,
    // runs show, table) report them and exit non-zero. Kept until clearDamage().
    QStringList damageFound() const { return m_damage; }
    void clearDamage() { m_damage.clear(); }
    int schemaVersion() const;
    bool isReadOnly() const { return m_readOnly; }

    // Runs.
    std::optional<qint64> createRun(const NewRun &run);
    // Whether run `id` reached the store every other process reads: this
    // connection's files are still the ones its path names (reopened if not)
    // and a fresh read-only connection sees the run. For a window before it
    // starts an engine for a run it just created; false with lastError() when
    // the run must be created again.
    bool confirmRun(qint64 id);
    std::optional<RunRecord> run(qint64 id);
    // Newest first; `sweepId` > 0 restricts to one sweep.
    std::vector<RunRecord> runs(qint64 sweepId = 0);
    // Moves a run along its lifecycle; refuses a transition it does not allow.
    // Running is the exclusive claim of an engine: one transaction that also
    // refuses a run marked crashed whose engine still lives on this host, and
    // records this process (pid, host, start token), started (first time) and
    // a heartbeat. A terminal status sets ended. `message` replaces the run's
    // message when not null. Only the record as read is changed: a process
    // that changed the run at the same moment wins, this call fails.
    bool setStatus(qint64 id, RunStatus status, const QString &message = QString());
    bool setRuntime(qint64 id, const QString &device, const QString &versionsJson);
    bool heartbeat(qint64 id);
    bool setName(qint64 id, const QString &name);
    bool setTags(qint64 id, const QStringList &tags);
    bool setNotes(qint64 id, const QString &notes);
    // Replaces the message of a run that has ended (what a sweep decided about a stopped run), only
    // while its status is still `status`; false with lastError() otherwise.
    bool setEndedMessage(qint64 id, RunStatus status, const QString &message);
    bool deleteRun(qint64 id);  // with its metrics, artifacts and snapshots (not the files)
    // Adds finished records from elsewhere (e.g. an MLflow import) as they are:
    // status, times, metrics and artifacts. One transaction for all of them:
    // either every run is added or none. Returns the new ids in order.
    std::optional<std::vector<qint64>> importRuns(const std::vector<ImportedRun> &runs);

    // Marks `running` runs whose engine is gone as crashed. On this host (and
    // pid namespace) an engine whose (pid, start token) is alive is alive,
    // whatever its heartbeat (stopped, or evaluating for hours); its pid gone
    // or taken by another process: crashed. Other hosts: a heartbeat older
    // than `staleSeconds`. Returns the ids it marked (none on a read-only store).
    std::vector<qint64> markCrashedRuns(double staleSeconds = 120.0);
    // The running runs markCrashedRuns() would mark, without writing (also on a read-only store).
    std::vector<qint64> deadRuns(double staleSeconds = 120.0);
    // Queued runs nobody will start: their owner (the process that created or
    // adopted them) is dead on this host, or none is recorded. Oldest first.
    // Runs submitted to Slurm are not among them: Slurm starts them.
    std::vector<RunRecord> orphanedQueuedRuns();
    // Makes this process the owner of queued runs whose owner is gone (or is
    // this process), in one transaction: all of them or, with the reason in
    // lastError(), none (a run that is not queued, whose owner lives, or that
    // waits for Slurm).
    bool adoptRuns(const std::vector<qint64> &ids);

    // Queued → cancelled, only while the run is still queued (no engine claimed it in between):
    // one conditional write. False with lastError() when it is not queued (any more).
    bool cancelQueuedRun(qint64 id, const QString &message);

    // Slurm (runstoreslurm.cpp; schema 5, nothing on older stores read as they are).
    // Records submissions — all of them or, with lastError(), none (one transaction).
    bool recordSlurmJobs(const std::vector<SlurmJob> &jobs);
    // Every submission of run `runId`, oldest first.
    std::vector<SlurmJob> slurmJobs(qint64 runId);
    // Each run's latest submission, by run id.
    std::map<qint64, SlurmJob> latestSlurmJobs();

    // Metrics: one transaction per batch.
    bool addMetrics(qint64 runId, const std::vector<MetricPoint> &points);
    std::vector<MetricPoint> metrics(qint64 runId, const QString &key);
    QStringList metricKeys(qint64 runId);
    // Count, last (highest step) and extremes of one metric; count 0 when the run has none.
    MetricSummary metricSummary(qint64 runId, const QString &key);
    // The value at the last point at or before `epoch` (e.g. val/top1 after epoch 5); nullopt if none.
    std::optional<double> metricAtEpoch(qint64 runId, const QString &key, double epoch);
    // The highest step with a metric, or -1.
    qint64 lastMetricStep(qint64 runId);
    // Deletes metrics after `step` (a resume from an earlier checkpoint redoes them).
    bool truncateMetrics(qint64 runId, qint64 afterStep);

    // Artifacts and snapshots.
    std::optional<qint64> addArtifact(const Artifact &artifact);
    // Records `artifact` as the run's only one of its kind (e.g. "checkpoint/last",
    // rewritten every epoch): older records of that kind go in the same transaction.
    std::optional<qint64> replaceArtifact(const Artifact &artifact);
    // Records `artifact` in place of older records of the same run, kind and
    // path (a file written again where it was, e.g. a re-export into one folder).
    std::optional<qint64> replaceArtifactAtPath(const Artifact &artifact);
    std::vector<Artifact> artifacts(qint64 runId, const QString &kind = QString());
    // The moment a checkpoint counts (runstorecheckpoint.cpp): ONE transaction
    // that writes `points` (the metrics up to its step) and records each
    // artifact in place of the run's records of its kind (checkpoint/last,
    // and best, epoch-N when they move: one file). Refused unless this process
    // holds the run (running, its pid, host and start token).
    bool recordCheckpoint(qint64 runId, const std::vector<MetricPoint> &points, const std::vector<Artifact> &artifacts);
    std::optional<qint64> addSnapshot(const Snapshot &snapshot);
    std::vector<Snapshot> snapshots(qint64 runId, const QString &kind);

    // Sweeps.
    std::optional<qint64> createSweep(const QString &name, const QByteArray &gridJson,
                                      const QByteArray &searchJson = "{}");
    std::optional<Sweep> sweep(qint64 id);

    // SQLite: PRAGMA integrity_check == "ok"; PostgreSQL: every table answers.
    bool integrityOk();
    // SQLite: the value of `PRAGMA name` on this connection (e.g. journal_mode,
    // synchronous), and the name of its VFS for "vfs"; empty on PostgreSQL. For
    // tests and diagnostics of the settings the README's hazard table relies on.
    QString connectionSetting(const QString &name);

private:
    RunStore(QSqlDatabase db, StoreLocation location, Dialect dialect);
    static std::unique_ptr<RunStore> openSqlite(const StoreLocation &location, OpenMode mode, QString *error);
    static std::unique_ptr<RunStore> openEmptyView(const StoreLocation &location, const QString &file, QString *error);
    static std::unique_ptr<RunStore> openPostgres(const StoreLocation &location, OpenMode mode, QString *error);
    // The last steps of openSqlite(), on the connection to m_location.file, the store named `shown`
    // in messages: a read that creates no file (readOnlyUri), or a writing connection in WAL mode
    // with the schema brought up to date. False with `error`.
    bool connectSqliteReadOnly(const QString &shown, QString *error);
    bool connectSqliteReadWrite(const QString &shown, QString *error);
    // The steps of openPostgres(): the connection, then a read-only session on a store of a schema
    // this build reads, or the schema brought up to date and the runs' folder made. False with `error`.
    bool connectPostgres(const QString &shown, QString *error);
    bool setUpPostgresReadOnly(const QString &shown, QString *error);
    bool setUpPostgresReadWrite(const QString &shown, QString *error);
    std::optional<qint64> replaceArtifacts(const Artifact &artifact, bool samePathOnly);
    // Sweeps whose runs their early-stopping controller starts (Sweep::searchJson holds "early_stop").
    std::set<qint64> earlyStoppingSweeps();
    // The Slurm job of run `runId`'s latest submission, or nullopt (none, or a store before schema 5).
    std::optional<QString> slurmJobOf(qint64 runId);
    // Inside a write transaction: the id of a new run (never one given before, never one whose
    // folder holds anything); nullopt with `why`.
    std::optional<qint64> nextRunId(QString *why);
    bool fail(const QString &what, const QString &why);
    void noteDamage(const QString &line);
    void noteBadSteps(qint64 runId, qint64 count);  // SQLite: names one of the run's points whose step is no number
    // A write refused for want of disk space, and how fail() says so.
    static bool isDiskFull(const QString &why, const StoreLocation &location);
    static QString diskFull(const StoreLocation &location);
    // Before every write: false (with `what` and the reason in lastError())
    // when the store is read-only or its connection cannot be trusted.
    bool prepareWrite(const QString &what);
    // SQLite: checks that the files this connection uses are still the ones
    // its path names (a store renamed or deleted while open, a -wal deleted
    // under us after a close() in this process dropped our POSIX locks:
    // README, hazards §2.2 and §2.4) and reopens the connection when they are
    // not, instead of writing into a dead file. Before every write; before
    // reads at most every few hundred milliseconds. False (for a write) when
    // the store cannot be written now; lastError() is set by the caller.
    bool refreshConnection(bool forWrite);
    void beforeRead() { refreshConnection(false); }
    bool reopen();
    // Closes the connection so that it leaves the files right: a log deleted
    // under us is not checkpointed (its pages are stale); a store renamed
    // while open gets what our log holds (SQLite would leave it at the old name).
    void closeConnection();
    QString runColumns() const;
    static QString whyEngineGone(const RunRecord &r, double now, double staleSeconds);
    static RunRecord recordFrom(const QSqlQuery &q);
    RunRecord checkedRecord(const QSqlQuery &q);  // recordFrom, its damage noted (damageFound())
    QString adapt(const char *statement) const { return sql::adapt(QString::fromLatin1(statement), m_dialect); }

    QSqlDatabase m_db;
    StoreLocation m_location;
    Dialect m_dialect;
    QString m_error;
    QStringList m_damage;
    bool m_readOnly = false;
    QString m_readOnlyWhy;   // "opened for reading", "its folder D is not writable", …
    int m_schemaVersion = 0;
    bool m_sharedLog = false;  // read-only: reading through the -wal (mode=ro), not the file alone
    bool m_emptyView = false;  // read-only view of an empty file: an empty schema in memory until it fills
    QString m_gone;            // why the store cannot be written now (moved or deleted while open)
    QElapsedTimer m_checked;   // since the last refreshConnection()
    QElapsedTimer m_locksChecked;  // since this process's locks on the store were last looked up
    QElapsedTimer m_relocked;      // since the last reopen for locks a close() elsewhere dropped
};

} // namespace gatefold::store
