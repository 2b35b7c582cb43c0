// Nothing lost, ever (issue 16), the engine's side: real gatefold-cli children
// on real store files, killed with SIGKILL at every instant between two
// durable writes (the engine's named kill points, core/train/testkillpoint.h:
// between a checkpoint file and its record, between the metrics and the
// checkpoint, in an evaluation, during a resume), then resumed. Every metric
// comes back bit-exact with an uninterrupted run, and the last and best
// records always name intact files that agree with the run's metrics. A live
// engine stopped with SIGSTOP past the stale limit is neither declared
// crashed nor taken over; its heartbeat goes on while it is busy; a disk that
// fills while a checkpoint is written keeps the previous one and every
// committed metric.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include <QtTest/QtTest>

#include "enginechild.h"
#include "legacycheckpoints.h"
#include "train/checkpoint.h"

#include <QJsonArray>
#include <QSqlDatabase>
#include <QSqlQuery>

#include <csignal>
#endif

using namespace gatefold;
using namespace gatefold::test;

namespace {

constexpr int kEpochs = 4;
constexpr int kStepsPerEpoch = 16;

// The first step with the highest val/top1 (the trainer's best: a strictly higher score moves it).
qint64 bestStepOf(const std::map<QString, double> &metrics)
{
    qint64 best = -1;
    double top = -1;
    for (int step = kStepsPerEpoch; step <= kEpochs * kStepsPerEpoch; step += kStepsPerEpoch) {
        const auto it = metrics.find(QStringLiteral("val/top1@%1").arg(step));
        if (it != metrics.end() && it->second > top) {
            top = it->second;
            best = step;
        }
    }
    return best;
}

// One story, whatever instant the engine died at: each checkpoint record names a file that is
// there and is what was recorded (sealed and intact), of the step it says; the metrics up to
// last's step are all committed, equal to the uninterrupted run's. "" when it holds.
QString oneStory(store::RunStore &s, qint64 run, const std::map<QString, double> &reference)
{
    for (const QString &kind : {QStringLiteral("checkpoint/last"), QStringLiteral("checkpoint/best")}) {
        const auto record = checkpointRecord(s, run, kind);
        if (!record)
            continue;
        const auto check = train::checkCheckpoint(record->file, {record->sha256, {}});
        if (check.state != train::CheckpointState::Intact)
            return QStringLiteral("%1: %2").arg(kind, check.problem);
        if (!QFileInfo(record->file).fileName().startsWith(QStringLiteral("step-%1.").arg(record->step))
            && !QFileInfo(record->file).fileName().startsWith(QStringLiteral("step-%1-").arg(record->step)))
            return QStringLiteral("%1 records step %2 but names %3").arg(kind).arg(record->step).arg(record->file);
    }
    const auto last = checkpointRecord(s, run, QStringLiteral("checkpoint/last"));
    const qint64 upTo = last ? last->step : 0;
    const auto have = metricsOf(s, run);
    for (const auto &[key, value] : reference) {
        const qint64 step = key.section('@', 1).toLongLong();
        if (step > upTo)
            continue;
        const auto it = have.find(key);
        if (it == have.end())
            return QStringLiteral("%1 is lost (last checkpoint at step %2)").arg(key).arg(upTo);
        if (!(it->second == value))
            return QStringLiteral("%1 differs").arg(key);
    }
    if (const auto best = checkpointRecord(s, run, QStringLiteral("checkpoint/best")); best && best->step > upTo)
        return QStringLiteral("best (step %1) is ahead of last (step %2)").arg(best->step).arg(upTo);
    return {};
}

// Checkpoint files in the run directory that no record names, and temporary files.
QStringList garbageOf(store::RunStore &s, qint64 run)
{
    QStringList recorded;
    for (const auto &artifact : s.artifacts(run))
        recorded << QFileInfo(train::artifactFile(s, artifact)).fileName();
    QStringList garbage;
    for (const QString &name : QDir(s.runDirectory(run)).entryList(QDir::Files))
        if ((name.startsWith("step-") || name.endsWith(".tmp")) && !recorded.contains(name))
            garbage << name;
    return garbage;
}

char processState(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray text = stat.readAll();
    const int close = text.lastIndexOf(')');
    return close > 0 && close + 2 < text.size() ? text.at(close + 2) : 0;
}

} // namespace

