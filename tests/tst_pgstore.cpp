// The run store over PostgreSQL (QPSQL), against a real server this test
// starts itself (pgserver.h): store URLs are parsed and checked; the same
// sequence of store operations gives the same answers on SQLite and on
// PostgreSQL, metric values to the last bit; a database that is not ours or
// that a newer Gatefold wrote is refused untouched; an unreachable server is
// named; processes opening a fresh store at once migrate it once; and a real
// engine child trains into the database, its files under the URL's runs=.

#include "pgserver.h"
#include "tinyrun.h"

#include "launch/runprocess.h"
#include "store/processid.h"
#include "store/runstore.h"
#include "store/storelocation.h"
#include "store/storeschema.h"
#include "config/runconfigjson.h"

#include <QtTest/QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>

#include <atomic>
#include <cmath>
#include <csignal>
#include <cstring>
#include <limits>
#include <thread>

using namespace gatefold;
using store::RunStatus;
using store::RunStore;
using store::StoreLocation;

namespace {

std::unique_ptr<RunStore> mustOpen(const QString &where)
{
    QString error;
    auto s = RunStore::open(where, &error);
    if (!s)
        qFatal("cannot open %s: %s", qPrintable(where), qPrintable(error));
    return s;
}

// Values whose decimal forms need all 17 digits, and the extremes of a double.
const std::vector<double> kValues = {0.1 + 0.2, M_PI, -1.0 / 3.0, 1e-300, 6.02214076e23, 4.9e-324,
                                     std::numeric_limits<double>::max(), -2.2250738585072014e-308, 2.5, 1.0 - 1e-16};
// (Not -0.0: SQLite itself stores it as 0, and a metric has no use for the sign of zero.)

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// Slurm (schema 5): submissions recorded all or none, the latest one each run's job; a queued
// run with one is nobody's orphan; a queued run is cancelled only while queued (`ida` runs, `idb`
// is queued).
void exerciseSlurm(RunStore &s, qint64 ida, qint64 idb, QJsonObject *result)
{
    QJsonObject &out = *result;
    out["slurmRecord"] = s.recordSlurmJobs({{0, idb, QStringLiteral("41_0"), QStringLiteral("/s/a.sbatch"),
                                             R"({"nodes":1,"nproc":2})", 1700000000.25}});
    out["slurmRecordBad"] = s.recordSlurmJobs({{0, idb, QStringLiteral("42_0"), QStringLiteral("/s/b.sbatch"), "{}", 1},
                                               {0, 987654, QStringLiteral("42_1"), QStringLiteral("/s/b.sbatch"), "{}", 1}});
    QJsonArray slurmJobs;
    for (const auto &j : s.slurmJobs(idb))
        slurmJobs.append(QJsonArray{j.runId == idb, j.jobId, j.script, QString::fromUtf8(j.optionsJson), j.submitted});
    out["slurmJobs"] = slurmJobs;
    out["slurmLatest"] = s.latestSlurmJobs().count(idb) ? s.latestSlurmJobs().at(idb).jobId : QString();
    out["slurmAdopt"] = s.adoptRuns({idb});
    out["slurmOrphans"] = int(s.orphanedQueuedRuns().size());
    out["cancelRunning"] = s.cancelQueuedRun(ida, QStringLiteral("no"));
    out["cancelQueued"] = s.cancelQueuedRun(idb, QStringLiteral("cancelled 'in' Slurm"));
    out["cancelledStatus"] = s.run(idb) ? store::toString(s.run(idb)->status) + s.run(idb)->message : QString();
}

// One pass through the whole store API; what it read back, without the
// timestamps (they differ between two passes).
QJsonObject exercise(RunStore &s)
{
    QJsonObject out;
    const auto sweep = s.createSweep(QStringLiteral("lr sweep"), R"({"optim.lr":[0.001,0.002]})");
    store::NewRun a;
    a.name = QStringLiteral("a ‘quoted’ name; with \"marks\" and 中文");
    a.configJson = R"({"depth": 2})";
    a.seed = 9007199254740993LL;  // above 2^53: must stay an integer
    a.sweepId = sweep.value_or(0);
    a.tags = {QStringLiteral("baseline"), QStringLiteral("ü")};
    a.notes = QStringLiteral("line 1\nline 2 'x'");
    const qint64 ida = s.createRun(a).value_or(-1);
    store::NewRun b;
    b.name = QStringLiteral("b");
    b.parentId = ida;
    const qint64 idb = s.createRun(b).value_or(-1);
    out["ids"] = QJsonArray{ida, idb};
    out["toRunning"] = s.setStatus(ida, RunStatus::Running);
    out["badTransition"] = s.setStatus(idb, RunStatus::Finished);
    out["setRuntime"] = s.setRuntime(ida, QStringLiteral("cpu"), QStringLiteral(R"({"qt":"6.4"})"));
    out["heartbeat"] = s.heartbeat(ida);
    out["tags"] = s.setTags(idb, {QStringLiteral("x")});
    out["notes"] = s.setNotes(idb, QStringLiteral("n"));
    out["rename"] = s.setName(idb, QStringLiteral("b2"));
    out["renameMissing"] = s.setName(987654, QStringLiteral("nobody"));

    // Metrics in two batches; steps 3 twice (the later point is the last).
    std::vector<store::MetricPoint> first, second;
    for (int i = 0; i < int(kValues.size()); ++i)
        first.push_back({QStringLiteral("val/x"), i, i * 0.5, 1000.0 + i, kValues[size_t(i)]});
    first.push_back({QStringLiteral("train/loss"), 3, 1.0, 1.0, 7.0});
    first.push_back({QStringLiteral("train/loss"), 3, 1.0, 1.0, 8.0});
    second.push_back({QStringLiteral("train/loss"), 2, 0.9, 1.0, -5.0});
    second.push_back({QStringLiteral("train/loss"), 5, 2.0, 1.0, 6.0});
    out["addMetrics"] = s.addMetrics(ida, first) && s.addMetrics(ida, second);
    QJsonArray values;
    for (const auto &p : s.metrics(ida, QStringLiteral("val/x")))
        values.append(QJsonArray{p.step, p.epoch, p.wall, QString::number(p.value, 'g', 17),
                                 sameBits(p.value, kValues[size_t(p.step)])});
    out["values"] = values;
    const auto summary = [&](const QString &key) {
        const auto m = s.metricSummary(ida, key);
        return QJsonArray{m.count, m.lastStep, m.last, m.min, m.max};
    };
    out["summaryLoss"] = summary(QStringLiteral("train/loss"));
    out["summaryX"] = QJsonArray{s.metricSummary(ida, QStringLiteral("val/x")).count,
                                 s.metricSummary(ida, QStringLiteral("val/x")).lastStep};
    out["keys"] = QJsonArray::fromStringList(s.metricKeys(ida));
    out["atEpoch1"] = s.metricAtEpoch(ida, QStringLiteral("train/loss"), 1.0).value_or(-99);
    out["atEpochNone"] = s.metricAtEpoch(ida, QStringLiteral("train/loss"), 0.5).has_value();
    out["lastStep"] = s.lastMetricStep(ida);
    out["truncate"] = s.truncateMetrics(ida, 3);
    out["afterTruncate"] = summary(QStringLiteral("train/loss"));
    out["lastStepAfter"] = s.lastMetricStep(ida);

    store::Artifact art;
    art.runId = ida;
    art.kind = QStringLiteral("checkpoint/last");
    art.path = QStringLiteral("runs/1/last.pt");
    art.sha256 = QStringLiteral("ab");
    art.infoJson = R"({"epoch": 1})";
    const auto art1 = s.addArtifact(art);
    art.path = QStringLiteral("runs/1/last2.pt");
    const auto art2 = s.replaceArtifact(art);
    out["artifactIds"] = art1.has_value() && art2.has_value();
    QJsonArray arts;
    for (const auto &x : s.artifacts(ida))
        arts.append(QJsonArray{x.kind, x.path, x.sha256, QString::fromUtf8(x.infoJson)});
    out["artifacts"] = arts;
    store::Snapshot snap;
    snap.runId = ida;
    snap.kind = QStringLiteral("codebook/usage");
    snap.step = 10;
    snap.epoch = 1;
    snap.dataJson = R"({"layers": [[1, 2, 3]]})";
    out["snapshot"] = s.addSnapshot(snap).has_value();
    snap.dataJson = "not json";
    out["badSnapshot"] = s.addSnapshot(snap).has_value();
    QJsonArray snaps;
    for (const auto &x : s.snapshots(ida, QStringLiteral("codebook/usage")))
        snaps.append(QJsonArray{x.step, x.epoch, QString::fromUtf8(x.dataJson)});
    out["snapshots"] = snaps;
    const auto sw = s.sweep(sweep.value_or(0));
    out["sweep"] = sw ? QJsonArray{sw->name, QString::fromUtf8(sw->gridJson)} : QJsonArray{};

    QJsonArray runs;
    for (const auto &r : s.runs()) {
        runs.append(QJsonArray{r.id, r.name, store::toString(r.status), QString::fromUtf8(r.configJson),
                               QString::number(r.seed), r.device, r.versions, r.started > 0, r.pid > 0, r.host,
                               r.sweepId == sweep.value_or(-1), r.parentId, QJsonArray::fromStringList(r.tags),
                               r.notes, r.message});
    }
    out["runs"] = runs;
    out["inSweep"] = int(s.runs(sweep.value_or(0)).size());

    exerciseSlurm(s, ida, idb, &out);
    out["finish"] = s.setStatus(ida, RunStatus::Finished, QStringLiteral("done 'ok'"));
    out["message"] = s.run(ida) ? s.run(ida)->message : QString();
    out["ended"] = s.run(ida) && s.run(ida)->ended >= s.run(ida)->started;
    out["integrity"] = s.integrityOk();
    out["delete"] = s.deleteRun(ida);
    out["cascade"] = int(s.metricKeys(ida).size() + s.artifacts(ida).size());
    out["orphanParent"] = s.run(idb) ? s.run(idb)->parentId : -1;
    out["deleteMissing"] = s.deleteRun(ida);

    // importRuns (MLflow import): whole runs in one transaction; a bad one takes the rest along.
    store::ImportedRun imp;
    imp.record.name = QStringLiteral("imported");
    imp.record.status = RunStatus::Cancelled;
    imp.record.created = 1700000000.5;
    imp.record.started = 1700000001.25;
    imp.record.ended = 1700000009.75;
    imp.record.host = QStringLiteral("elsewhere");
    imp.record.tags = {QStringLiteral("team=vision")};
    imp.record.notes = QStringLiteral("MLflow params:\nlr = 0.1");
    imp.metrics = {{QStringLiteral("train/loss"), 1, 0.5, 1700000002.0, 2.5},
                   {QStringLiteral("train/loss"), 2, 1.0, 1700000003.0, 1.5}};
    imp.artifacts = {{0, 0, QStringLiteral("mlflow/run"), QStringLiteral("/mlruns/1/abc"), QString(), 1700000000.0,
                      QByteArrayLiteral("{\"run_id\":\"abc\"}")}};
    store::ImportedRun bad = imp;
    bad.metrics.push_back({QString(), 3, 0, 0, 0});  // a NULL key: refused by the database
    const int before = int(s.runs().size());
    out["importBad"] = s.importRuns({imp, bad}).has_value();
    out["importBadAdded"] = int(s.runs().size()) - before;
    const auto ids = s.importRuns({imp});
    out["import"] = ids.has_value();
    if (ids) {
        const auto r = s.run(ids->front());
        const auto m = s.metricSummary(ids->front(), QStringLiteral("train/loss"));
        QJsonArray arts;
        for (const auto &x : s.artifacts(ids->front()))
            arts.append(QJsonArray{x.kind, x.path, x.sha256, x.created, QString::fromUtf8(x.infoJson)});
        out["imported"] = QJsonArray{r->name, store::toString(r->status), r->created, r->started, r->ended, r->host,
                                     QJsonArray::fromStringList(r->tags), r->notes, m.count, m.lastStep, m.last, arts};
    }

    // A write failing half-way (run_ids moved on, then the insert breaks a foreign key) is rolled
    // back whole: the connection is out of its transaction and the next run gets the id it took.
    store::NewRun lost;
    lost.name = QStringLiteral("lost");
    const qint64 kept = s.createRun(lost).value_or(-1);
    lost.sweepId = 987654;
    out["createLost"] = s.createRun(lost).has_value();
    lost.sweepId = 0;
    out["idAfterLost"] = s.createRun(lost).value_or(-1) - kept;
    return out;
}

} // namespace

class TstPgStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void parsesLocations_data();
    void parsesLocations();
    void refusesBadUrls_data();
    void refusesBadUrls();
    void createsTheSchemaOnce();
    void answersLikeSqlite();
    void refusesForeignDatabase();
    void refusesNewerSchema();
    void refusesDamagedSchemaVersion();
    void unreachableServerIsNamed();
    void concurrentOpensMigrateOnce();
    void markCrashedOnTheServer();
    void leaseOnTheServer();
    void readOnlyOnTheServer();
    void migratesVersionTwoOnTheServer();
    void migratesVersionFourOnTheServer();
    void refusesMissingTablesAndColumns();
    void runIdsAreNeverGivenTwiceOnTheServer();
    void engineTrainsIntoPostgres();

private:
    QString freshDatabase()
    {
        const QString name = QStringLiteral("db%1").arg(++m_databases);
        const QString error = m_server.createDatabase(name);
        if (!error.isEmpty())
            qFatal("%s", qPrintable(error));
        return name;
    }
    test::PgServer m_server;
    QTemporaryDir m_dir;
    int m_databases = 0;
};

void TstPgStore::initTestCase()
{
    const QString error = m_server.start();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")));
}

void TstPgStore::parsesLocations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("postgres");
    QTest::addColumn<QString>("host");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("database");
    QTest::addColumn<QString>("user");
    QTest::addColumn<QString>("password");
    QTest::addColumn<QString>("options");
    QTest::addColumn<QString>("display");
    QTest::newRow("file") << "/tmp/a/runs.sqlite" << false << "" << 5432 << "" << "" << "" << ""
                          << "/tmp/a/runs.sqlite";
    QTest::newRow("file url") << "file:///tmp/b.sqlite" << false << "" << 5432 << "" << "" << "" << ""
                              << "/tmp/b.sqlite";
    QTest::newRow("full") << "postgresql://ann:s%40cret@db.lab:6543/gatefold?sslmode=require" << true << "db.lab"
                          << 6543 << "gatefold" << "ann" << "s@cret" << "sslmode=require;connect_timeout=10"
                          << "postgresql://ann@db.lab:6543/gatefold";
    QTest::newRow("short scheme") << "postgres://h/runs?connect_timeout=3" << true << "h" << 5432 << "runs" << ""
                                  << "" << "connect_timeout=3" << "postgresql://h:5432/runs";
    QTest::newRow("socket") << "postgresql://me@localhost/g?host=/run/postgresql" << true << "/run/postgresql"
                            << 5432 << "g" << "me" << "" << "connect_timeout=10"
                            << "postgresql://me@[/run/postgresql]:5432/g";
}

