// The run store on real SQLite files: schema creation and versions, files it
// must refuse untouched (newer schema, not a store), the run lifecycle, batched
// metrics, artifacts, snapshots, cascading deletes, crash detection by pid and
// heartbeat, and a writer and a reader on one file at the same time. Issue 16's
// hostile findings: run ids (and their folders) never given twice, a store
// missing a table or column refused untouched, values not of their column's
// type and unknown statuses named as damage (never read as 0), names and tags
// one line, a store opened through a link, paths that start with ':'. A write
// transaction rolls back unless committed (WriteTransaction), so a write that
// fails half-way leaves the store as it was.

#include <QtTest/QtTest>

#include "store/runstore.h"
#include "store/storelocation.h"
#include "store/storeschema.h"
#include "store/storetext.h"
#include "store/storetransaction.h"

#include <QCryptographicHash>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QThread>

#include <atomic>
#include <thread>

#include <unistd.h>

using namespace gatefold::store;

namespace {

QByteArray fileHash(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// Runs one SQL statement on `path` through a connection of its own.
bool rawExec(const QString &path, const QString &sql)
{
    bool ok = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            ok = q.exec(sql);
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    return ok;
}

// Runs `statements` in order on one connection of its own (per-connection pragmas apply).
bool rawExecAll(const QString &path, const QStringList &statements)
{
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(path);
        ok = db.open();
        for (const QString &sql : statements)
            ok = ok && QSqlQuery(db).exec(sql);
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    return ok;
}

// The first column of the first row of `sql` on `path`, through a connection of its own.
QString rawValue(const QString &path, const QString &sql)
{
    QString value;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(sql) && q.next())
                value = q.value(0).toString();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    return value;
}

std::unique_ptr<RunStore> openStore(const QString &path)
{
    QString error;
    auto store = RunStore::open(path, &error);
    if (!store)
        qWarning("open failed: %s", qPrintable(error));
    return store;
}

// A connection of its own to `path` (named `name`), removed when it goes.
class RawConnection
{
public:
    RawConnection(const QString &path, const QString &name, int busyTimeoutMs)
        : m_name(name)
    {
        db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(busyTimeoutMs));
        db.open();
    }
    ~RawConnection()
    {
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_name);
    }
    RawConnection(const RawConnection &) = delete;
    RawConnection &operator=(const RawConnection &) = delete;

    bool exec(const QString &sql) { return QSqlQuery(db).exec(sql); }
    // The first column of the first row as a number; -1 when the query fails.
    int count(const QString &sql)
    {
        QSqlQuery q(db);
        return q.exec(sql) && q.next() ? q.value(0).toInt() : -1;
    }

    QSqlDatabase db;

private:
    QString m_name;
};

NewRun sampleRun(const QString &name)
{
    NewRun r;
    r.name = name;
    r.configJson = R"({"model":{"embed_dim":192},"seed":7})";
    r.seed = 7;
    r.tags = {"cde", "baseline"};
    r.notes = QStringLiteral("first try, ünïcödé & 'quotes'");
    return r;
}

} // namespace

class TstStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { QVERIFY(m_dir.isValid()); }
    void createsSchemaAndReopens();
    void migratesVersionOneSummaries();
    void runRoundTrip();
    void lifecycleTransitions();
    void metricsInBatches();
    void artifactsAndSnapshots();
    void deleteCascades();
    void newerSchemaRefusedUntouched();
    void damagedSchemaVersionRefusedUntouched_data();
    void damagedSchemaVersionRefusedUntouched();
    void notAStoreRefusedUntouched_data();
    void notAStoreRefusedUntouched();
    void crashedRunsDetected();
    void writerAndReaderShareAFile();
    void migratesVersionTwoOwners();
    void migratesVersionFourSlurmJobs();
    void readOnlyWritesNothing();
    void readOnlyNeverCreates();
    void runIdsAreNeverGivenTwice();
    void newRunsNeverStartInAFolderThatHoldsFiles();
    void missingTablesAndColumnsRefusedUntouched_data();
    void missingTablesAndColumnsRefusedUntouched();
    void valuesOfTheWrongTypeAreDamage();
    void unknownStatusIsDamage();
    void namesAndTagsAreOneLine();
    void openedThroughALinkKeepsItsFolder();
    void colonPathsNameNoStore();
    void writeTransactionRollsBackUnlessCommitted();
    void aWriteFailingHalfWayLeavesTheStoreAsItWas();

private:
    QString storePath(const char *name) const { return m_dir.filePath(QString::fromLatin1(name)); }
    QTemporaryDir m_dir;
};

void TstStore::createsSchemaAndReopens()
{
    const QString path = storePath("sub/dir/runs.sqlite");  // missing directories are created
    qint64 id = 0;
    {
        auto store = openStore(path);
        QVERIFY(store);
        QCOMPARE(store->schemaVersion(), currentSchemaVersion());
        QVERIFY(store->integrityOk());
        id = store->createRun(sampleRun("a")).value_or(0);
        QVERIFY(id > 0);
    }
    auto again = openStore(path);
    QVERIFY(again);
    QCOMPARE(again->schemaVersion(), currentSchemaVersion());
    QCOMPARE(again->run(id)->name, QStringLiteral("a"));
}

void TstStore::runRoundTrip()
{
    auto store = openStore(storePath("rt.sqlite"));
    QVERIFY(store);
    const auto sweep = store->createSweep("grid", R"({"gate.top_k":[2,4]})");
    QVERIFY(sweep);
    NewRun n = sampleRun("run 1");
    n.sweepId = *sweep;
    const auto id = store->createRun(n);
    QVERIFY(id);
    NewRun child = sampleRun("fine-tune");
    child.parentId = *id;
    const auto childId = store->createRun(child);
    QVERIFY(childId);

    const auto r = store->run(*id);
    QVERIFY(r);
    QCOMPARE(r->name, n.name);
    QVERIFY(r->status == RunStatus::Queued);
    QCOMPARE(r->configJson, n.configJson);
    QCOMPARE(r->seed, qint64(7));
    QCOMPARE(r->tags, n.tags);
    QCOMPARE(r->notes, n.notes);
    QCOMPARE(r->sweepId, *sweep);
    QCOMPARE(r->parentId, qint64(0));
    QVERIFY(r->created > 1.7e9 && r->started == 0 && r->ended == 0);
    QCOMPARE(store->run(*childId)->parentId, *id);

    QVERIFY(store->setTags(*id, {"x"}));
    QVERIFY(store->setNotes(*id, "n2"));
    QVERIFY(store->setName(*id, "renamed"));
    QVERIFY(store->setRuntime(*id, "cpu", R"({"libtorch":"1.13.1"})"));
    const auto r2 = store->run(*id);
    QCOMPARE(r2->tags, QStringList{"x"});
    QCOMPARE(r2->notes, QStringLiteral("n2"));
    QCOMPARE(r2->name, QStringLiteral("renamed"));
    QCOMPARE(r2->device, QStringLiteral("cpu"));
    QCOMPARE(store->runs().size(), size_t(2));
    QCOMPARE(store->runs(*sweep).size(), size_t(1));
    QCOMPARE(store->runs().front().id, *childId);  // newest first

    // A default NewRun (null strings) is a valid, empty run.
    const auto blank = store->createRun(NewRun{});
    QVERIFY2(blank, qPrintable(store->lastError()));
    QCOMPARE(store->run(*blank)->configJson, QByteArray("{}"));
    QVERIFY(store->setNotes(*blank, QString()));
    QVERIFY(store->deleteRun(*blank));

    QVERIFY(!store->run(9999));
    QVERIFY(store->lastError().contains("no such run"));
    QVERIFY(!store->setNotes(9999, "x"));
    QVERIFY(!store->createRun([] { NewRun bad = sampleRun("p"); bad.parentId = 4242; return bad; }()));
    QVERIFY2(store->lastError().contains("FOREIGN KEY"), qPrintable(store->lastError()));
}