class TstDurability : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void killedAtEveryWindowTellsOneStory_data();
    void killedAtEveryWindowTellsOneStory();
    void stoppedEngineIsAliveAndKeepsItsRun();
    void heartbeatGoesOnWhileBusy();
    void fullDiskKeepsTheCheckpoint();
    void olderStoresResume();

private:
    // A folder per store: stores in one folder share its runs/, and a new run never takes an id whose folder is
    // taken (another store's run 1 would make this one's first run 2).
    QString storePath(const QString &name) const { return m_dir.filePath(name + "/runs.sqlite"); }
    // Resumes run `run` to its end and checks everything an uninterrupted run has.
    void resumeAndCompare(const QString &path, qint64 run);

    QTemporaryDir m_dir;
    std::map<QString, double> m_reference;
    qint64 m_bestStep = -1;
};

void TstDurability::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString path = storePath("reference");
    const CliRun whole = runCli(QStringList{"train", "--store", path, "--json"} + tinyArgs(kEpochs), 180000);
    QCOMPARE(whole.exitCode, 0);
    QString error;
    auto s = store::RunStore::open(path, &error);
    QVERIFY2(s, qPrintable(error));
    m_reference = metricsOf(*s, createdRun(whole.out));
    m_bestStep = bestStepOf(m_reference);
    QVERIFY(m_bestStep > 0);
    QVERIFY(m_reference.count(QStringLiteral("val/top1@%1").arg(kEpochs * kStepsPerEpoch)));
}

void TstDurability::resumeAndCompare(const QString &path, qint64 run)
{
    const CliRun resumed = runCli({"resume", "--run", QString::number(run), "--store", path, "--json"}, 180000);
    QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err + resumed.out.right(600)));
    QString error;
    auto s = store::RunStore::open(path, &error);
    QVERIFY2(s, qPrintable(error));
    QCOMPARE(store::toString(s->run(run)->status), QStringLiteral("finished"));
    QVERIFY(s->integrityOk());
    const QString difference = differenceOf(m_reference, metricsOf(*s, run));
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    const QString story = oneStory(*s, run, m_reference);
    QVERIFY2(story.isEmpty(), qPrintable(story));
    QCOMPARE(checkpointRecord(*s, run, QStringLiteral("checkpoint/last"))->step, qint64(kEpochs * kStepsPerEpoch));
    QCOMPARE(checkpointRecord(*s, run, QStringLiteral("checkpoint/best"))->step, m_bestStep);
    const QStringList garbage = garbageOf(*s, run);
    QVERIFY2(garbage.isEmpty(), qPrintable(garbage.join(", ")));
}

void TstDurability::killedAtEveryWindowTellsOneStory_data()
{
    // Where the engine is SIGKILLed (kill point#occurrence), and whether in a resume of a run stopped at step 24.
    QTest::addColumn<QString>("killAt");
    QTest::addColumn<bool>("duringResume");
    QTest::addColumn<QStringList>("environment");  // more test hooks
    QTest::newRow("first checkpoint file, no record yet") << "after-checkpoint-file#1" << false << QStringList();
    QTest::newRow("checkpoint file, before its record") << "after-checkpoint-file#2" << false << QStringList();
    QTest::newRow("checkpoint file, before its record (epoch 3)") << "after-checkpoint-file#3" << false << QStringList();
    QTest::newRow("checkpoint bytes in a temporary file") << "checkpoint-temp-written#2" << false << QStringList();
    QTest::newRow("after the record, before old files go") << "after-checkpoint-record#2" << false << QStringList();
    // (3 s idle after the first commit: the next metrics are flushed by the 2 s timer.)
    QTest::newRow("metrics committed between checkpoints")
        << "after-metrics-flush#1" << false << QStringList{"GATEFOLD_TEST_SLEEP_AT=after-checkpoint-record#1:3"};
    QTest::newRow("in an evaluation") << "in-evaluation#3" << false << QStringList();
    QTest::newRow("claimed, nothing done") << "after-claim" << false << QStringList();
    QTest::newRow("preparing") << "in-prepare" << false << QStringList();
    QTest::newRow("all done but the end status") << "before-end-status" << false << QStringList();
    QTest::newRow("resume: records moved, metrics not truncated") << "after-resume-records" << true << QStringList();
    QTest::newRow("resume: metrics truncated, none retaken") << "after-truncate" << true << QStringList();
    QTest::newRow("resume: its first checkpoint file") << "after-checkpoint-file#1" << true << QStringList();
}

