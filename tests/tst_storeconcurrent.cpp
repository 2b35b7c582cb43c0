// Processes opening one store at once, for real: 8 processes create one new
// store at the same moment, 50 times (every one succeeds, the schema is
// exactly the one a single process makes, integrity ok); 8 processes open an
// old store at once and migrate it once (5 times); 8 engines claim one queued
// run and exactly one gets it (5 times). (Before: "schema migration 0 -> 1 failed: table sweeps
// already exists" in 2 of 6 tries.)

#include <QtTest/QtTest>

#include "storeprocs.h"

#include "store/runstore.h"
#include "store/storeschema.h"

#include <QElapsedTimer>
#include <QTemporaryDir>

using namespace gatefold::store;
using namespace gatefold::test;

namespace {

// What a store is made of: every table, index and its SQL, and the version.
QStringList schemaOf(const QString &path)
{
    return sqlColumn(path, QStringLiteral("SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master "
                                          "ORDER BY type, name"))
        + sqlColumn(path, QStringLiteral("PRAGMA user_version"));
}

QString outputs(const std::vector<HelperResult> &results)
{
    QStringList lines;
    for (const auto &r : results)
        lines << QStringLiteral("exit %1: %2").arg(r.exitCode).arg(r.out.trimmed());
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TstStoreConcurrent : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void eightProcessesCreateOneStore();
    void eightProcessesMigrateAnOldStore();
    void eightEnginesClaimOneRun();

private:
    QTemporaryDir m_dir;
    QStringList m_reference;
};

void TstStoreConcurrent::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("reference.sqlite"));
    QString error;
    QVERIFY2(RunStore::open(path, &error), qPrintable(error));
    m_reference = schemaOf(path);
    QVERIFY(m_reference.size() > 8);
    QCOMPARE(m_reference.last(), QString::number(currentSchemaVersion()));
}

void TstStoreConcurrent::eightProcessesCreateOneStore()
{
    const int tries = qEnvironmentVariableIsSet("GATEFOLD_CREATE_TRIES") ? qEnvironmentVariableIntValue("GATEFOLD_CREATE_TRIES")
                                                                         : 50;
    QElapsedTimer clock;
    clock.start();
    int failedOpens = 0;
    for (int t = 0; t < tries; ++t) {
        const QString dir = m_dir.filePath(QStringLiteral("create-%1").arg(t));
        QVERIFY(QDir().mkpath(dir));
        const QString path = dir + QStringLiteral("/runs.sqlite");
        const auto results = runHelpersAtOnce(8, {QStringLiteral("open"), path}, dir + QStringLiteral("/go"));
        for (const auto &r : results)
            failedOpens += r.exitCode != 0;
        QVERIFY2(std::all_of(results.begin(), results.end(), [](const HelperResult &r) { return r.exitCode == 0; }),
                 qPrintable(QStringLiteral("try %1:\n%2").arg(t).arg(outputs(results))));
        QCOMPARE(schemaOf(path), m_reference);
        QCOMPARE(sqlColumn(path, QStringLiteral("PRAGMA integrity_check")), QStringList{QStringLiteral("ok")});
        QCOMPARE(sqlColumn(path, QStringLiteral("PRAGMA journal_mode")), QStringList{QStringLiteral("wal")});
    }
    qInfo("%d tries x 8 processes creating one store: %d failed opens, %lld ms", tries, failedOpens,
          qint64(clock.elapsed()));
}

void TstStoreConcurrent::eightProcessesMigrateAnOldStore()
{
    for (int t = 0; t < 5; ++t) {
        const QString dir = m_dir.filePath(QStringLiteral("migrate-%1").arg(t));
        QVERIFY(QDir().mkpath(dir));
        const QString path = dir + QStringLiteral("/runs.sqlite");
        qint64 id = 0;
        {
            QString error;
            auto store = RunStore::open(path, &error);
            QVERIFY2(store, qPrintable(error));
            id = *store->createRun(NewRun{});
            QVERIFY(store->addMetrics(id, {{"val/top1", 1, 1, 0, 0.25}, {"val/top1", 2, 2, 0, 0.5}}));
        }
        // Back to schema 1 as that build wrote it: no summaries, no start tokens, no run id mark.
        QVERIFY(sqlExec(path, QStringLiteral("DROP TABLE run_ids")));
        QVERIFY(sqlExec(path, QStringLiteral("DROP TABLE slurm_jobs")));
        QVERIFY(sqlExec(path, QStringLiteral("ALTER TABLE sweeps DROP COLUMN search")));
        QVERIFY(sqlExec(path, QStringLiteral("DROP TABLE metric_summary")));
        QVERIFY(sqlExec(path, QStringLiteral("ALTER TABLE runs DROP COLUMN pid_start")));
        QVERIFY(sqlExec(path, QStringLiteral("PRAGMA user_version = 1")));
        const auto results = runHelpersAtOnce(8, {QStringLiteral("open"), path}, dir + QStringLiteral("/go"));
        QVERIFY2(std::all_of(results.begin(), results.end(), [](const HelperResult &r) { return r.exitCode == 0; }),
                 qPrintable(outputs(results)));
        QCOMPARE(sqlColumn(path, QStringLiteral("PRAGMA user_version")), QStringList{QString::number(currentSchemaVersion())});
        // Migrated once: one summary row per run and key, with the points' values.
        QCOMPARE(sqlColumn(path, QStringLiteral("SELECT count || ' ' || last || ' ' || max FROM metric_summary")),
                 QStringList{QStringLiteral("2 0.5 0.5")});
        QCOMPARE(sqlColumn(path, QStringLiteral("SELECT count(*) FROM runs WHERE pid_start = ''")), QStringList{"1"});
        QCOMPARE(sqlColumn(path, QStringLiteral("PRAGMA integrity_check")), QStringList{QStringLiteral("ok")});
    }
}

void TstStoreConcurrent::eightEnginesClaimOneRun()
{
    const QString path = m_dir.filePath(QStringLiteral("claim.sqlite"));
    QString error;
    auto store = RunStore::open(path, &error);
    QVERIFY2(store, qPrintable(error));
    for (int t = 0; t < 5; ++t) {
        const qint64 id = *store->createRun(NewRun{});
        const QString barrier = m_dir.filePath(QStringLiteral("claim-go-%1").arg(t));
        const auto results = runHelpersAtOnce(8, {QStringLiteral("claim"), path, QString::number(id)}, barrier);
        const auto won = std::count_if(results.begin(), results.end(), [](const HelperResult &r) { return r.exitCode == 0; });
        const auto refused = std::count_if(results.begin(), results.end(), [](const HelperResult &r) { return r.exitCode == 3; });
        QVERIFY2(won == 1 && refused == 7, qPrintable(outputs(results)));
        QVERIFY(store->run(id)->status == RunStatus::Running);
    }
}

QTEST_GUILESS_MAIN(TstStoreConcurrent)
#include "tst_storeconcurrent.moc"