void TstPgStore::parsesLocations()
{
    QFETCH(QString, text);
    QFETCH(bool, postgres);
    QString error;
    const auto l = StoreLocation::parse(text, &error);
    QVERIFY2(l, qPrintable(error));
    QCOMPARE(l->isPostgres(), postgres);
    QTEST(l->display(), "display");
    QCOMPARE(l->given, text);
    if (!postgres) {
        QCOMPARE(l->dataDir, QFileInfo(l->file).absolutePath());
        return;
    }
    QTEST(l->host, "host");
    QTEST(l->port, "port");
    QTEST(l->database, "database");
    QTEST(l->user, "user");
    QTEST(l->password, "password");
    QTEST(l->options, "options");
    QVERIFY2(l->dataDir.contains(QStringLiteral("/gatefold/servers/")), qPrintable(l->dataDir));
    QVERIFY(!l->display().contains(QStringLiteral("cret")));
}

void TstPgStore::refusesBadUrls_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("says");
    QTest::newRow("empty") << "  " << "no run store given";
    QTest::newRow("scheme") << "mysql://h/db" << "scheme 'mysql'";
    QTest::newRow("no database") << "postgresql://h:5432/" << "names no database";
    QTest::newRow("no host") << "postgresql:///db" << "names no server";
    QTest::newRow("unknown parameter") << "postgresql://h/db?pool=4" << "parameter 'pool'";
    QTest::newRow("relative runs") << "postgresql://h/db?runs=shared/x" << "not an absolute directory";
    QTest::newRow("bad port") << "postgresql://h:99999/db" << "not a valid URL";
}