void TstDurability::killedAtEveryWindowTellsOneStory()
{
    QFETCH(QString, killAt);
    QFETCH(bool, duringResume);
    QFETCH(QStringList, environment);
    const QString path = storePath(QStringLiteral("kill-%1").arg(QTest::currentDataTag()).replace(' ', '_'));
    const QStringList train = QStringList{"train", "--store", path, "--json"} + tinyArgs(kEpochs);
    const QStringList kill = QStringList{"GATEFOLD_TEST_KILL_AT=" + killAt} + environment;
    qint64 run = 1;
    if (duringResume) {
        const CliRun stopped = runCli(train + QStringList{"--stop-at-step", "24"}, 180000);
        QCOMPARE(stopped.exitCode, 3);
        const CliRun killed = runCliWith({"resume", "--run", "1", "--store", path, "--json"}, kill);
        QVERIFY2(killed.exitCode == -1, qPrintable(QStringLiteral("not killed: %1 %2").arg(killed.exitCode).arg(killed.err)));
    } else {
        const CliRun killed = runCliWith(train, kill);
        QVERIFY2(killed.exitCode == -1, qPrintable(QStringLiteral("not killed: %1 %2").arg(killed.exitCode).arg(killed.err)));
        run = createdRun(killed.out);
        QCOMPARE(run, qint64(1));
    }
    {
        QString error;
        auto s = store::RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(s->integrityOk());
        const QString story = oneStory(*s, run, m_reference);
        QVERIFY2(story.isEmpty(), qPrintable(story));
    }
    resumeAndCompare(path, run);
}

void TstDurability::stoppedEngineIsAliveAndKeepsItsRun()
{
    // An engine stopped (SIGSTOP) in its second evaluation, for longer than the stale limit:
    // alive on this host whatever its heartbeat, so it is not marked crashed and no second
    // engine may take its run; continued (SIGCONT), it finishes as if nothing happened.
    const QString path = storePath("stopped");
    QProcess child;
    child.setProcessEnvironment(environmentWith({"GATEFOLD_TEST_STOP_AT=in-evaluation#2"}));
    child.start(QStringLiteral(GATEFOLD_CLI_PATH), QStringList{"train", "--store", path, "--json"} + tinyArgs(kEpochs));
    QVERIFY(child.waitForStarted());
    const qint64 pid = child.processId();
    QElapsedTimer waited;
    waited.start();
    while (processState(pid) != 'T' && waited.elapsed() < 120000)
        child.waitForFinished(100);
    QCOMPARE(processState(pid), 'T');
    QTest::qWait(3000);  // past GATEFOLD_STALE_SECONDS=1 below: its heartbeat is stale
    const QStringList stale{"GATEFOLD_STALE_SECONDS=1"};
    const CliRun resume = runCliWith({"resume", "--run", "1", "--store", path}, stale);
    QCOMPARE(resume.exitCode, 2);
    QVERIFY2(resume.err.contains("is running"), qPrintable(resume.err));
    const CliRun again = runCliWith({"train", "--run", "1", "--store", path}, stale);
    QCOMPARE(again.exitCode, 2);
    {
        QString error;
        auto s = store::RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(s->markCrashedRuns(1.0).empty());
        QCOMPARE(store::toString(s->run(1)->status), QStringLiteral("running"));
    }
    ::kill(pid_t(pid), SIGCONT);
    QVERIFY(child.waitForFinished(180000));
    QCOMPARE(child.exitStatus(), QProcess::NormalExit);
    QCOMPARE(child.exitCode(), 0);
    QString error;
    auto s = store::RunStore::open(path, &error);
    QCOMPARE(store::toString(s->run(1)->status), QStringLiteral("finished"));
    const QString difference = differenceOf(m_reference, metricsOf(*s, 1));
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
}