void TstStore::lifecycleTransitions()
{
    auto store = openStore(storePath("life.sqlite"));
    QVERIFY(store);
    const qint64 id = *store->createRun(sampleRun("l"));
    QVERIFY(!store->setStatus(id, RunStatus::Finished));  // queued → finished skips running
    QVERIFY(store->lastError().contains("cannot go from queued to finished"));
    QVERIFY(store->run(id)->status == RunStatus::Queued);

    QVERIFY(store->setStatus(id, RunStatus::Running));
    auto r = store->run(id);
    QVERIFY(r->status == RunStatus::Running);
    QCOMPARE(r->pid, QCoreApplication::applicationPid());
    QVERIFY(!r->host.isEmpty() && r->started > 0 && r->heartbeat > 0);
    const double started = r->started;

    QVERIFY(store->setStatus(id, RunStatus::Failed, "NaN loss at step 17"));
    r = store->run(id);
    QVERIFY(r->status == RunStatus::Failed && r->ended >= started);
    QCOMPARE(r->message, QStringLiteral("NaN loss at step 17"));

    QVERIFY(store->setStatus(id, RunStatus::Running));  // resumed
    QCOMPARE(store->run(id)->started, started);           // the first start stays
    QCOMPARE(store->run(id)->ended, 0.0);
    QVERIFY(store->setStatus(id, RunStatus::Finished, ""));
    QVERIFY(!store->setStatus(id, RunStatus::Running));  // finished is final
    QVERIFY(store->run(id)->status == RunStatus::Finished);

    for (auto s : {RunStatus::Queued, RunStatus::Running, RunStatus::Finished, RunStatus::Failed,
                   RunStatus::Cancelled, RunStatus::Crashed})
        QVERIFY(runStatusFromString(toString(s)) == s);
    QVERIFY(!runStatusFromString("paused"));
}

void TstStore::migratesVersionOneSummaries()
{
    // A store as version 1 wrote it (metrics, no summary table), opened by this build.
    const QString path = storePath("v1.sqlite");
    qint64 id = 0;
    {
        auto store = openStore(path);
        QVERIFY(store);
        id = *store->createRun(sampleRun("old"));
        QVERIFY(store->addMetrics(id, {{"val/top1", 10, 1, 0, 0.3}, {"val/top1", 20, 2, 0, 0.7}, {"val/top1", 30, 3, 0, 0.5}}));
    }
    QVERIFY(rawExec(path, QStringLiteral("DROP TABLE run_ids")));
    QVERIFY(rawExec(path, QStringLiteral("DROP TABLE slurm_jobs")));
    QVERIFY(rawExec(path, QStringLiteral("ALTER TABLE sweeps DROP COLUMN search")));
    QVERIFY(rawExec(path, QStringLiteral("DROP TABLE metric_summary")));
    QVERIFY(rawExec(path, QStringLiteral("ALTER TABLE runs DROP COLUMN pid_start")));
    QVERIFY(rawExec(path, QStringLiteral("PRAGMA user_version = 1")));
    auto store = openStore(path);
    QVERIFY(store);
    QCOMPARE(store->schemaVersion(), currentSchemaVersion());
    const auto s = store->metricSummary(id, "val/top1");
    QCOMPARE(s.count, qint64(3));
    QCOMPARE(s.lastStep, qint64(30));
    QCOMPARE(s.last, 0.5);
    QCOMPARE(s.max, 0.7);
    QCOMPARE(s.min, 0.3);
}

void TstStore::metricsInBatches()
{
    auto store = openStore(storePath("metrics.sqlite"));
    QVERIFY(store);
    const qint64 id = *store->createRun(sampleRun("m"));
    std::vector<MetricPoint> batch;
    for (int step = 0; step < 5000; ++step) {
        batch.push_back({"train/loss", step, step / 100.0, 1.7e9 + step, 1.0 / (step + 1)});
        if (step % 10 == 0)
            batch.push_back({"val/top1", step, step / 100.0, 1.7e9 + step, step * 1e-4});
    }
    QVERIFY2(store->addMetrics(id, batch), qPrintable(store->lastError()));
    const auto loss = store->metrics(id, "train/loss");
    QCOMPARE(loss.size(), size_t(5000));
    QCOMPARE(loss[123].step, qint64(123));
    QCOMPARE(loss[123].value, 1.0 / 124);  // doubles stored exactly
    QCOMPARE(loss[123].epoch, 1.23);
    QCOMPARE(store->metricKeys(id), (QStringList{"train/loss", "val/top1"}));
    QCOMPARE(store->lastMetricStep(id), qint64(4999));
    const auto top1 = store->metricSummary(id, "val/top1");  // steps 0, 10, …, 4990: value step·1e-4
    QCOMPARE(top1.count, qint64(500));
    QCOMPARE(top1.lastStep, qint64(4990));
    QCOMPARE(top1.last, 4990 * 1e-4);
    QCOMPARE(top1.max, 4990 * 1e-4);
    QCOMPARE(top1.min, 0.0);
    const auto loss1 = store->metricSummary(id, "train/loss");
    QCOMPARE(loss1.last, 1.0 / 5000);
    QCOMPARE(loss1.max, 1.0);
    QCOMPARE(store->metricSummary(id, "none").count, qint64(0));
    QCOMPARE(store->metricSummary(id, "none").lastStep, qint64(-1));
    QVERIFY(store->truncateMetrics(id, 2999));
    QCOMPARE(store->metrics(id, "train/loss").size(), size_t(3000));
    QCOMPARE(store->metrics(id, "val/top1").size(), size_t(300));
    // The summaries follow the truncation, and a later batch (a resumed run) merges into them.
    const auto cut = store->metricSummary(id, "val/top1");
    QCOMPARE(cut.count, qint64(300));
    QCOMPARE(cut.lastStep, qint64(2990));
    QCOMPARE(cut.last, 2990 * 1e-4);
    QCOMPARE(cut.max, 2990 * 1e-4);
    QVERIFY(store->addMetrics(id, {{"val/top1", 3000, 30, 0, 0.01}, {"val/top1", 3010, 30.1, 0, 0.02}}));
    const auto more = store->metricSummary(id, "val/top1");
    QCOMPARE(more.count, qint64(302));
    QCOMPARE(more.lastStep, qint64(3010));
    QCOMPARE(more.last, 0.02);
    QCOMPARE(more.max, 2990 * 1e-4);
    QCOMPARE(more.min, 0.0);
    QVERIFY(store->addMetrics(id, {{"val/top1", 5, 0.05, 0, -1.0}}));  // an earlier step: not the last, but the lowest
    QCOMPARE(store->metricSummary(id, "val/top1").last, 0.02);
    QCOMPARE(store->metricSummary(id, "val/top1").min, -1.0);

    // A batch for a run that does not exist is refused whole.
    QVERIFY(!store->addMetrics(4242, {{"x", 0, 0, 0, 1}, {"x", 1, 0, 0, 2}}));
    QVERIFY(store->metrics(4242, "x").empty());
    QVERIFY(store->addMetrics(id, {}));  // nothing to do
}