void TstPgStore::refusesBadUrls()
{
    QFETCH(QString, text);
    QFETCH(QString, says);
    QString error;
    QVERIFY(!StoreLocation::parse(text, &error));
    QVERIFY2(error.contains(says), qPrintable(error));
    // RunStore::open says the same, and creates nothing.
    QString openError;
    QVERIFY(!RunStore::open(text, &openError));
    QCOMPARE(openError, error);
}

void TstPgStore::createsTheSchemaOnce()
{
    const QString db = freshDatabase();
    const QString url = m_server.url(db, QStringLiteral("runs=") + m_dir.filePath(QStringLiteral("files")));
    {
        auto s = mustOpen(url);
        QVERIFY(s->isPostgres());
        QCOMPARE(s->schemaVersion(), store::currentSchemaVersion());
        QCOMPARE(s->path(), url);
        QCOMPARE(s->dataDirectory(), m_dir.filePath(QStringLiteral("files")));
        QCOMPARE(s->runDirectory(7), m_dir.filePath(QStringLiteral("files/runs/7")));
        QVERIFY(QFileInfo(s->dataDirectory()).isDir());
        QVERIFY(s->createRun(store::NewRun{}).has_value());
    }
    auto again = mustOpen(url);
    QCOMPARE(again->schemaVersion(), store::currentSchemaVersion());
    QCOMPARE(int(again->runs().size()), 1);
    QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT count(*) FROM gatefold_schema")).toInt(), 1);
    // 64-bit ids and doubles: the columns are BIGINT and DOUBLE PRECISION, not 32-bit or float4.
    QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT data_type FROM information_schema.columns WHERE "
                                                "table_name = 'metrics' AND column_name = 'value'"))
                 .toString(),
             QStringLiteral("double precision"));
    QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT data_type FROM information_schema.columns WHERE "
                                                "table_name = 'runs' AND column_name = 'seed'"))
                 .toString(),
             QStringLiteral("bigint"));
}