void TstDurability::heartbeatGoesOnWhileBusy()
{
    // An evaluation that takes 8 s (the engine sleeps in it): the heartbeat thread beats on.
    const QString path = storePath("busy");
    QProcess child;
    child.setProcessEnvironment(environmentWith({"GATEFOLD_TEST_SLEEP_AT=in-evaluation#1:8",
                                                 "GATEFOLD_HEARTBEAT_SECONDS=0.5"}));
    child.start(QStringLiteral(GATEFOLD_CLI_PATH), QStringList{"train", "--store", path, "--json"} + tinyArgs(1));
    QVERIFY(child.waitForStarted());
    // Wait for the evaluation to begin: the last progress line of epoch 1.
    QString seen;
    QElapsedTimer waited;
    waited.start();
    while (!seen.contains(QStringLiteral("\"step\":%1").arg(kStepsPerEpoch)) && waited.elapsed() < 120000) {
        child.waitForReadyRead(100);
        seen += QString::fromUtf8(child.readAllStandardOutput());
    }
    QVERIFY(seen.contains(QStringLiteral("\"step\":%1").arg(kStepsPerEpoch)));
    QString error;
    auto s = store::RunStore::open(path, &error);
    QVERIFY2(s, qPrintable(error));
    QTest::qWait(1500);
    const double first = s->run(1)->heartbeat;
    QTest::qWait(3000);
    const double second = s->run(1)->heartbeat;
    QVERIFY2(second > first, qPrintable(QStringLiteral("%1 then %2").arg(first, 0, 'f', 3).arg(second, 0, 'f', 3)));
    QVERIFY(child.state() == QProcess::Running);  // still in the evaluation
    QVERIFY(child.waitForFinished(120000));
    QCOMPARE(child.exitCode(), 0);
}

