// `gatefold-cli sweep --early-stop asha` with real engines (issue 21): runs pause at rungs and are
// resumed from their checkpoints when promoted (never retrained: each step's metrics recorded once,
// each promoted engine starting where its run paused); a controller killed (SIGKILL, its engine left
// running) or stopped (SIGTERM) goes on with `sweep --continue ID` to exactly the end the
// uninterrupted sweep reaches; bad options are refused before anything is created.

#include <QtTest/QtTest>

#include "clirun.h"
#include "store/runstore.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <csignal>
#include <map>

using namespace gatefold;
using namespace gatefold::test;

namespace {

// Four learning rates, 3 epochs of a tiny model on 256 images (8 steps an epoch), rungs at epochs 1
// and 2, the best half going on, one engine at a time (the order of arrivals, so the decisions, are
// then fixed).
QStringList sweepArgs(const QString &store, const QString &grid, int parallel = 1)
{
    QStringList args{"sweep", "--store", store, "--grid", grid, "--early-stop", "asha", "--rungs", "1,2", "--eta",
                     "2", "--parallel", QString::number(parallel), "--json"};
    for (const char *kv : {"img_size=16", "patch_size=4", "embed_dim=32", "depth=2", "num_heads=2", "mlp_ratio=2",
                           "data.train_size=256", "data.val_size=64", "train.batch_size=32", "train.log_every=1",
                           "compute.threads=1", "train.epochs=3"})
        args << "--set" << QString::fromLatin1(kv);
    return args;
}

// Per run (by its place in the sweep): status, last train/loss step, how many points that series has
// (one per step when nothing was retrained), message.
QStringList outcome(const QString &path)
{
    QString error;
    auto store = store::RunStore::open(path, &error, store::OpenMode::ReadOnly);
    if (!store)
        return {error};
    auto runs = store->runs();
    std::sort(runs.begin(), runs.end(), [](const auto &a, const auto &b) { return a.id < b.id; });
    QStringList out;
    for (const auto &r : runs) {
        const auto loss = store->metricSummary(r.id, QStringLiteral("train/loss"));
        out << QStringLiteral("%1 %2 steps %3 points %4 | %5")
                   .arg(r.name.section(' ', 1), store::toString(r.status))
                   .arg(loss.lastStep)
                   .arg(loss.count)
                   .arg(r.message);
    }
    return out;
}

// Whether `path` holds a promotion decision yet (read without Gatefold's store, like a person would).
bool hasPromotion(const QString &path)
{
    QString error;
    auto store = store::RunStore::open(path, &error, store::OpenMode::ReadOnly);
    if (!store)
        return false;
    for (const auto &r : store->runs())
        for (const auto &s : store->snapshots(r.id, QStringLiteral("asha")))
            if (s.dataJson.contains("\"promoted\""))
                return true;
    return false;
}

} // namespace

class TstAshaSweep : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void promotedRunsResumeFromTheirCheckpoints();
    void twoEnginesAtATime();
    void killedControllerContinues_data();
    void killedControllerContinues();
    void badOptionsCreateNothing_data();
    void badOptionsCreateNothing();
    void continueRefusals();
    void resumedPastItsPauseStaysPaused();

private:
    QTemporaryDir m_dir;
    QString m_grid;
    QStringList m_uninterrupted;
};

void TstAshaSweep::initTestCase()
{
    m_grid = m_dir.filePath(QStringLiteral("grid.json"));
    QFile grid(m_grid);
    QVERIFY(grid.open(QIODevice::WriteOnly));
    grid.write(R"({"name": "asha", "grid": {"optim.lr": [0.01, 0.003, 0.001, 0.0003]}, "seeds": [0]})");
}