void TstPgStore::answersLikeSqlite()
{
    auto lite = mustOpen(m_dir.filePath(QStringLiteral("same.sqlite")));
    auto pg = mustOpen(m_server.url(freshDatabase()));
    const QJsonObject a = exercise(*lite);
    const QJsonObject b = exercise(*pg);
    QStringList differ;
    for (const QString &key : a.keys() + b.keys())
        if (a.value(key) != b.value(key))
            differ << QStringLiteral("%1: SQLite %2, PostgreSQL %3")
                          .arg(key,
                               QString::fromUtf8(QJsonDocument(QJsonArray{a.value(key)}).toJson(QJsonDocument::Compact)),
                               QString::fromUtf8(QJsonDocument(QJsonArray{b.value(key)}).toJson(QJsonDocument::Compact)));
    QVERIFY2(differ.isEmpty(), qPrintable(differ.join(QLatin1Char('\n'))));
    QCOMPARE(a.size(), b.size());
    // The pass checked what it should (not two equally wrong answers).
    for (const auto &row : b.value("values").toArray())
        QVERIFY2(row.toArray().at(4).toBool(), qPrintable(QString::fromUtf8(QJsonDocument(row.toArray()).toJson())));
    QCOMPARE(b.value("values").toArray().size(), int(kValues.size()));
    QCOMPARE(b.value("summaryLoss").toArray(), (QJsonArray{4, 5, 6.0, -5.0, 8.0}));
    QCOMPARE(b.value("afterTruncate").toArray(), (QJsonArray{3, 3, 8.0, -5.0, 8.0}));
    QCOMPARE(b.value("atEpoch1").toDouble(), 8.0);
    QCOMPARE(b.value("badTransition").toBool(), false);
    QCOMPARE(b.value("badSnapshot").toBool(), false);
    QCOMPARE(b.value("renameMissing").toBool(), false);
    QCOMPARE(b.value("cascade").toInt(), 0);
    QCOMPARE(b.value("orphanParent").toInteger(), 0);
    QCOMPARE(b.value("runs").toArray().at(1).toArray().at(4).toString(), QStringLiteral("9007199254740993"));
    QCOMPARE(b.value("integrity").toBool(), true);
    QCOMPARE(b.value("slurmRecord").toBool(), true);
    QCOMPARE(b.value("slurmRecordBad").toBool(), false);
    QCOMPARE(b.value("slurmJobs").toArray(), (QJsonArray{QJsonArray{true, "41_0", "/s/a.sbatch", R"({"nodes":1,"nproc":2})",
                                                                    1700000000.25}}));
    QCOMPARE(b.value("slurmLatest").toString(), QStringLiteral("41_0"));
    QCOMPARE(b.value("slurmAdopt").toBool(), false);
    QCOMPARE(b.value("cancelRunning").toBool(), false);
    QCOMPARE(b.value("cancelQueued").toBool(), true);
    QCOMPARE(b.value("cancelledStatus").toString(), QStringLiteral("cancelledcancelled 'in' Slurm"));
    QCOMPARE(b.value("importBad").toBool(), false);
    QCOMPARE(b.value("importBadAdded").toInt(), 0);
    QCOMPARE(b.value("createLost").toBool(), false);
    QCOMPARE(b.value("idAfterLost").toInteger(), 1);
    QCOMPARE(b.value("import").toBool(), true);
    QCOMPARE(b.value("imported").toArray().at(4).toDouble(), 1700000009.75);
    QCOMPARE(b.value("imported").toArray().at(10).toDouble(), 1.5);
}

void TstPgStore::refusesForeignDatabase()
{
    const QString db = freshDatabase();
    QCOMPARE(m_server.exec(db, {QStringLiteral("CREATE TABLE invoices (id INTEGER)"),
                                QStringLiteral("INSERT INTO invoices VALUES (42)")}),
             QString());
    QString error;
    QVERIFY(!RunStore::open(m_server.url(db), &error));
    QVERIFY2(error.contains(QStringLiteral("not a Gatefold run store")) && error.contains(QStringLiteral("1 other"))
                 && error.contains(QStringLiteral("not modified")),
             qPrintable(error));
    QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT count(*) FROM information_schema.tables WHERE "
                                                "table_schema = 'public'"))
                 .toInt(),
             1);
    QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT id FROM invoices")).toInt(), 42);
}

void TstPgStore::refusesNewerSchema()
{
    const QString db = freshDatabase();
    mustOpen(m_server.url(db))->createRun(store::NewRun{});
    const int newer = store::currentSchemaVersion() + 5;
    QCOMPARE(m_server.exec(db, {QStringLiteral("UPDATE gatefold_schema SET version = %1").arg(newer)}), QString());
    QString error;
    QVERIFY(!RunStore::open(m_server.url(db), &error));
    QVERIFY2(error.contains(QStringLiteral("newer Gatefold")) && error.contains(QString::number(newer)),
             qPrintable(error));
    QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT version FROM gatefold_schema")).toInt(), newer);
    QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT count(*) FROM runs")).toInt(), 1);
}

void TstPgStore::refusesDamagedSchemaVersion()
{
    const QString db = freshDatabase();
    mustOpen(m_server.url(db))->createRun(store::NewRun{});
    QCOMPARE(m_server.exec(db, {QStringLiteral("UPDATE gatefold_schema SET version = -1")}), QString());
    for (const store::OpenMode mode : {store::OpenMode::ReadWrite, store::OpenMode::ReadOnly}) {
        QString error;
        QVERIFY(!RunStore::open(m_server.url(db), &error, mode));
        QVERIFY2(error.contains(QStringLiteral("version is -1")) && error.contains(QStringLiteral("damaged")),
                 qPrintable(error));
    }
    QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT version FROM gatefold_schema")).toInt(), -1);
    QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT count(*) FROM runs")).toInt(), 1);
}

