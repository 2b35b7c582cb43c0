// Schema 6 (issue 21): the `stopped` status and a sweep's search settings. A store written by schema
// 5 — every table filled, a run referring to its parent, metrics, artifacts, snapshots, a Slurm job —
// is migrated without losing or changing a row, its references still bound (a deleted run still
// takes its metrics with it), and a run may then stop and resume.

#include <QtTest/QtTest>

#include "store/runstore.h"
#include "store/storeschema.h"
#include "store/storesql.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>

using namespace gatefold::store;

namespace {

// Runs `statements` on the SQLite file `path` outside any Gatefold code; the first error, or "".
QString rawRun(const QString &path, const QStringList &statements)
{
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw6"));
        db.setDatabaseName(path);
        if (!db.open())
            error = db.lastError().text();
        for (const QString &s : statements) {
            QSqlQuery q(db);
            if (error.isEmpty() && !q.exec(s))
                error = s + QStringLiteral(": ") + q.lastError().text();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw6"));
    return error;
}

// The rows of `sql` on `path`, each row's columns joined by '|'.
QStringList rawRows(const QString &path, const QString &sql)
{
    QStringList rows;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("rows6"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            q.exec(sql);
            while (q.next()) {
                QStringList cols;
                for (int i = 0; i < q.record().count(); ++i)
                    cols << q.value(i).toString();
                rows << cols.join('|');
            }
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("rows6"));
    return rows;
}

// Every row of every table that holds records, in a fixed order.
QStringList everyRow(const QString &path)
{
    QStringList all;
    for (const char *sql :
         {"SELECT id, name, status, config, seed, device, versions, created, started, ended, heartbeat, pid, host, "
          "sweep_id, parent_id, tags, notes, message, pid_start FROM runs ORDER BY id",
          "SELECT id, name, grid, created FROM sweeps ORDER BY id",
          "SELECT run_id, key, step, epoch, wall, value FROM metrics ORDER BY run_id, key, step",
          "SELECT run_id, key, count, last_step, last, min, max FROM metric_summary ORDER BY run_id, key",
          "SELECT id, run_id, kind, path, sha256, info FROM artifacts ORDER BY id",
          "SELECT id, run_id, kind, step, epoch, data FROM snapshots ORDER BY id",
          "SELECT id, run_id, job_id, script, options FROM slurm_jobs ORDER BY id", "SELECT last FROM run_ids"})
        all << QString::fromLatin1(sql).section(' ', -3, -3) + QStringLiteral(":") << rawRows(path, QString::fromLatin1(sql));
    return all;
}

} // namespace

class TstStoreStopped : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void migratesVersionFiveKeepingEveryRow();
    void stoppedIsItsOwnResumableStatus();
    void searchSettingsAreRecorded();

private:
    QTemporaryDir m_dir;
};

