// `gatefold-cli sweep --early-stop asha --slurm` (issue 21) against a real private Slurm cluster of
// this machine (slurmcluster.h): the controller stays here and submits each of ASHA's jobs as its
// own one-task Slurm job (`--stop-at-epoch R` in the script), one in flight at a time. The sweep ends
// with exactly the statuses, steps and decisions of the same sweep trained by local engine children
// (deterministic training, one engine at a time); each promoted run's engine starts at the step its
// run paused at (resumed from its checkpoint, never retrained); `sweep --continue` of a finished
// Slurm sweep submits nothing more. Skipped where Slurm is not installed.

#include "clirun.h"
#include "slurmcluster.h"

#include "store/runstore.h"

#include <QtTest/QtTest>

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <csignal>
#include <map>

using namespace gatefold;
using test::CliRun;

namespace {

// As tst_ashasweep's: four learning rates, 3 epochs of a tiny model on 256 images (8 steps an epoch),
// rungs at epochs 1 and 2, the best half going on, one job at a time.
QStringList sweepArgs(const QString &store, const QString &grid)
{
    QStringList args{"sweep", "--store", store, "--grid", grid, "--early-stop", "asha", "--rungs", "1,2", "--eta",
                     "2", "--parallel", "1", "--json"};
    for (const char *kv : {"img_size=16", "patch_size=4", "embed_dim=32", "depth=2", "num_heads=2", "mlp_ratio=2",
                           "data.train_size=256", "data.val_size=64", "train.batch_size=32", "train.log_every=1",
                           "compute.threads=1", "train.epochs=3"})
        args << "--set" << QString::fromLatin1(kv);
    return args;
}

QString said(const CliRun &r)
{
    return QStringLiteral("exit %1\nstdout:\n%2\nstderr:\n%3").arg(r.exitCode).arg(r.out.right(3000), r.err.right(3000));
}

std::unique_ptr<store::RunStore> openStore(const QString &path)
{
    QString error;
    auto store = store::RunStore::open(path, &error, store::OpenMode::ReadOnly);
    if (!store)
        qWarning("cannot open %s: %s", qPrintable(path), qPrintable(error));
    return store;
}

// Per run (by its place in the sweep): status, last train/loss step, its number of points (one per
// step when nothing was retrained), its message when stopped (ASHA's standing), and each ASHA
// decision (rung, epoch, rank of n, decision, the metric to 6 decimals: the same engines on the same
// data give the same numbers bit for bit, 6 decimals leave room for nothing else).
QStringList outcome(const QString &path)
{
    auto store = openStore(path);
    if (!store)
        return {QStringLiteral("no store")};
    auto runs = store->runs();
    std::sort(runs.begin(), runs.end(), [](const auto &a, const auto &b) { return a.id < b.id; });
    QStringList out;
    for (const auto &r : runs) {
        const auto loss = store->metricSummary(r.id, QStringLiteral("train/loss"));
        QString line = QStringLiteral("%1 %2 steps %3 points %4")
                           .arg(r.name.section(' ', 1), store::toString(r.status))
                           .arg(loss.lastStep)
                           .arg(loss.count);
        if (r.status == store::RunStatus::Stopped)
            line += QStringLiteral(" | ") + r.message;
        for (const auto &s : store->snapshots(r.id, QStringLiteral("asha"))) {
            const QJsonObject d = QJsonDocument::fromJson(s.dataJson).object();
            line += QStringLiteral(" [rung %1 epoch %2 %3 of %4 %5 %6]")
                        .arg(d.value("rung").toInt())
                        .arg(d.value("epoch").toInt())
                        .arg(d.value("rank").toInt())
                        .arg(d.value("of").toInt())
                        .arg(d.value("decision").toString())
                        .arg(d.value("value").toDouble(), 0, 'f', 6);
        }
        out << line;
    }
    return out;
}

// The start steps of every engine of each run, in order, from the run's Slurm task outputs
// (slurm-<job>_0.out beside its scripts: the engine's JSON lines).
std::map<qint64, QList<qint64>> slurmStartSteps(const QString &path)
{
    std::map<qint64, QList<qint64>> steps;
    auto store = openStore(path);
    if (!store)
        return steps;
    for (const auto &r : store->runs())
        for (const auto &job : store->slurmJobs(r.id)) {
            QFile out(QFileInfo(job.script).dir().filePath(QStringLiteral("slurm-%1.out").arg(job.jobId)));
            if (!out.open(QIODevice::ReadOnly))
                continue;
            for (const QByteArray &line : out.readAll().split('\n')) {
                const QJsonObject e = QJsonDocument::fromJson(line).object();
                if (e.value("event").toString() == QLatin1String("started"))
                    steps[r.id] << e.value("start_step").toInteger();
            }
        }
    return steps;
}

// Whether `path` holds a promotion decision yet.
bool hasPromotion(const QString &path)
{
    auto store = openStore(path);
    if (!store)
        return false;
    for (const auto &r : store->runs())
        for (const auto &s : store->snapshots(r.id, QStringLiteral("asha")))
            if (s.dataJson.contains("\"promoted\""))
                return true;
    return false;
}

} // namespace