void TstPgStore::unreachableServerIsNamed()
{
    const int port = test::freeLocalPort();
    QVERIFY(port > 0);
    QString error;
    const QString url = QStringLiteral("postgresql://ann:topsecret@127.0.0.1:%1/db").arg(port);
    QVERIFY(!RunStore::open(url, &error));
    QVERIFY2(error.contains(QStringLiteral("cannot connect")) && error.contains(QString::number(port))
                 && error.contains(QStringLiteral("Check that the server runs")),
             qPrintable(error));
    QVERIFY2(!error.contains(QStringLiteral("topsecret")), qPrintable(error));
    // A database that does not exist on a running server.
    QVERIFY(!RunStore::open(m_server.url(QStringLiteral("nosuchdb")), &error));
    QVERIFY2(error.contains(QStringLiteral("nosuchdb")), qPrintable(error));
}

void TstPgStore::concurrentOpensMigrateOnce()
{
    const QString url = m_server.url(freshDatabase());
    std::vector<std::thread> threads;
    std::vector<QString> errors(4);
    std::vector<int> versions(4, -1);
    for (int i = 0; i < 4; ++i)
        threads.emplace_back([&, i] {
            auto s = RunStore::open(url, &errors[size_t(i)]);
            if (s)
                versions[size_t(i)] = s->schemaVersion();
        });
    for (auto &t : threads)
        t.join();
    for (int i = 0; i < 4; ++i)
        QVERIFY2(versions[size_t(i)] == store::currentSchemaVersion(), qPrintable(errors[size_t(i)]));
}

void TstPgStore::markCrashedOnTheServer()
{
    auto s = mustOpen(m_server.url(freshDatabase()));
    const qint64 id = *s->createRun(store::NewRun{});
    QVERIFY(s->setStatus(id, RunStatus::Running));
    QVERIFY(s->markCrashedRuns().empty());  // this process is alive
    // Another host's run whose heartbeat stopped long ago.
    const qint64 far = *s->createRun(store::NewRun{});
    QVERIFY(s->setStatus(far, RunStatus::Running));
    const QString db = QStringLiteral("db%1").arg(m_databases);
    QCOMPARE(m_server.exec(db, {QStringLiteral("UPDATE runs SET host = 'elsewhere', heartbeat = 1 WHERE id = %1")
                                    .arg(far)}),
             QString());
    QCOMPARE(s->markCrashedRuns(), std::vector<qint64>{far});
    QCOMPARE(store::toString(s->run(far)->status), QStringLiteral("crashed"));
    QVERIFY2(s->run(far)->message.contains(QStringLiteral("elsewhere")), qPrintable(s->run(far)->message));
    QCOMPARE(store::toString(s->run(id)->status), QStringLiteral("running"));
}

// The run lease on PostgreSQL: the owner of a queued run, one claim of eight
// at once, a stopped engine is not crashed, a crashed run whose engine lives
// is not taken, orphans and adoption (issue 16; as tst_storelease on SQLite).
void TstPgStore::leaseOnTheServer()
{
    const QString db = freshDatabase();
    const QString url = m_server.url(db);
    auto s = mustOpen(url);
    const qint64 id = *s->createRun(store::NewRun{});
    const store::ProcessId me = store::currentProcessId();
    QCOMPARE(s->run(id)->pid, me.pid);
    QCOMPARE(s->run(id)->pidStart, me.start);
    // Eight connections claim it at once: one wins.
    std::vector<std::thread> threads;
    std::atomic<int> won{0};
    std::atomic<int> ready{0};
    for (int i = 0; i < 8; ++i)
        threads.emplace_back([&] {
            QString error;
            auto mine = RunStore::open(url, &error);
            ++ready;
            while (ready < 8)
                std::this_thread::yield();
            if (mine && mine->setStatus(id, RunStatus::Running))
                ++won;
        });
    for (auto &t : threads)
        t.join();
    QCOMPARE(won.load(), 1);
    // A stopped engine on this host with a heartbeat from long ago is alive.
    QProcess engine;
    engine.start(QStringLiteral("sleep"), {QStringLiteral("600")});
    QVERIFY(engine.waitForStarted());
    const qint64 pid = engine.processId();
    ::kill(pid_t(pid), SIGSTOP);
    QCOMPARE(m_server.exec(db, {QStringLiteral("UPDATE runs SET pid = %1, pid_start = '%2', heartbeat = 1 WHERE id = %3")
                                    .arg(pid)
                                    .arg(store::processStartToken(pid))
                                    .arg(id)}),
             QString());
    QVERIFY(s->markCrashedRuns(1.0).empty());
    // Marked crashed by mistake (an older build): not taken while its engine lives.
    QCOMPARE(m_server.exec(db, {QStringLiteral("UPDATE runs SET status = 'crashed' WHERE id = %1").arg(id)}), QString());
    QVERIFY(!s->setStatus(id, RunStatus::Running));
    QVERIFY2(s->lastError().contains(QStringLiteral("still alive")), qPrintable(s->lastError()));
    ::kill(pid_t(pid), SIGCONT);
    engine.kill();
    engine.waitForFinished();
    QVERIFY2(s->setStatus(id, RunStatus::Running), qPrintable(s->lastError()));
    // Orphans: a queued run whose owner is gone is offered and adopted.
    const qint64 orphan = *s->createRun(store::NewRun{});
    QCOMPARE(m_server.exec(db, {QStringLiteral("UPDATE runs SET pid = %1 WHERE id = %2").arg(pid).arg(orphan)}), QString());
    QCOMPARE(s->orphanedQueuedRuns().size(), size_t(1));
    QVERIFY2(s->adoptRuns({orphan}), qPrintable(s->lastError()));
    QVERIFY(s->orphanedQueuedRuns().empty());
    QCOMPARE(s->run(orphan)->pid, me.pid);
}