void TstStore::artifactsAndSnapshots()
{
    auto store = openStore(storePath("art.sqlite"));
    QVERIFY(store);
    const qint64 id = *store->createRun(sampleRun("a"));
    Artifact a;
    a.runId = id, a.kind = "checkpoint/last", a.path = "/tmp/last.pt", a.sha256 = QString(64, 'a');
    a.infoJson = R"({"epoch":3})";
    QVERIFY(store->addArtifact(a));
    a.kind = "checkpoint/best";
    QVERIFY(store->addArtifact(a));
    QCOMPARE(store->artifacts(id).size(), size_t(2));
    const auto best = store->artifacts(id, "checkpoint/best");
    QCOMPARE(best.size(), size_t(1));
    QCOMPARE(best[0].infoJson, QByteArray(R"({"epoch":3})"));

    Snapshot s;
    s.runId = id, s.kind = "codebook/usage", s.step = 100, s.epoch = 1;
    s.dataJson = R"({"layers":[[3,0,5]]})";
    QVERIFY(store->addSnapshot(s));
    s.step = 50;
    QVERIFY(store->addSnapshot(s));
    const auto snaps = store->snapshots(id, "codebook/usage");
    QCOMPARE(snaps.size(), size_t(2));
    QCOMPARE(snaps[0].step, qint64(50));  // by step
    QCOMPARE(snaps[1].dataJson, s.dataJson);
    s.dataJson = "{not json";
    QVERIFY(!store->addSnapshot(s));
    QVERIFY(store->lastError().contains("not JSON"));
}

void TstStore::deleteCascades()
{
    auto store = openStore(storePath("del.sqlite"));
    QVERIFY(store);
    const qint64 id = *store->createRun(sampleRun("d"));
    const qint64 other = *store->createRun(sampleRun("keep"));
    QVERIFY(store->addMetrics(id, {{"k", 0, 0, 0, 1}}));
    QVERIFY(store->addMetrics(other, {{"k", 0, 0, 0, 2}}));
    QVERIFY(store->addArtifact({0, id, "image", "/x.png", QString(64, 'b'), 0, {}}));
    QVERIFY(store->deleteRun(id));
    QVERIFY(!store->run(id));
    QVERIFY(store->metrics(id, "k").empty());
    QVERIFY(store->artifacts(id).empty());
    QCOMPARE(store->metrics(other, "k").size(), size_t(1));
    QVERIFY(!store->deleteRun(id));
}