class TstAshaSlurm : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void slurmSweepDecidesAsLocal();
    void twoJobsInFlight();
    void parallelRefusedForPlainSlurmSweep();
    void killedEngineIsCrashedAndLeftAlone();
    void killedControllerContinues_data();
    void killedControllerContinues();

private:
    test::SlurmCluster m_cluster;
    QTemporaryDir m_dir;
    QString m_skip;
    QString m_grid;
    QStringList m_expected;  // the local sweep's outcome
};

void TstAshaSlurm::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_grid = m_dir.filePath(QStringLiteral("grid.json"));
    QFile grid(m_grid);
    QVERIFY(grid.open(QIODevice::WriteOnly));
    grid.write(R"({"name": "asha", "grid": {"optim.lr": [0.01, 0.003, 0.001, 0.0003]}, "seeds": [0]})");
    grid.close();
    if (const QStringList missing = test::SlurmCluster::missingPrograms(); !missing.isEmpty()) {
        m_skip = QStringLiteral("Slurm is not installed (no %1): apt-get install slurm-wlm munge").arg(missing.join(", "));
        return;
    }
    const QString error = m_cluster.start();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    qputenv("SLURM_CONF", m_cluster.conf().toLocal8Bit());  // the CLI children talk to this cluster
}

void TstAshaSlurm::cleanupTestCase()
{
    m_cluster.stop();
    qunsetenv("SLURM_CONF");
}

void TstAshaSlurm::slurmSweepDecidesAsLocal()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    const QString local = m_dir.filePath(QStringLiteral("local.sqlite"));
    QElapsedTimer clock;
    clock.start();
    const CliRun here = test::runCli(sweepArgs(local, m_grid), 300000);
    QVERIFY2(here.exitCode == 0, qPrintable(said(here)));
    const qint64 localMs = clock.restart();

    const QString onSlurm = m_dir.filePath(QStringLiteral("slurm.sqlite"));
    const CliRun slurm = test::runCli(sweepArgs(onSlurm, m_grid) << "--slurm" << "--cpus-per-task" << "1", 600000);
    QVERIFY2(slurm.exitCode == 0, qPrintable(said(slurm) + m_cluster.logs()));
    qInfo("the sweep trained locally: %lld ms; on Slurm, one job in flight: %lld ms", localMs, clock.elapsed());
    const QStringList expected = outcome(local);
    QCOMPARE(expected.size(), 4);
    QCOMPARE(outcome(onSlurm), expected);
    m_expected = expected;

    // Every job was its own Slurm job; each promoted run's engine started where its run paused.
    auto store = openStore(onSlurm);
    QVERIFY(store);
    const auto steps = slurmStartSteps(onSlurm);
    QCOMPARE(steps.size(), size_t(4));
    int promotions = 0;
    for (const auto &[id, starts] : steps) {
        QCOMPARE(qsizetype(store->slurmJobs(id).size()), starts.size());
        QCOMPARE(starts.first(), 0);
        for (qsizetype i = 1; i < starts.size(); ++i, ++promotions)
            QCOMPARE(starts[i], 8 * i);  // epoch 1 (step 8), then epoch 2 (step 16)
        // The first job stopped at rung 1: its script asked for it.
        QFile script(store->slurmJobs(id).front().script);
        QVERIFY(script.open(QIODevice::ReadOnly));
        QVERIFY(script.readAll().contains(" train --run \"$RUN\" --store \"$GATEFOLD_STORE\" --json --stop-at-epoch 1\n"));
    }
    QVERIFY(promotions >= 2);
    // The sweep recorded its Slurm options, so --continue submits with them; nothing is left to do.
    QVERIFY(store->sweep(1)->searchJson.contains("\"slurm\""));
    const CliRun again = test::runCli({"sweep", "--continue", "1", "--store", onSlurm, "--json"}, 120000);
    QVERIFY2(again.exitCode == 0, qPrintable(said(again)));
    QVERIFY(!again.out.contains(QLatin1String("\"event\":\"submitted\"")));
    QCOMPARE(outcome(onSlurm), expected);
}