void TstPgStore::readOnlyOnTheServer()
{
    // An empty database is not made a store by reading it.
    const QString empty = freshDatabase();
    QString error;
    QVERIFY(!RunStore::open(m_server.url(empty), &error, store::OpenMode::ReadOnly));
    QVERIFY2(error.contains(QStringLiteral("no Gatefold store")), qPrintable(error));
    QCOMPARE(m_server.scalar(empty, QStringLiteral("SELECT count(*) FROM information_schema.tables WHERE "
                                                   "table_schema = 'public'"))
                 .toInt(),
             0);
    const QString db = freshDatabase();
    const qint64 id = *mustOpen(m_server.url(db))->createRun(store::NewRun{});
    auto reader = RunStore::open(m_server.url(db), &error, store::OpenMode::ReadOnly);
    QVERIFY2(reader, qPrintable(error));
    QVERIFY(reader->isReadOnly());
    QVERIFY(reader->run(id));
    QVERIFY(!reader->createRun(store::NewRun{}));
    QVERIFY2(reader->lastError().contains(QStringLiteral("open read-only")), qPrintable(reader->lastError()));
    QVERIFY(!reader->setNotes(id, QStringLiteral("x")));
    QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT count(*) FROM runs")).toInt(), 1);
}

void TstPgStore::migratesVersionTwoOnTheServer()
{
    const QString db = freshDatabase();
    const qint64 id = *mustOpen(m_server.url(db))->createRun(store::NewRun{});
    QCOMPARE(m_server.exec(db, {QStringLiteral("DROP TABLE slurm_jobs"), QStringLiteral("ALTER TABLE sweeps DROP COLUMN search"), QStringLiteral("DROP TABLE run_ids"),
                                QStringLiteral("ALTER TABLE runs DROP COLUMN pid_start"),
                                QStringLiteral("UPDATE gatefold_schema SET version = 2")}),
             QString());
    QString error;
    {
        auto reader = RunStore::open(m_server.url(db), &error, store::OpenMode::ReadOnly);
        QVERIFY2(reader, qPrintable(error));
        QCOMPARE(reader->run(id)->pidStart, QString());
        QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT version FROM gatefold_schema")).toInt(), 2);
    }
    auto s = mustOpen(m_server.url(db));
    QCOMPARE(s->schemaVersion(), store::currentSchemaVersion());
    QCOMPARE(s->run(id)->pidStart, QString());
    QVERIFY(s->createRun(store::NewRun{}));
}

void TstPgStore::migratesVersionFourOnTheServer()
{
    // A store as schema 4 left it (no slurm_jobs): read as it is, then migrated on opening read-write.
    const QString db = freshDatabase();
    const qint64 id = *mustOpen(m_server.url(db))->createRun(store::NewRun{});
    QCOMPARE(m_server.exec(db, {QStringLiteral("DROP TABLE slurm_jobs"), QStringLiteral("ALTER TABLE sweeps DROP COLUMN search"), QStringLiteral("UPDATE gatefold_schema SET version = 4")}),
             QString());
    QString error;
    {
        auto reader = RunStore::open(m_server.url(db), &error, store::OpenMode::ReadOnly);
        QVERIFY2(reader, qPrintable(error));
        QCOMPARE(reader->schemaVersion(), 4);
        QVERIFY(reader->latestSlurmJobs().empty());
    }
    auto s = mustOpen(m_server.url(db));
    QCOMPARE(s->schemaVersion(), store::currentSchemaVersion());
    QVERIFY2(s->recordSlurmJobs({{0, id, QStringLiteral("7_0"), QStringLiteral("/s/x.sbatch"), "{}", 0}}),
             qPrintable(s->lastError()));
    QCOMPARE(s->latestSlurmJobs().at(id).jobId, QStringLiteral("7_0"));
    QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT version FROM gatefold_schema")).toInt(), store::currentSchemaVersion());
}