void TstAshaSweep::promotedRunsResumeFromTheirCheckpoints()
{
    const QString path = m_dir.filePath(QStringLiteral("whole.sqlite"));
    const CliRun run = runCli(sweepArgs(path, m_grid), 300000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err.right(2000)));
    // The engines' start events: a promoted run's engine starts at the step its run paused at.
    std::map<qint64, QList<qint64>> startSteps;
    int stoppedEnds = 0;
    for (const QString &line : run.out.split('\n', Qt::SkipEmptyParts)) {
        const QJsonObject e = QJsonDocument::fromJson(line.toUtf8()).object();
        if (e.value("event").toString() == QLatin1String("started"))
            startSteps[e.value("run").toInteger()] << e.value("start_step").toInteger();
        if (e.value("event").toString() == QLatin1String("end") && e.value("status").toString() == QLatin1String("stopped"))
            ++stoppedEnds;
        if (e.value("event").toString() == QLatin1String("sweep_end")) {
            QCOMPARE(e.value("finished").toInt() + e.value("stopped").toInt(), 4);
            QVERIFY(e.value("finished").toInt() >= 1);
        }
    }
    QCOMPARE(startSteps.size(), size_t(4));
    int promotions = 0;
    for (const auto &[id, steps] : startSteps) {
        QCOMPARE(steps.first(), 0);  // a new run starts at 0 …
        for (qsizetype i = 1; i < steps.size(); ++i, ++promotions)
            QCOMPARE(steps[i], 8 * (i == 1 ? 1 : 2));  // … a promoted one where it paused: epoch 1, then 2
    }
    QVERIFY(promotions >= 2);
    QVERIFY(stoppedEnds >= 4);
    m_uninterrupted = outcome(path);
    int finished = 0;
    for (const QString &r : m_uninterrupted) {
        // Each step trained once: as many train/loss points as steps.
        const QStringList words = r.split(' ');
        QCOMPARE(words.at(words.indexOf("steps") + 1), words.at(words.indexOf("points") + 1));
        if (r.contains(QLatin1String(" finished "))) {
            ++finished;
            QVERIFY2(r.contains(QLatin1String("steps 24 ")), qPrintable(r));
        } else {
            QVERIFY2(r.contains(QLatin1String(" stopped ")) && r.contains(QLatin1String("| ASHA rung ")), qPrintable(r));
        }
    }
    QVERIFY(finished >= 1);
}

// Two engines at once: no run is handed to two engines (a queued run is not started again before its
// engine claims it), every run ends stopped at a rung or finished, each step trained once.
void TstAshaSweep::twoEnginesAtATime()
{
    const QString path = m_dir.filePath(QStringLiteral("two.sqlite"));
    const CliRun run = runCli(sweepArgs(path, m_grid, 2), 300000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err.right(2000)));
    QVERIFY2(!run.err.contains(QLatin1String("error")), qPrintable(run.err.right(2000)));
    int finished = 0, promoted = 0;
    for (const QString &r : outcome(path)) {
        const QStringList words = r.split(' ');
        QCOMPARE(words.at(words.indexOf("steps") + 1), words.at(words.indexOf("points") + 1));
        finished += r.contains(QLatin1String(" finished "));
        QVERIFY2(r.contains(QLatin1String(" finished ")) || r.contains(QLatin1String("| ASHA rung ")), qPrintable(r));
    }
    for (const QString &line : run.out.split('\n', Qt::SkipEmptyParts))
        promoted += line.contains(QLatin1String("\"event\":\"started\"")) && !line.contains(QLatin1String("\"start_step\":0"));
    QVERIFY(finished >= 1);
    QVERIFY(promoted >= 2);  // 4 runs at rung 1 promote 2, and one of them goes on from rung 2
}

void TstAshaSweep::killedControllerContinues_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGKILL: its engine lives on") << int(SIGKILL);
    QTest::newRow("SIGTERM: its engine saves and stops") << int(SIGTERM);
}

void TstAshaSweep::killedControllerContinues()
{
    QFETCH(int, signal);
    if (m_uninterrupted.isEmpty())
        QSKIP("needs promotedRunsResumeFromTheirCheckpoints' sweep");
    const QString path = m_dir.filePath(QStringLiteral("killed-%1.sqlite").arg(signal));
    QProcess controller;
    controller.start(QStringLiteral(GATEFOLD_CLI_PATH), sweepArgs(path, m_grid));
    QVERIFY(controller.waitForStarted());
    QElapsedTimer clock;
    clock.start();
    while (!hasPromotion(path) && clock.elapsed() < 240000)
        QThread::msleep(100);
    QVERIFY(hasPromotion(path));
    ::kill(pid_t(controller.processId()), signal);
    QVERIFY(controller.waitForFinished(120000));
    if (signal == SIGTERM)
        QCOMPARE(controller.exitCode(), 3);  // cancelled, as any sweep stopped by a person
    const CliRun again = runCli({"sweep", "--continue", "1", "--store", path, "--json"}, 300000);
    QVERIFY2(again.exitCode == 0, qPrintable(again.err.right(2000)));
    QCOMPARE(outcome(path), m_uninterrupted);
    // Nothing left to do: a second --continue starts no engine.
    const CliRun third = runCli({"sweep", "--continue", "1", "--store", path, "--json"}, 60000);
    QCOMPARE(third.exitCode, 0);
    QVERIFY(!third.out.contains(QLatin1String("\"event\":\"started\"")));
    QCOMPARE(outcome(path), m_uninterrupted);
}