void TstStoreStopped::migratesVersionFiveKeepingEveryRow()
{
    const QString path = m_dir.filePath(QStringLiteral("v5.sqlite"));
    // Schema 5 exactly as its migrations made it, then rows as that build wrote them.
    QStringList schema;
    for (int v = 0; v < 5; ++v)
        for (const QString &s : sql::adapt(migrationScript(v), Dialect::Sqlite).split(';'))
            if (!s.trimmed().isEmpty())
                schema << s;
    schema << QStringLiteral("PRAGMA user_version = 5");
    QCOMPARE(rawRun(path, schema), QString());
    QCOMPARE(rawRun(path, {"PRAGMA foreign_keys = ON",
                           "INSERT INTO sweeps (id, name, grid, created) VALUES (1, 'lr', '{\"grid\": {}}', 10.5)",
                           "INSERT INTO runs (id, name, status, config, seed, created, sweep_id, tags, message, pid, "
                           "host, pid_start) VALUES (1, 'teacher', 'finished', '{}', 0, 1.0, NULL, '[\"a\"]', 'done', "
                           "42, 'h', 'tok')",
                           "INSERT INTO runs (id, name, status, config, seed, created, sweep_id, parent_id, notes) "
                           "VALUES (2, 'student', 'cancelled', '{\"x\": 1}', 3, 2.0, 1, 1, 'n')",
                           "INSERT INTO runs (id, name, status, config, seed, created, sweep_id) VALUES "
                           "(3, 'queued one', 'queued', '{}', 1, 3.0, 1)",
                           "INSERT INTO metrics (run_id, key, step, epoch, wall, value) VALUES (1, 'val/top1', 1, 1, "
                           "5, 0.25), (1, 'val/top1', 2, 2, 6, 0.5), (2, 'train/loss', 4, 0.5, 7, 2.25)",
                           "INSERT INTO metric_summary VALUES (1, 'val/top1', 2, 2, 0.5, 0.25, 0.5), (2, "
                           "'train/loss', 1, 4, 2.25, 2.25, 2.25)",
                           "INSERT INTO artifacts (id, run_id, kind, path, sha256, created, info) VALUES (7, 1, "
                           "'checkpoint/last', 'runs/1/step-2.pt', 'ab', 8, '{}')",
                           "INSERT INTO snapshots (id, run_id, kind, step, epoch, created, data) VALUES (9, 2, "
                           "'codebook', 4, 0.5, 9, '{\"k\": 1}')",
                           "INSERT INTO slurm_jobs (run_id, job_id, script, options, submitted) VALUES (3, '12_0', "
                           "'s.sh', '{}', 11)",
                           "UPDATE run_ids SET last = 3"}),
             QString());
    const QStringList before = everyRow(path);
    QVERIFY(before.contains(QStringLiteral("1|val/top1|2|2|0.5|0.25|0.5")));

    QString error;
    auto store = RunStore::open(path, &error);
    QVERIFY2(store, qPrintable(error));
    QCOMPARE(store->schemaVersion(), 6);
    store.reset();
    QCOMPARE(everyRow(path), before);  // not a row lost or changed
    QCOMPARE(rawRows(path, QStringLiteral("PRAGMA foreign_key_check")), QStringList());
    QCOMPARE(rawRows(path, QStringLiteral("PRAGMA integrity_check")), QStringList{QStringLiteral("ok")});
    QCOMPARE(rawRows(path, QStringLiteral("SELECT search FROM sweeps")), QStringList{QStringLiteral("{}")});
    // No table refers to the old runs table, and the index is back.
    const QString schemaText = rawRows(path, QStringLiteral("SELECT group_concat(sql, ' ') FROM sqlite_master")).join(' ');
    QVERIFY2(!schemaText.contains(QStringLiteral("runs_schema5")), qPrintable(schemaText));
    QVERIFY(schemaText.contains(QStringLiteral("CREATE INDEX runs_sweep ON runs(sweep_id)")));

    // The references are still bound to `runs`: deleting the teacher unlinks its student, and takes its
    // metrics, summaries and artifacts along.
    store = RunStore::open(path, &error);
    QVERIFY(store);
    QVERIFY(store->deleteRun(1));
    QCOMPARE(store->run(2)->parentId, 0);
    store.reset();
    QCOMPARE(rawRows(path, QStringLiteral("SELECT count(*) FROM metrics WHERE run_id = 1")), QStringList{"0"});
    QCOMPARE(rawRows(path, QStringLiteral("SELECT count(*) FROM metric_summary WHERE run_id = 1")), QStringList{"0"});
    QCOMPARE(rawRows(path, QStringLiteral("SELECT count(*) FROM artifacts")), QStringList{"0"});
    QCOMPARE(rawRows(path, QStringLiteral("SELECT count(*) FROM metrics WHERE run_id = 2")), QStringList{"1"});

    // Read-only, a schema 5 store is read as it is: its sweeps have no search settings ("{}").
    const QString old = m_dir.filePath(QStringLiteral("v5-readonly.sqlite"));
    QCOMPARE(rawRun(old, schema), QString());
    QCOMPARE(rawRun(old, {"INSERT INTO sweeps (id, name, grid, created) VALUES (4, 's', '{}', 1)"}), QString());
    auto reader = RunStore::open(old, &error, OpenMode::ReadOnly);
    QVERIFY2(reader, qPrintable(error));
    QCOMPARE(reader->schemaVersion(), 5);
    QCOMPARE(reader->sweep(4)->searchJson, QByteArray("{}"));
}

void TstStoreStopped::stoppedIsItsOwnResumableStatus()
{
    QString error;
    auto store = RunStore::open(m_dir.filePath(QStringLiteral("stopped.sqlite")), &error);
    QVERIFY2(store, qPrintable(error));
    const qint64 id = *store->createRun(NewRun{QStringLiteral("r"), "{}", 0, 0, 0, {}, {}});
    QVERIFY(!store->setStatus(id, RunStatus::Stopped));  // only a running run stops
    QVERIFY(store->setStatus(id, RunStatus::Running));
    QVERIFY(store->setStatus(id, RunStatus::Stopped, QStringLiteral("paused after epoch 1")));
    QVERIFY(store->run(id)->status == RunStatus::Stopped);
    QCOMPARE(toString(RunStatus::Stopped), QStringLiteral("stopped"));
    QVERIFY(runStatusFromString(QStringLiteral("stopped")) == RunStatus::Stopped);
    QVERIFY(isTerminal(RunStatus::Stopped) && isResumable(RunStatus::Stopped));
    QVERIFY(!isAllowedTransition(RunStatus::Stopped, RunStatus::Finished));
    // Its sweep says why it stopped, only while it is stopped.
    QVERIFY(store->setEndedMessage(id, RunStatus::Stopped, QStringLiteral("ASHA rung 1: ranks 5 of 9")));
    QCOMPARE(store->run(id)->message, QStringLiteral("ASHA rung 1: ranks 5 of 9"));
    QVERIFY(!store->setEndedMessage(id, RunStatus::Cancelled, QStringLiteral("x")));
    QVERIFY(store->setStatus(id, RunStatus::Running));  // resumed
    QVERIFY(!store->setEndedMessage(id, RunStatus::Stopped, QStringLiteral("y")));
    QVERIFY(store->setStatus(id, RunStatus::Stopped));
    QVERIFY(store->setStatus(id, RunStatus::Cancelled));  // a sweep given up
}

void TstStoreStopped::searchSettingsAreRecorded()
{
    QString error;
    auto store = RunStore::open(m_dir.filePath(QStringLiteral("search.sqlite")), &error);
    QVERIFY2(store, qPrintable(error));
    const QByteArray search = R"({"method":"random","early_stop":{"kind":"asha","rungs":[1,3,9],"eta":3}})";
    const auto id = store->createSweep(QStringLiteral("s"), "{}", search);
    QVERIFY(id);
    QCOMPARE(store->sweep(*id)->searchJson, search);
    const auto plain = store->createSweep(QStringLiteral("t"), "{}");
    QCOMPARE(store->sweep(*plain)->searchJson, QByteArray("{}"));
}

QTEST_GUILESS_MAIN(TstStoreStopped)
#include "tst_storestopped.moc"