void TstPgStore::refusesMissingTablesAndColumns()
{
    // As on SQLite: read as if whole, a store missing a column shows no runs and loses the ones made in it.
    for (const auto &[damage, named] : {std::pair{"ALTER TABLE runs DROP COLUMN notes", "column runs.notes is missing"},
                                        std::pair{"DROP TABLE artifacts", "table artifacts is missing"},
                                        std::pair{"DROP TABLE slurm_jobs", "table slurm_jobs is missing"},
                                        std::pair{"ALTER TABLE metrics DROP COLUMN seq", "column metrics.seq is missing"}}) {
        const QString db = freshDatabase();
        mustOpen(m_server.url(db))->createRun(store::NewRun{});
        QCOMPARE(m_server.exec(db, {QString::fromLatin1(damage)}), QString());
        for (const store::OpenMode mode : {store::OpenMode::ReadWrite, store::OpenMode::ReadOnly}) {
            QString error;
            QVERIFY(!RunStore::open(m_server.url(db), &error, mode));
            QVERIFY2(error.contains(QLatin1String(named)) && error.contains(QStringLiteral("damaged")), qPrintable(error));
        }
        QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT version FROM gatefold_schema")).toInt(),
                 store::currentSchemaVersion());
        QCOMPARE(m_server.scalar(db, QStringLiteral("SELECT count(*) FROM runs")).toInt(), 1);
    }
}

void TstPgStore::runIdsAreNeverGivenTwiceOnTheServer()
{
    const QString db = freshDatabase();
    {
        auto s = mustOpen(m_server.url(db));
        const qint64 first = *s->createRun(store::NewRun{});
        QVERIFY(s->deleteRun(first));
        QCOMPARE(*s->createRun(store::NewRun{}), first + 1);
    }
    // A store of schema 3: ids came from the identity, which deleted runs left past max(id).
    const QString old = freshDatabase();
    mustOpen(m_server.url(old));
    QCOMPARE(m_server.exec(old, {QStringLiteral("DROP TABLE slurm_jobs"), QStringLiteral("ALTER TABLE sweeps DROP COLUMN search"), QStringLiteral("DROP TABLE run_ids"),
                                 QStringLiteral("UPDATE gatefold_schema SET version = 3")}),
             QString());
    for (int i = 0; i < 3; ++i)
        QCOMPARE(m_server.exec(old, {QStringLiteral("INSERT INTO runs (name, status, config, seed, created) "
                                                    "VALUES ('old', 'finished', '{}', 0, 1)")}),
                 QString());
    QCOMPARE(m_server.exec(old, {QStringLiteral("DELETE FROM runs WHERE id = 3")}), QString());
    auto migrated = mustOpen(m_server.url(old));
    QCOMPARE(migrated->schemaVersion(), store::currentSchemaVersion());
    QCOMPARE(*migrated->createRun(store::NewRun{}), qint64(4));
}

void TstPgStore::engineTrainsIntoPostgres()
{
    const QString files = m_dir.filePath(QStringLiteral("shared"));
    const QString url = m_server.url(freshDatabase(), QStringLiteral("runs=") + files);
    auto s = mustOpen(url);
    store::NewRun run;
    run.name = QStringLiteral("on the server");
    run.configJson = train::runConfigToJson(tinyRun(2));
    const qint64 id = *s->createRun(run);
    launch::RunProcess engine(QStringLiteral(GATEFOLD_CLI_PATH), s->path(), id, launch::RunProcess::Mode::Train);
    QSignalSpy finished(&engine, &launch::RunProcess::finished);
    engine.start();
    QVERIFY(finished.wait(180000));
    QFile log(engine.logPath());
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QString said = QString::fromUtf8(log.readAll());
    QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("finished"));
    QCOMPARE(store::toString(s->run(id)->status), QStringLiteral("finished"));
    QCOMPARE(engine.logPath(), files + QStringLiteral("/runs/%1/engine.log").arg(id));
    // Metrics arrived on the server; the checkpoint lies under runs= and matches its record.
    QVERIFY2(s->metricSummary(id, QStringLiteral("train/loss")).count > 0, qPrintable(said));
    QCOMPARE(s->metricSummary(id, QStringLiteral("val/top1")).count, 2);
    const auto checkpoints = s->artifacts(id, QStringLiteral("checkpoint/last"));
    QCOMPARE(int(checkpoints.size()), 1);
    const QString file = QFileInfo(checkpoints[0].path).isAbsolute()
                             ? checkpoints[0].path
                             : QDir(files).filePath(checkpoints[0].path);
    QVERIFY2(QFileInfo::exists(file), qPrintable(file));
    QVERIFY2(file.startsWith(files), qPrintable(file));
}

QTEST_GUILESS_MAIN(TstPgStore)
#include "tst_pgstore.moc"