void TstDurability::fullDiskKeepsTheCheckpoint()
{
    // A tmpfs of its own (a user and mount namespace: no root needed) holds the store. After the
    // first epoch the disk is filled to less than a checkpoint: the next checkpoint cannot be
    // written. The run fails saying so, keeps the previous checkpoint and every committed metric,
    // and resumes to the same end once there is room.
    if (QProcess::execute(QStringLiteral("unshare"), {"-Urm", "true"}) != 0)
        QSKIP("unshare -Urm (user + mount namespaces) is not allowed here; this test mounts its own tmpfs with it");
    const QStringList wide{"embed_dim=128"};  // a checkpoint of about 3 MiB
    const CliRun reference = runCli(QStringList{"train", "--store", storePath("disk-reference"), "--json"}
                                        + tinyArgs(2, wide),
                                    180000);
    QCOMPARE(reference.exitCode, 0);
    qint64 checkpointBytes = 0;
    for (const auto &o : jsonLines(reference.out))
        if (o.value("event") == QLatin1String("checkpoint"))
            checkpointBytes = o.value("bytes").toInteger();
    QVERIFY(checkpointBytes > 1000000);
    const QString mount = m_dir.filePath("tmpfs"), out = m_dir.filePath("disk");
    QDir().mkpath(mount);
    QDir().mkpath(out);
    QStringList tiny = tinyArgs(2, wide);
    for (QString &a : tiny)
        a = "'" + a + "'";
    const QString script = QStringLiteral(
        "set -u; D='%1'; O='%2'; CLI='%3'\n"
        "mount -t tmpfs -o size=24m tmpfs \"$D\" || exit 90\n"
        "\"$CLI\" train --store \"$D/s.sqlite\" --json --stop-at-step 16 %4 > \"$O/first.json\"; echo $? > \"$O/first.rc\"\n"
        "avail=$(df -k --output=avail \"$D\" | tail -1)\n"
        "dd if=/dev/zero of=\"$D/filler\" bs=1024 count=$((avail - %5)) 2>/dev/null\n"
        "\"$CLI\" resume --run 1 --store \"$D/s.sqlite\" --json > \"$O/resume.json\" 2> \"$O/resume.err\"; echo $? > \"$O/resume.rc\"\n"
        "rm -f \"$D/filler\"; mkdir -p \"$O/store\"; cp -a \"$D/.\" \"$O/store/\"\n")
                               .arg(mount, out, QStringLiteral(GATEFOLD_CLI_PATH), tiny.join(' '))
                               .arg(checkpointBytes / 2048);
    QProcess shell;
    shell.start(QStringLiteral("unshare"), {"-Urm", "sh", "-c", script});
    QVERIFY(shell.waitForFinished(300000));
    QVERIFY2(shell.exitCode() == 0, qPrintable(QString::fromUtf8(shell.readAllStandardError())));
    auto readText = [&](const QString &name) {
        QFile f(QDir(out).filePath(name));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).trimmed() : QString();
    };
    QCOMPARE(readText("first.rc"), QStringLiteral("3"));
    QCOMPARE(readText("resume.rc"), QStringLiteral("1"));
    const QString end = QString::fromUtf8(QJsonDocument(jsonLines(readText("resume.json")).back()).toJson());
    QVERIFY2(end.contains("no space left on tmpfs") && end.contains("while writing") && end.contains("step-32"),
             qPrintable(end + readText("resume.err")));
    const QString copy = QDir(out).filePath("store/s.sqlite");
    QString error;
    {
        auto s = store::RunStore::open(copy, &error);
        QVERIFY2(s, qPrintable(error));
        QVERIFY(s->integrityOk());
        const auto run = s->run(1);
        QCOMPARE(store::toString(run->status), QStringLiteral("failed"));
        QVERIFY2(run->message.contains("no space left on tmpfs"), qPrintable(run->message));
        const auto last = checkpointRecord(*s, 1, QStringLiteral("checkpoint/last"));
        QVERIFY(last);
        QCOMPARE(last->step, qint64(16));
        QCOMPARE(train::checkCheckpoint(last->file, {last->sha256, {}}).state, train::CheckpointState::Intact);
        QVERIFY(garbageOf(*s, 1).isEmpty());
    }
    // Room again: it resumes from step 16 to the uninterrupted run's end.
    const CliRun resumed = runCli({"resume", "--run", "1", "--store", copy, "--json"}, 180000);
    QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
    auto s = store::RunStore::open(copy, &error);
    auto r = store::RunStore::open(storePath("disk-reference"), &error);
    const QString difference = differenceOf(metricsOf(*r, 1), metricsOf(*s, 1));
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
}