void TstAshaSweep::badOptionsCreateNothing_data()
{
    QTest::addColumn<QStringList>("change");  // replaces options of sweepArgs (name, value) or adds some
    QTest::addColumn<QString>("said");
    QTest::newRow("kind") << QStringList{"--early-stop", "hyperband"} << "is not a kind of early stopping";
    QTest::newRow("rung 0") << QStringList{"--rungs", "0,2"} << "'0' is not a whole number of epochs";
    QTest::newRow("rung beyond the end") << QStringList{"--rungs", "1,5"} << "rung 5 lies beyond the runs' end";
    QTest::newRow("rungs not increasing") << QStringList{"--rungs", "2,1"} << "beyond the one before";
    QTest::newRow("eta 1") << QStringList{"--eta", "1"} << "--eta must lie between 2 and 100";
    QTest::newRow("eta text") << QStringList{"--eta", "three"} << "--eta must be a whole number";
    QTest::newRow("mode") << QStringList{"--mode", "up"} << "--mode must be max or min";
    QTest::newRow("train metric") << QStringList{"--metric", "train/loss"} << "not evaluated at the end of every epoch";
    QTest::newRow("rungs without early stop") << QStringList{"--early-stop", ""} << "--rungs belongs to --early-stop";
}

void TstAshaSweep::badOptionsCreateNothing()
{
    QFETCH(QStringList, change);
    QFETCH(QString, said);
    const QString path = m_dir.filePath(QStringLiteral("bad-%1.sqlite").arg(QTest::currentDataTag()).replace(' ', '-'));
    QStringList args = sweepArgs(path, m_grid);
    const qsizetype at = args.indexOf(change[0]);
    if (change[1].isEmpty())
        args.remove(at, 2);  // the option left out
    else if (at < 0)
        args << change;
    else
        args[at + 1] = change[1];
    const CliRun run = runCli(args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(said), qPrintable(run.err));
    QVERIFY(!QFile::exists(path) || outcome(path).isEmpty());
}

// --continue goes on with a recorded early-stopping sweep only, as recorded.
void TstAshaSweep::continueRefusals()
{
    const QString path = m_dir.filePath(QStringLiteral("continue.sqlite"));
    CliRun run = runCli({"sweep", "--continue", "7", "--store", path});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QLatin1String("there is no sweep 7")), qPrintable(run.err));
    run = runCli({"sweep", "--continue", "x", "--store", path});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QLatin1String("'x' is not a sweep id")), qPrintable(run.err));
    run = runCli({"sweep", "--continue", "1", "--grid", m_grid, "--store", path});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QLatin1String("--grid cannot be combined with --continue")), qPrintable(run.err));
    // A sweep without early stopping: said, nothing started.
    QString error;
    {
        auto store = store::RunStore::open(path, &error);
        QVERIFY2(store, qPrintable(error));
        QVERIFY(store->createSweep(QStringLiteral("plain"), "{}"));
    }
    run = runCli({"sweep", "--continue", "1", "--store", path});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QLatin1String("has no early stopping")), qPrintable(run.err));
}

// An engine resumed at or after the epoch it is to pause after (a second job for a run that got
// there already) ends it stopped at once, training nothing: it never runs on to the end.
void TstAshaSweep::resumedPastItsPauseStaysPaused()
{
    const QString path = m_dir.filePath(QStringLiteral("past.sqlite"));
    QStringList args = sweepArgs(path, m_grid).mid(14);  // the --set options
    const CliRun first = runCli(QStringList{"train", "--store", path, "--json", "--stop-at-epoch", "2"} + args);
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    QString runId;
    {
        QString error;
        auto store = store::RunStore::open(path, &error, store::OpenMode::ReadOnly);
        QVERIFY2(store && store->runs().size() == 1, qPrintable(error));
        runId = QString::number(store->runs().front().id);
    }
    for (const QString &epoch : {QStringLiteral("2"), QStringLiteral("1")}) {
        const CliRun again = runCli({"resume", "--run", runId, "--store", path, "--json", "--stop-at-epoch", epoch});
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QVERIFY2(again.out.contains(QLatin1String("paused at once: the run is at step 16, after epoch ") + epoch),
                 qPrintable(again.out.right(1000)));
        const QStringList out = outcome(path);
        QCOMPARE(out.size(), 1);
        QVERIFY2(out.front().contains(QLatin1String(" stopped steps 16 points 16 ")), qPrintable(out.front()));
    }
}

QTEST_GUILESS_MAIN(TstAshaSweep)
#include "tst_ashasweep.moc"