// --parallel 2: two Slurm jobs in flight (the node has 2 CPUs, each task takes 1). Which runs go on
// depends on the order of arrivals then, but every run ends stopped at a rung or finished, nothing is
// retrained, and at least the best of rung 2 finishes.
void TstAshaSlurm::twoJobsInFlight()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    const QString path = m_dir.filePath(QStringLiteral("two.sqlite"));
    QStringList args = sweepArgs(path, m_grid) << "--slurm" << "--cpus-per-task" << "1";
    args[args.indexOf("--parallel") + 1] = QStringLiteral("2");
    QElapsedTimer clock;
    clock.start();
    const CliRun run = test::runCli(args, 600000);
    QVERIFY2(run.exitCode == 0, qPrintable(said(run) + m_cluster.logs()));
    qInfo("on Slurm, two jobs in flight: %lld ms", clock.elapsed());
    int finished = 0;
    for (const QString &r : outcome(path)) {
        const QStringList words = r.split(' ');
        QCOMPARE(words.at(words.indexOf("steps") + 1), words.at(words.indexOf("points") + 1));
        QVERIFY2(r.contains(QLatin1String(" finished steps 24 ")) || r.contains(QLatin1String(" stopped steps 8 "))
                     || r.contains(QLatin1String(" stopped steps 16 ")),
                 qPrintable(r));
        finished += r.contains(QLatin1String(" finished ")) ? 1 : 0;
    }
    QVERIFY(finished >= 1);  // the best of rung 2 goes on (a later, better arrival may too: ASHA is asynchronous)
    QVERIFY(QJsonDocument::fromJson(openStore(path)->sweep(1)->searchJson).object().value("parallel").toInt() == 2);
}

// A plain `sweep --slurm` is one job array: --parallel means nothing there and stays refused.
void TstAshaSlurm::parallelRefusedForPlainSlurmSweep()
{
    const QString path = m_dir.filePath(QStringLiteral("plain.sqlite"));
    QStringList args = sweepArgs(path, m_grid) << "--slurm";
    args.remove(args.indexOf("--early-stop"), 2);
    args.remove(args.indexOf("--rungs"), 2);
    args.remove(args.indexOf("--eta"), 2);
    const CliRun run = test::runCli(args);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QLatin1String("--parallel cannot be combined with --slurm")), qPrintable(said(run)));
    QVERIFY(!QFile::exists(path) || outcome(path).isEmpty());
}

// An engine killed under its Slurm task (as the OOM killer would): the task ends without the engine
// ending the run, so the controller records it crashed, leaves it alone and decides on the others.
void TstAshaSlurm::killedEngineIsCrashedAndLeftAlone()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    const QString path = m_dir.filePath(QStringLiteral("crash.sqlite"));
    QProcess controller;
    controller.start(QStringLiteral(GATEFOLD_CLI_PATH), sweepArgs(path, m_grid) << "--slurm" << "--cpus-per-task" << "1");
    QVERIFY(controller.waitForStarted());
    qint64 victim = 0;
    QElapsedTimer clock;
    clock.start();
    while (victim == 0 && clock.elapsed() < 120000) {
        if (auto store = openStore(path))
            for (const auto &r : store->runs())
                if (r.status == store::RunStatus::Running && r.pid > 0 && ::kill(pid_t(r.pid), SIGKILL) == 0)
                    victim = r.id;
        QThread::msleep(20);
    }
    QVERIFY(victim != 0);
    QVERIFY(controller.waitForFinished(300000));
    QCOMPARE(controller.exitCode(), 1);  // a run failed
    auto store = openStore(path);
    QVERIFY(store);
    const auto record = store->run(victim);
    QCOMPARE(store::toString(record->status), QStringLiteral("crashed"));
    QVERIFY2(record->message.contains(QLatin1String("ended (failed) while the run was running")), qPrintable(record->message));
    QCOMPARE(store->slurmJobs(victim).size(), size_t(1));  // left alone: never submitted again
    int decided = 0;
    for (const auto &r : store->runs())
        decided += r.id != victim && (r.status == store::RunStatus::Stopped || r.status == store::RunStatus::Finished);
    QCOMPARE(decided, 3);
}

void TstAshaSlurm::killedControllerContinues_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGKILL: its Slurm job lives on") << int(SIGKILL);
    QTest::newRow("SIGTERM: its Slurm job is cancelled") << int(SIGTERM);
}

// The controller killed or stopped after its first promotion; `sweep --continue` (Slurm options as
// recorded) reaches exactly the end of the uninterrupted sweep.
void TstAshaSlurm::killedControllerContinues()
{
    QFETCH(int, signal);
    if (m_expected.isEmpty())
        QSKIP("needs slurmSweepDecidesAsLocal's sweeps");
    const QString path = m_dir.filePath(QStringLiteral("killed-%1.sqlite").arg(signal));
    QProcess controller;
    controller.start(QStringLiteral(GATEFOLD_CLI_PATH), sweepArgs(path, m_grid) << "--slurm" << "--cpus-per-task" << "1");
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
    const CliRun again = test::runCli({"sweep", "--continue", "1", "--store", path, "--json"}, 600000);
    QVERIFY2(again.exitCode == 0, qPrintable(said(again) + m_cluster.logs()));
    QVERIFY(again.out.contains(QLatin1String("\"event\":\"submitted\"")));  // on Slurm again
    QCOMPARE(outcome(path), m_expected);
}

QTEST_GUILESS_MAIN(TstAshaSlurm)
#include "tst_ashaslurm.moc"