void TstDurability::olderStoresResume()
{
    // A store as an older Gatefold left it: records naming last.pt and best.pt, unsealed files
    // (format gatefold-checkpoint/1), and a stale best (killed between writing last.pt and best.pt:
    // best.pt is the epoch-1 checkpoint although last.pt holds the best score).
    // The run is stopped at the first evaluation after epoch 1 that is a new best: its last
    // checkpoint holds the best score, so a best record naming epoch 1 is stale.
    qint64 stopStep = -1;
    double top = m_reference.at(QStringLiteral("val/top1@%1").arg(kStepsPerEpoch));
    for (int step = 2 * kStepsPerEpoch; step <= kEpochs * kStepsPerEpoch && stopStep < 0; step += kStepsPerEpoch)
        if (m_reference.at(QStringLiteral("val/top1@%1").arg(step)) > top)
            stopStep = step;
    // When nothing beats epoch 1, the older engine was killed between its first last.pt and
    // best.pt: the best record is missing although last.pt holds the best score.
    const bool missingBest = stopStep < 0;
    if (missingBest)
        stopStep = kStepsPerEpoch;
    const QString path = storePath("older");
    QCOMPARE(runCli(QStringList{"train", "--store", path, "--stop-at-step", QString::number(stopStep)}
                        + tinyArgs(kEpochs, {"train.keep_every=1"}),
                    180000)
                 .exitCode,
             3);
    QString error;
    {
        auto s = store::RunStore::open(path, &error);
        QVERIFY2(s, qPrintable(error));
        const QString dir = s->runDirectory(1);
        // The same checkpoint in the older format: torch's archive, unsealed (legacycheckpoints.h).
        auto legacy = [&](const QString &from, const QString &to) {
            QString why;
            if (!test::writeLegacyCopy(from, to, train::kLegacyUnsealedFormat, &why)) {
                qWarning("%s", qPrintable(why));
                return QString();
            }
            return train::sha256OfFile(to);
        };
        const auto last = checkpointRecord(*s, 1, QStringLiteral("checkpoint/last"));
        const auto epoch1 = checkpointRecord(*s, 1, QStringLiteral("checkpoint/epoch-1"));
        QVERIFY(last && epoch1 && last->step == stopStep && epoch1->step == kStepsPerEpoch);
        const QStringList replaced = missingBest ? QStringList{last->file} : QStringList{last->file, epoch1->file};
        const QString lastSha = legacy(last->file, dir + "/last.pt");
        const QString bestSha = missingBest ? lastSha : legacy(epoch1->file, dir + "/best.pt");
        QVERIFY(!lastSha.isEmpty() && !bestSha.isEmpty());
        store::Artifact a;
        a.runId = 1;
        a.kind = QStringLiteral("checkpoint/last");
        a.path = QStringLiteral("runs/1/last.pt");
        a.sha256 = lastSha;
        a.infoJson = last->infoJson;
        QVERIFY(s->replaceArtifact(a));
        a.kind = QStringLiteral("checkpoint/best");
        a.path = missingBest ? QStringLiteral("runs/1/last.pt") : QStringLiteral("runs/1/best.pt");
        a.sha256 = bestSha;
        a.infoJson = epoch1->infoJson;
        QVERIFY(s->replaceArtifact(a));
        a.kind = QStringLiteral("checkpoint/epoch-1");  // epoch-1 is best.pt's step, the last epoch last.pt's
        QVERIFY(s->replaceArtifact(a));
        a.kind = QStringLiteral("checkpoint/epoch-%1").arg(stopStep / kStepsPerEpoch);
        a.path = QStringLiteral("runs/1/last.pt");
        a.sha256 = lastSha;
        a.infoJson = last->infoJson;
        QVERIFY(s->replaceArtifact(a));
        for (const QString &file : replaced)  // (the epochs between keep their sealed files)
            QVERIFY(QFile::remove(file));
    }
    if (missingBest) {  // the record the older engine never wrote (the store's API has no delete)
        auto db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("older"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("DELETE FROM artifacts WHERE run_id = 1 AND kind = 'checkpoint/best'")));
        QCOMPARE(q.numRowsAffected(), 1);
        q = QSqlQuery();
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("older"));
    }
    const CliRun resumed = runCli({"resume", "--run", "1", "--store", path, "--json"}, 180000);
    QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
    QVERIFY(resumed.out.contains(QStringLiteral("\"start_step\":%1").arg(stopStep)));
    QVERIFY2(resumed.out.contains("the best checkpoint record named an older file"), qPrintable(resumed.out.left(2000)));
    auto s = store::RunStore::open(path, &error);
    const QString difference = differenceOf(m_reference, metricsOf(*s, 1));
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    const auto best = checkpointRecord(*s, 1, QStringLiteral("checkpoint/best"));
    QVERIFY(best);
    QCOMPARE(best->step, m_bestStep);
    // Every record names a file that is there and checks; the older files are kept while named.
    for (const auto &artifact : s->artifacts(1)) {
        const auto check = train::checkCheckpoint(train::artifactFile(*s, artifact), {artifact.sha256, {}});
        QVERIFY2(check.usable(), qPrintable(artifact.kind + ": " + check.problem));
    }
    QVERIFY(QFileInfo::exists(s->runDirectory(1) + "/last.pt"));  // still named by the last epoch it holds
}

GATEFOLD_TEST_MAIN(TstDurability)
#include "tst_durability.moc"