void TstStore::newerSchemaRefusedUntouched()
{
    const QString path = storePath("newer.sqlite");
    {
        auto store = openStore(path);
        QVERIFY(store);
        QVERIFY(store->createRun(sampleRun("old")));
    }
    QVERIFY(rawExec(path, QStringLiteral("PRAGMA user_version = %1").arg(currentSchemaVersion() + 5)));
    QVERIFY(rawExec(path, QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")));
    const QByteArray before = fileHash(path);
    const QDateTime modified = QFileInfo(path).lastModified();
    QString error;
    QVERIFY(!RunStore::open(path, &error));
    QVERIFY2(error.contains("newer Gatefold") && error.contains("not modified"), qPrintable(error));
    QVERIFY2(error.contains(QString::number(currentSchemaVersion() + 5)), qPrintable(error));
    QCOMPARE(fileHash(path), before);
    QCOMPARE(QFileInfo(path).lastModified(), modified);
}

void TstStore::damagedSchemaVersionRefusedUntouched_data()
{
    // The header's user_version is a signed 32-bit field: no Gatefold writes a negative one
    // (a migration from version -1 once indexed its list with it and crashed).
    QTest::addColumn<int>("version");
    QTest::addColumn<bool>("readOnly");
    for (const int version : {-1, -2147483647 - 1})
        for (const bool readOnly : {false, true})
            QTest::addRow("%d %s", version, readOnly ? "read-only" : "read-write") << version << readOnly;
}

void TstStore::damagedSchemaVersionRefusedUntouched()
{
    QFETCH(int, version);
    QFETCH(bool, readOnly);
    const QString path = storePath(qPrintable(QStringLiteral("damaged-version-%1-%2.sqlite").arg(version).arg(readOnly)));
    {
        auto store = openStore(path);
        QVERIFY(store);
        QVERIFY(store->createRun(sampleRun("kept")));
    }
    QVERIFY(rawExec(path, QStringLiteral("PRAGMA user_version = %1").arg(version)));
    QVERIFY(rawExec(path, QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")));
    QFile::remove(path + "-wal");
    QFile::remove(path + "-shm");
    const QByteArray before = fileHash(path);
    QString error;
    QVERIFY(!RunStore::open(path, &error, readOnly ? OpenMode::ReadOnly : OpenMode::ReadWrite));
    QVERIFY2(error.contains(QStringLiteral("schema version is %1").arg(version)) && error.contains("not modified"),
             qPrintable(error));
    QCOMPARE(fileHash(path), before);
    QVERIFY2(!QFileInfo::exists(path + "-wal") && !QFileInfo::exists(path + "-shm"), "a refusal left files behind");
}

void TstStore::notAStoreRefusedUntouched_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<bool>("foreignDatabase");
    QTest::newRow("text file") << QByteArray("name,value\na,1\n") << false;
    QTest::newRow("truncated SQLite header") << QByteArray("SQLite format 3\0\x10\0", 19) << false;
    QTest::newRow("another program's database") << QByteArray() << true;
}

void TstStore::notAStoreRefusedUntouched()
{
    QFETCH(QByteArray, content);
    QFETCH(bool, foreignDatabase);
    const QString path = storePath(foreignDatabase ? "foreign.sqlite" : "junk.sqlite");
    QFile::remove(path);
    if (foreignDatabase) {
        QVERIFY(rawExec(path, "CREATE TABLE photos (id INTEGER PRIMARY KEY, file TEXT)"));
    } else {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
    }
    const QByteArray before = fileHash(path);
    QString error;
    QVERIFY(!RunStore::open(path, &error));
    QVERIFY2(error.contains("not a Gatefold run store") && error.contains("--store"), qPrintable(error));
    QCOMPARE(fileHash(path), before);
    QVERIFY(!QFile::exists(path + "-wal"));
}

void TstStore::crashedRunsDetected()
{
    auto store = openStore(storePath("crash.sqlite"));
    QVERIFY(store);
    const qint64 dead = *store->createRun(sampleRun("dead pid"));
    const qint64 alive = *store->createRun(sampleRun("alive"));
    const qint64 stale = *store->createRun(sampleRun("stale heartbeat elsewhere"));
    const qint64 queued = *store->createRun(sampleRun("still queued"));
    for (qint64 id : {dead, alive, stale})
        QVERIFY(store->setStatus(id, RunStatus::Running));
    // A real process that has exited: its pid is free.
    QProcess p;
    p.start("true");
    QVERIFY(p.waitForFinished());
    const qint64 gonePid = p.processId() > 0 ? p.processId() : 0;
    QVERIFY(rawExec(store->path(), QStringLiteral("UPDATE runs SET pid = %1 WHERE id = %2")
                                       .arg(gonePid > 0 ? gonePid : 999999).arg(dead)));
    QVERIFY(rawExec(store->path(), QStringLiteral("UPDATE runs SET host = 'cluster-node-7', heartbeat = 1000 "
                                                  "WHERE id = %1").arg(stale)));
    const auto marked = store->markCrashedRuns(60.0);
    QCOMPARE(marked.size(), size_t(2));
    QVERIFY(store->run(dead)->status == RunStatus::Crashed);
    QVERIFY2(store->run(dead)->message.contains("is gone"), qPrintable(store->run(dead)->message));
    QVERIFY(store->run(stale)->status == RunStatus::Crashed);
    QVERIFY(store->run(stale)->message.contains("cluster-node-7"));
    QVERIFY(store->run(alive)->status == RunStatus::Running);  // our own pid, fresh heartbeat
    QVERIFY(store->run(queued)->status == RunStatus::Queued);
    QVERIFY(store->setStatus(dead, RunStatus::Running));  // a crashed run can be resumed
}

void TstStore::writerAndReaderShareAFile()
{
    const QString path = storePath("shared.sqlite");
    qint64 id = 0;
    {
        auto setup = openStore(path);
        QVERIFY(setup);
        id = *setup->createRun(sampleRun("w"));
    }
    std::atomic<bool> writerOk{true};
    std::atomic<int> written{0};
    std::thread writer([&] {
        auto store = openStore(path);  // its own connection, in its own thread
        if (!store) {
            writerOk = false;
            return;
        }
        for (int batch = 0; batch < 40; ++batch) {
            std::vector<MetricPoint> points;
            for (int i = 0; i < 250; ++i)
                points.push_back({"train/loss", batch * 250 + i, 0, 0, double(i)});
            if (!store->addMetrics(id, points)) {
                writerOk = false;
                return;
            }
            written = (batch + 1) * 250;
        }
    });
    auto reader = openStore(path);
    QVERIFY(reader);
    size_t seen = 0;
    int reads = 0;
    while (written < 10000 && writerOk) {
        const size_t now = reader->metrics(id, "train/loss").size();
        QVERIFY(now >= seen);      // never goes back
        QVERIFY(now % 250 == 0);   // whole batches only
        seen = now;
        ++reads;
    }
    writer.join();
    QVERIFY(writerOk);
    QCOMPARE(reader->metrics(id, "train/loss").size(), size_t(10000));
    QVERIFY(reader->integrityOk());
    qInfo("%d reads while the writer committed 40 batches", reads);
}

// Every file of a folder and its bytes: what "untouched" means.
static QMap<QString, QByteArray> folderState(const QString &dir)
{
    QMap<QString, QByteArray> state;
    for (const QFileInfo &f : QDir(dir).entryInfoList(QDir::Files | QDir::Hidden | QDir::System))
        state.insert(f.fileName(), fileHash(f.absoluteFilePath()));
    return state;
}

void TstStore::migratesVersionTwoOwners()
{
    // A store as schema 2 wrote it (no pid_start): migrated, its runs keep pid and host.
    const QString path = storePath("v2.sqlite");
    qint64 id = 0;
    {
        auto store = openStore(path);
        QVERIFY(store);
        id = *store->createRun(sampleRun("old"));
        QVERIFY(store->setStatus(id, RunStatus::Running));
    }
    QVERIFY(rawExec(path, QStringLiteral("DROP TABLE run_ids")));
    QVERIFY(rawExec(path, QStringLiteral("DROP TABLE slurm_jobs")));
    QVERIFY(rawExec(path, QStringLiteral("ALTER TABLE sweeps DROP COLUMN search")));
    QVERIFY(rawExec(path, QStringLiteral("ALTER TABLE runs DROP COLUMN pid_start")));
    QVERIFY(rawExec(path, QStringLiteral("PRAGMA user_version = 2")));
    {
        // Read-only reads it as it is (no migration: that would write).
        QString error;
        auto reader = RunStore::open(path, &error, OpenMode::ReadOnly);
        QVERIFY2(reader, qPrintable(error));
        QCOMPARE(reader->schemaVersion(), 2);
        QCOMPARE(reader->run(id)->pid, QCoreApplication::applicationPid());
        QCOMPARE(reader->run(id)->pidStart, QString());
    }
    auto store = openStore(path);
    QVERIFY(store);
    QCOMPARE(store->schemaVersion(), currentSchemaVersion());
    QCOMPARE(currentSchemaVersion(), 6);
    QCOMPARE(store->run(id)->pid, QCoreApplication::applicationPid());
    QCOMPARE(store->run(id)->pidStart, QString());
    QVERIFY(store->markCrashedRuns(1.0).empty());  // its pid (ours) lives: not crashed
}

void TstStore::migratesVersionFourSlurmJobs()
{
    // A store as schema 4 wrote it (no slurm_jobs): read as it is, it has no Slurm jobs; opened
    // read-write it is migrated and records them, every submission of a run kept in order.
    const QString path = storePath("v4.sqlite");
    qint64 id = 0;
    {
        auto store = openStore(path);
        QVERIFY(store);
        id = *store->createRun(sampleRun("old"));
    }
    QVERIFY(rawExec(path, QStringLiteral("DROP TABLE slurm_jobs")));
    QVERIFY(rawExec(path, QStringLiteral("ALTER TABLE sweeps DROP COLUMN search")));
    QVERIFY(rawExec(path, QStringLiteral("PRAGMA user_version = 4")));
    {
        QString error;
        auto reader = RunStore::open(path, &error, OpenMode::ReadOnly);
        QVERIFY2(reader, qPrintable(error));
        QCOMPARE(reader->schemaVersion(), 4);
        QVERIFY(reader->slurmJobs(id).empty());
        QVERIFY(reader->latestSlurmJobs().empty());
        QCOMPARE(reader->orphanedQueuedRuns().size(), size_t(0));  // its owner (this process) lives
    }
    auto store = openStore(path);
    QVERIFY(store);
    QCOMPARE(store->schemaVersion(), currentSchemaVersion());
    QVERIFY(store->slurmJobs(id).empty());
    const SlurmJob first{0, id, QStringLiteral("12_0"), QStringLiteral("/s/slurm-1.sbatch"), R"({"nodes":1})", 100.5};
    const SlurmJob again{0, id, QStringLiteral("15_0"), QStringLiteral("/s/slurm-2.sbatch"), R"({"nodes":1,"time":"5"})", 200};
    QVERIFY2(store->recordSlurmJobs({first}), qPrintable(store->lastError()));
    QVERIFY2(store->recordSlurmJobs({again}), qPrintable(store->lastError()));
    const auto jobs = store->slurmJobs(id);
    QCOMPARE(jobs.size(), size_t(2));
    QCOMPARE(jobs[0].jobId, QStringLiteral("12_0"));
    QCOMPARE(jobs[0].submitted, 100.5);
    QCOMPARE(jobs[1].script, QStringLiteral("/s/slurm-2.sbatch"));
    QCOMPARE(jobs[1].optionsJson, QByteArray(R"({"nodes":1,"time":"5"})"));
    QCOMPARE(store->latestSlurmJobs().at(id).jobId, QStringLiteral("15_0"));
    // All or none: a job of a run that does not exist spoils the batch.
    QVERIFY(!store->recordSlurmJobs({{0, id, QStringLiteral("16_0"), QStringLiteral("s"), "{}", 0},
                                     {0, id + 99, QStringLiteral("16_1"), QStringLiteral("s"), "{}", 0}}));
    QCOMPARE(store->slurmJobs(id).size(), size_t(2));
    // Deleting the run deletes its submissions.
    QVERIFY(store->deleteRun(id));
    QVERIFY(store->latestSlurmJobs().empty());
}

void TstStore::readOnlyWritesNothing()
{
    const QString dir = m_dir.filePath("ro");
    const QString path = dir + "/runs.sqlite";
    qint64 id = 0;
    {
        auto store = openStore(path);
        QVERIFY(store);
        id = *store->createRun(sampleRun("r"));
        QVERIFY(store->addMetrics(id, {{"val/top1", 1, 1, 0, 0.5}}));
    }
    const auto before = folderState(dir);
    QCOMPARE(before.keys(), QStringList{"runs.sqlite"});  // the last connection folded its log in
    {
        QString error;
        auto store = RunStore::open(path, &error, OpenMode::ReadOnly);
        QVERIFY2(store, qPrintable(error));
        QVERIFY(store->isReadOnly());
        QCOMPARE(store->run(id)->name, QStringLiteral("r"));
        QCOMPARE(store->metrics(id, "val/top1").size(), size_t(1));
        QVERIFY(store->integrityOk());
        QVERIFY(!store->createRun(sampleRun("no")));
        QVERIFY2(store->lastError().contains("open read-only") && store->lastError().contains(store->displayName()),
                 qPrintable(store->lastError()));
        QVERIFY(!store->setNotes(id, "no"));
        QVERIFY(!store->addMetrics(id, {{"x", 0, 0, 0, 1}}));
        QVERIFY(store->markCrashedRuns().empty());
        QCOMPARE(folderState(dir), before);  // nothing created while open
    }
    QCOMPARE(folderState(dir), before);
}

void TstStore::readOnlyNeverCreates()
{
    const QString dir = m_dir.filePath("none");
    QString error;
    QVERIFY(!RunStore::open(dir + "/runs.sqlite", &error, OpenMode::ReadOnly));
    QVERIFY2(error.contains("no run store at") && error.contains("--store"), qPrintable(error));
    QVERIFY(!QFileInfo::exists(dir));
    // An empty file (a creation killed before it committed) reads as a store with no runs, and
    // reading leaves it empty.
    QVERIFY(QDir().mkpath(dir));
    QFile empty(dir + "/empty.sqlite");
    QVERIFY(empty.open(QIODevice::WriteOnly));
    empty.close();
    {
        auto store = RunStore::open(dir + "/empty.sqlite", &error, OpenMode::ReadOnly);
        QVERIFY2(store, qPrintable(error));
        QVERIFY(store->runs().empty());
        QVERIFY(!store->sweep(1));
        QVERIFY(store->metrics(1, QStringLiteral("train/loss")).empty());
    }
    QCOMPARE(folderState(dir).keys(), QStringList{"empty.sqlite"});
    QCOMPARE(QFileInfo(dir + "/empty.sqlite").size(), qint64(0));
}

void TstStore::runIdsAreNeverGivenTwice()
{
    // SQLite gives a new row max(id) + 1: deleting the newest run handed its id (and with it its
    // folder runs/<id>/) to the next run.
    auto store = openStore(storePath("ids.sqlite"));
    QVERIFY(store);
    const qint64 first = *store->createRun(sampleRun("1"));
    const qint64 second = *store->createRun(sampleRun("2"));
    QVERIFY(store->deleteRun(second));
    const qint64 third = *store->createRun(sampleRun("3"));
    QCOMPARE(third, second + 1);
    QVERIFY(store->deleteRun(third) && store->deleteRun(first));
    QCOMPARE(*store->createRun(sampleRun("4")), third + 1);  // from an empty store too
    // Runs deleted by hand (sqlite3) leave the mark as it was.
    QVERIFY(rawExec(store->path(), QStringLiteral("DELETE FROM runs")));
    QCOMPARE(*store->createRun(sampleRun("5")), third + 2);
    // A creation refused (its parent does not exist) uses no id; imports take theirs the same way.
    QVERIFY(!store->createRun([] { NewRun bad = sampleRun("p"); bad.parentId = 4242; return bad; }()));
    ImportedRun imported;
    imported.record.name = QStringLiteral("imported");
    imported.record.status = RunStatus::Finished;
    const auto ids = store->importRuns({imported});
    QVERIFY2(ids, qPrintable(store->lastError()));
    QCOMPARE(ids->front(), third + 3);
}

void TstStore::newRunsNeverStartInAFolderThatHoldsFiles()
{
    const QString dir = m_dir.filePath("folders");
    const QString path = dir + "/runs.sqlite";
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 a = *store->createRun(sampleRun("a"));
    // Something at the folders of the next two ids: the files of a run no record names any more
    // (an older Gatefold gave its id to a new run, whose engine removed them), and a dangling link.
    const QString stranger = store->runDirectory(a + 1) + "/step-64.pt";
    QVERIFY(QDir().mkpath(store->runDirectory(a + 1)));
    {
        QFile f(stranger);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("someone else's checkpoint");
    }
    QVERIFY(::symlink("nowhere", QFile::encodeName(store->runDirectory(a + 2)).constData()) == 0);
    const qint64 b = *store->createRun(sampleRun("b"));
    QCOMPARE(b, a + 3);
    QVERIFY(QFileInfo(store->runDirectory(a + 2)).isSymLink());
    QCOMPARE(QFileInfo(stranger).size(), qint64(25));
    // A store as schema 3 left it, its newest run deleted and the files kept: migrated, it neither
    // hands that id on nor starts a run in that folder.
    QVERIFY(store->deleteRun(b));
    store.reset();
    QVERIFY(QDir().mkpath(dir + QStringLiteral("/runs/%1").arg(b)));
    QVERIFY(rawExec(path, QStringLiteral("DROP TABLE run_ids")));
    QVERIFY(rawExec(path, QStringLiteral("DROP TABLE slurm_jobs")));
    QVERIFY(rawExec(path, QStringLiteral("ALTER TABLE sweeps DROP COLUMN search")));
    QVERIFY(rawExec(path, QStringLiteral("PRAGMA user_version = 3")));
    auto migrated = openStore(path);
    QVERIFY(migrated);
    QCOMPARE(migrated->schemaVersion(), currentSchemaVersion());
    QCOMPARE(*migrated->createRun(sampleRun("c")), b + 1);
    QCOMPARE(QFileInfo(stranger).size(), qint64(25));
}

void TstStore::missingTablesAndColumnsRefusedUntouched_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("named");
    QTest::addColumn<bool>("readOnly");
    const QList<QPair<QString, QString>> cases = {
        {"ALTER TABLE runs DROP COLUMN notes", "column runs.notes is missing"},
        {"ALTER TABLE runs DROP COLUMN message", "column runs.message is missing"},
        {"ALTER TABLE metric_summary DROP COLUMN last", "column metric_summary.last is missing"},
        {"DROP TABLE metrics", "table metrics is missing"},
        {"DROP TABLE artifacts", "table artifacts is missing"},
        {"DROP TABLE run_ids", "table run_ids is missing"},
        {"DROP TABLE slurm_jobs", "table slurm_jobs is missing"},
        {"ALTER TABLE sweeps DROP COLUMN search", "column sweeps.search is missing"},
    };
    for (const auto &[damage, named] : cases)
        for (const bool readOnly : {false, true})
            QTest::addRow("%s, %s", qPrintable(named), readOnly ? "read-only" : "read-write") << damage << named << readOnly;
}

void TstStore::missingTablesAndColumnsRefusedUntouched()
{
    // A store read as if whole would show no runs (or step -1, or no artifacts), and a run
    // created in it could not be found again: refused, named, left as it is.
    QFETCH(QString, damage);
    QFETCH(QString, named);
    QFETCH(bool, readOnly);
    const QString path = storePath(qPrintable(QStringLiteral("dropped-%1.sqlite").arg(QTest::currentDataTag())));
    {
        auto store = openStore(path);
        QVERIFY(store);
        const qint64 id = *store->createRun(sampleRun("kept"));
        QVERIFY(store->addMetrics(id, {{"val/top1", 1, 1, 0, 0.5}}));
        QVERIFY(store->addArtifact({0, id, "image", "/x.png", QString(64, 'b'), 0, {}}));
    }
    QVERIFY(rawExec(path, damage));
    QVERIFY(rawExec(path, QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")));
    QFile::remove(path + "-wal");
    QFile::remove(path + "-shm");
    const QByteArray before = fileHash(path);
    QString error;
    QVERIFY(!RunStore::open(path, &error, readOnly ? OpenMode::ReadOnly : OpenMode::ReadWrite));
    QVERIFY2(error.contains(named) && error.contains("damaged") && error.contains("not modified")
                 && error.contains("backup"),
             qPrintable(error));
    QCOMPARE(fileHash(path), before);
    QVERIFY2(!QFileInfo::exists(path + "-wal") && !QFileInfo::exists(path + "-shm"), "a refusal left files behind");
}

void TstStore::valuesOfTheWrongTypeAreDamage()
{
    const QString path = storePath("types.sqlite");
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 id = *store->createRun(sampleRun("t"));
    QVERIFY(store->addMetrics(id, {{"val/top1", 10, 1, 0, 0.25}, {"val/top1", 20, 2, 0, 0.5}, {"train/loss", 30, 3, 0, 1.5}}));
    QVERIFY(store->addArtifact({0, id, "image", "/x.png", QString(64, 'b'), 0, {}}));
    // SQLite keeps what a statement writes, whatever the column's type; Qt reads it as 0.
    for (const char *sql : {"UPDATE metrics SET value = 'hello' WHERE key = 'val/top1' AND step = 20",
                            "UPDATE metrics SET step = 'abc' WHERE key = 'train/loss'", "UPDATE runs SET seed = 'x'",
                            "UPDATE metric_summary SET max = 'big' WHERE key = 'val/top1'",
                            "UPDATE artifacts SET created = 'yesterday'"})
        QVERIFY2(rawExec(path, QString::fromLatin1(sql)), sql);
    for (const bool readOnly : {false, true}) {
        QString error;
        auto reader = RunStore::open(path, &error, readOnly ? OpenMode::ReadOnly : OpenMode::ReadWrite);
        QVERIFY2(reader, qPrintable(error));
        const auto top1 = reader->metrics(id, "val/top1");
        QCOMPARE(top1.size(), size_t(1));  // the damaged point left out, not read as 0
        QCOMPARE(top1[0].value, 0.25);
        QVERIFY(reader->metrics(id, "train/loss").empty());
        QCOMPARE(reader->lastMetricStep(id), qint64(20));  // 'abc' is neither the highest step nor 0
        QCOMPARE(reader->metricSummary(id, "val/top1").count, qint64(0));
        QVERIFY(!reader->metricAtEpoch(id, "val/top1", 5));  // its last point by epoch 5 is the damaged one
        const auto r = reader->run(id);
        QVERIFY(r);
        QVERIFY2(r->damage.contains("seed holds 'x' (text), not a whole number"), qPrintable(r->damage));
        QCOMPARE(reader->artifacts(id).size(), size_t(1));
        const QString damage = reader->damageFound().join('\n');
        for (const QString &expected :
             {QStringLiteral("run %1, metric val/top1, row ").arg(id), QStringLiteral("value holds 'hello' (text), not a number"),
              QStringLiteral("run %1, metric train/loss, row ").arg(id), QStringLiteral("step holds 'abc' (text), not a whole number"),
              QStringLiteral("run %1: 1 metric point(s) have a step that is not a whole number").arg(id),
              QStringLiteral("run %1, summary of metric val/top1: max holds 'big' (text)").arg(id),
              QStringLiteral("created holds 'yesterday' (text), not a number"),
              QStringLiteral("run %1: seed holds 'x' (text)").arg(id)})
            QVERIFY2(damage.contains(expected), qPrintable(expected + QStringLiteral(" not in:\n") + damage));
        QVERIFY(!reader->setStatus(id, RunStatus::Running));
        QVERIFY2(reader->lastError().contains(readOnly ? "read-only" : "damaged"), qPrintable(reader->lastError()));
    }
}

void TstStore::unknownStatusIsDamage()
{
    const QString path = storePath("zombie.sqlite");
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 id = *store->createRun(sampleRun("z"));
    QVERIFY(store->setStatus(id, RunStatus::Running) && store->setStatus(id, RunStatus::Failed));
    // The CHECK on status taken away (as PRAGMA writable_schema can, by hand): a status no Gatefold writes.
    QVERIFY(rawExecAll(path, {QStringLiteral("PRAGMA ignore_check_constraints = ON"),
                              QStringLiteral("UPDATE runs SET status = 'zombie' WHERE id = %1").arg(id)}));
    const auto r = store->run(id);
    QVERIFY(r);
    QVERIFY2(r->damage.contains("status holds 'zombie', which is not a status Gatefold writes"), qPrintable(r->damage));
    QVERIFY(store->damageFound().join('\n').contains(QStringLiteral("run %1: status holds 'zombie'").arg(id)));
    QVERIFY(!store->setStatus(id, RunStatus::Running));
    QVERIFY2(store->lastError().contains("damaged") && store->lastError().contains("zombie")
                 && !store->lastError().contains("same moment"),
             qPrintable(store->lastError()));
    QVERIFY(store->markCrashedRuns(0.0).empty());
    QVERIFY(store->orphanedQueuedRuns().empty());
    QVERIFY(!store->adoptRuns({id}));
    QCOMPARE(rawValue(path, QStringLiteral("SELECT status FROM runs WHERE id = %1").arg(id)), QStringLiteral("zombie"));
}

void TstStore::namesAndTagsAreOneLine()
{
    auto store = openStore(storePath("names.sqlite"));
    QVERIFY(store);
    const qint64 id = *store->createRun(sampleRun("fine"));
    const QStringList bad = {"a\nb", "tab\there", "esc\x1b[31mred", "bell\a", QStringLiteral("rtl\u202Eevil"),
                             QString(QStringLiteral("nul")).append(QChar(0)), QStringLiteral("c1") + QChar(0x9b) + QStringLiteral("2J")};
    for (const QString &text : bad) {
        QVERIFY(!store->createRun(sampleRun(text)));
        QVERIFY2(store->lastError().contains("control character"), qPrintable(store->lastError()));
        for (const QChar c : store->lastError())  // the refusal itself is safe to print
            QVERIFY(!isControlCharacter(c));
        NewRun tagged = sampleRun("ok");
        tagged.tags = {"fine", text};
        QVERIFY(!store->createRun(tagged));
        QVERIFY(!store->setName(id, text));
        QVERIFY(!store->setTags(id, {text}));
        QVERIFY(!store->createSweep(text, "{}"));
        ImportedRun imported;
        imported.record.name = text;
        QVERIFY(!store->importRuns({imported}));
    }
    QCOMPARE(store->runs().size(), size_t(1));
    QCOMPARE(store->run(id)->name, QStringLiteral("fine"));
    QCOMPARE(store->run(id)->tags, sampleRun("x").tags);
    // Notes may hold several lines (and whatever a note holds): a terminal gets them escaped.
    QVERIFY(store->setNotes(id, "line 1\nline 2"));
    QCOMPARE(escapedForTerminal(QStringLiteral("a\nb\x1b]0;t\x07\u202e\u00e9")), QStringLiteral("a\\nb\\x1b]0;t\\x07\\u202e\u00e9"));
}

void TstStore::openedThroughALinkKeepsItsFolder()
{
    const QString dir = m_dir.filePath("linked");
    QVERIFY(QDir().mkpath(dir + "/sub"));
    const QString sub = QFileInfo(dir + "/sub").canonicalFilePath();
    {
        auto store = openStore(dir + "/sub/runs.sqlite");
        QVERIFY(store && store->createRun(sampleRun("r")));
    }
    // ln -s sub/runs.sqlite link.sqlite: the store's runs/ is beside the file, not beside the link.
    QVERIFY(::symlink("sub/runs.sqlite", QFile::encodeName(dir + "/link.sqlite").constData()) == 0);
    QString error;
    const auto location = StoreLocation::parse(dir + "/link.sqlite", &error);
    QVERIFY2(location, qPrintable(error));
    QCOMPARE(location->file, sub + "/runs.sqlite");
    QCOMPARE(location->dataDir, sub);
    for (const OpenMode mode : {OpenMode::ReadWrite, OpenMode::ReadOnly}) {
        auto store = RunStore::open(dir + "/link.sqlite", &error, mode);
        QVERIFY2(store, qPrintable(error));
        QCOMPARE(store->path(), sub + "/runs.sqlite");
        QCOMPARE(store->dataDirectory(), sub);
        QCOMPARE(store->runDirectory(1), sub + "/runs/1");
    }
    // A link to a store not made yet: the store is made where it points, its runs beside it.
    QVERIFY(::symlink("sub/new.sqlite", QFile::encodeName(dir + "/new-link.sqlite").constData()) == 0);
    auto made = openStore(dir + "/new-link.sqlite");
    QVERIFY(made);
    QVERIFY(QFileInfo(dir + "/sub/new.sqlite").isFile() && !QFileInfo(dir + "/sub/new.sqlite").isSymLink());
    QVERIFY(QFileInfo(dir + "/new-link.sqlite").isSymLink());
    QCOMPARE(made->dataDirectory(), sub);
}

void TstStore::colonPathsNameNoStore()
{
    // Qt reads a path that starts with ':' as one of its resources (walking up from ":x" never ends:
    // the commands spun at 100 % CPU); SQLite reads ":memory:" as a store that vanishes on close.
    QElapsedTimer clock;
    clock.start();
    for (const QString &path : QStringList{":memory:", ":x", ":/a/b.sqlite", ":"}) {
        QString error;
        QVERIFY(!StoreLocation::parse(path, &error));
        QVERIFY2(error.contains("starts with ':'") && error.contains("./" + path), qPrintable(error));
        QVERIFY(!RunStore::open(path, &error));
        QVERIFY(!RunStore::open(path, &error, OpenMode::ReadOnly));
        QVERIFY2(error.contains("starts with ':'"), qPrintable(error));
    }
    // Prefixes Qt has no file engine for here are file names like any other.
    for (const QString &path : QStringList{"qrc:/a.sqlite", "assets:/a.sqlite", "file::memory:"}) {
        QString error;
        QVERIFY(!RunStore::open(path, &error, OpenMode::ReadOnly));
        QVERIFY2(error.contains("no run store at"), qPrintable(error));
    }
    QVERIFY(clock.elapsed() < 10000);
}

void TstStore::writeTransactionRollsBackUnlessCommitted()
{
    const QString path = storePath("transaction.sqlite");
    RawConnection one(path, QStringLiteral("one"), 10000);
    QVERIFY(one.exec(QStringLiteral("PRAGMA foreign_keys = ON")));
    QVERIFY(one.exec(QStringLiteral("CREATE TABLE parents (id INTEGER PRIMARY KEY)")));
    QVERIFY(one.exec(QStringLiteral(
        "CREATE TABLE children (parent INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED)")));
    const QString parents = QStringLiteral("SELECT count(*) FROM parents");
    {
        // Gone out of scope uncommitted: its row goes with it.
        WriteTransaction transaction(one.db, Dialect::Sqlite);
        QVERIFY2(transaction.began(), qPrintable(transaction.error()));
        QVERIFY(one.exec(QStringLiteral("INSERT INTO parents (id) VALUES (1)")));
        QCOMPARE(one.count(parents), 1);
    }
    QCOMPARE(one.count(parents), 0);
    {
        WriteTransaction transaction(one.db, Dialect::Sqlite);
        QVERIFY2(transaction.began(), qPrintable(transaction.error()));  // the last one ended
        QVERIFY(one.exec(QStringLiteral("INSERT INTO parents (id) VALUES (2)")));
        QVERIFY2(transaction.commit(), qPrintable(transaction.error()));
    }
    RawConnection two(path, QStringLiteral("two"), 100);
    QCOMPARE(two.count(parents), 1);
    {
        // A commit that fails (a deferred foreign key is checked at COMMIT, which leaves the
        // transaction open) keeps its reason, and the destructor rolls the rest back.
        WriteTransaction transaction(one.db, Dialect::Sqlite);
        QVERIFY(transaction.began());
        QVERIFY(one.exec(QStringLiteral("INSERT INTO parents (id) VALUES (3)")));
        QVERIFY(one.exec(QStringLiteral("INSERT INTO children (parent) VALUES (99)")));
        QVERIFY(!transaction.commit());
        QVERIFY2(transaction.error().contains(QStringLiteral("FOREIGN KEY")), qPrintable(transaction.error()));
    }
    QCOMPARE(one.count(parents), 1);
    QCOMPARE(one.count(QStringLiteral("SELECT count(*) FROM children")), 0);
    {
        // One that cannot begin (another connection holds the write lock) says why and leaves
        // the other's transaction alone.
        WriteTransaction holder(one.db, Dialect::Sqlite, WriteTransaction::Lock::Exclusive);
        QVERIFY2(holder.began(), qPrintable(holder.error()));
        QVERIFY(one.exec(QStringLiteral("INSERT INTO parents (id) VALUES (4)")));
        {
            WriteTransaction refused(two.db, Dialect::Sqlite);
            QVERIFY(!refused.began());
            QVERIFY2(refused.error().contains(QStringLiteral("database is locked")), qPrintable(refused.error()));
            QVERIFY(!refused.commit());
        }
        QVERIFY2(holder.commit(), qPrintable(holder.error()));
    }
    QCOMPARE(two.count(parents), 2);
}

void TstStore::aWriteFailingHalfWayLeavesTheStoreAsItWas()
{
    const QString path = storePath("halfway.sqlite");
    auto store = openStore(path);
    QVERIFY(store);
    const qint64 id = *store->createRun(sampleRun("r"));
    QVERIFY(store->setStatus(id, RunStatus::Running));
    QVERIFY(store->addMetrics(id, {{QStringLiteral("train/loss"), 1, 0.1, 0, 2.0}}));
    const double heartbeat = store->run(id)->heartbeat;
    QThread::msleep(5);  // a heartbeat written now differs from it
    // The heartbeat moves and the first point goes in (one statement each on SQLite); the second
    // point's NULL key is refused by the database.
    const std::vector<MetricPoint> points = {{QStringLiteral("train/loss"), 2, 0.2, 0, 1.5}, {QString(), 3, 0.3, 0, 1.0}};
    Artifact last;
    last.kind = QStringLiteral("checkpoint/last");
    last.path = QStringLiteral("runs/%1/step-3.pt").arg(id);
    QVERIFY(!store->recordCheckpoint(id, points, {last}));
    QVERIFY2(store->lastError().startsWith(QStringLiteral("cannot record the checkpoint of run %1: ").arg(id)),
             qPrintable(store->lastError()));
    QVERIFY(!store->addMetrics(id, points));
    QVERIFY2(store->lastError().startsWith(QStringLiteral("cannot record metrics of run %1: ").arg(id)),
             qPrintable(store->lastError()));
    // Nothing of either is left, for this connection (which would see its own open transaction)
    // or another.
    QCOMPARE(store->metrics(id, QStringLiteral("train/loss")).size(), size_t(1));
    QCOMPARE(store->metricSummary(id, QStringLiteral("train/loss")).count, qint64(1));
    QVERIFY(store->artifacts(id).empty());
    QCOMPARE(store->run(id)->heartbeat, heartbeat);
    QCOMPARE(rawValue(path, QStringLiteral("SELECT count(*) FROM metrics")), QStringLiteral("1"));
    // And the connection is out of the transaction: the next write commits.
    QVERIFY2(store->recordCheckpoint(id, {points.front()}, {last}), qPrintable(store->lastError()));
    QCOMPARE(store->metrics(id, QStringLiteral("train/loss")).size(), size_t(2));
    QCOMPARE(store->artifacts(id, QStringLiteral("checkpoint/last")).size(), size_t(1));
}

QTEST_GUILESS_MAIN(TstStore)
#include "tst_store.moc"
