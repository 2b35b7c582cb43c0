// Runs as detached engine processes: RunProcess starts a real `gatefold-cli
// train --run ID --json` and follows it through its files (events, log) and
// its life (pid + start time): start, progress, metrics, eval, end; a crash
// with the engine's last words, a missing engine said clearly. RunQueue runs
// N at a time in order, cancels queued runs (marked cancelled in the store)
// and running ones (checkpointed, cancelled). The engines are nobody's
// children: destroying the queue mid-run (what quitting the window does)
// leaves them training, a new follower attaches to them and can stop them,
// an engine whose output reader goes away trains on, and `gatefold-cli queue`
// takes runs over in the background. createQueuedRun makes the record every
// creator of a queued run (train, sweep, the window) writes.

#include "tinyrun.h"

#include "launch/backgroundqueue.h"
#include "launch/localprocess.h"
#include "launch/newrun.h"
#include "launch/runqueue.h"
#include "store/runstore.h"
#include "config/runconfigjson.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpaths.h"
#include "config/runpresets.h"

#include <QtTest/QtTest>

#include <QSignalSpy>

#include <csignal>
#include <cstdio>
#include <optional>

using namespace gatefold;

namespace {

QByteArray tinyConfig(int epochs)
{
    return train::runConfigToJson(tinyRun(epochs));
}

QString statusOf(store::RunStore &store, qint64 id)
{
    const auto run = store.run(id);
    return run ? store::toString(run->status) : QStringLiteral("(no run)");
}

} // namespace

class TstLaunch : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void followsARunToTheEnd();
    void queueRunsInOrderAndCancels();
    void cancelWhileTheEngineLoads();
    void crashKeepsTheLastWords();
    void missingEngineIsClear();
    void destroyingTheQueueLeavesEnginesTraining();
    void attachFollowsAndStopsAnEngine();
    void staleEventsAreNotReplayed();
    void engineOutlivesItsReader();
    void backgroundQueueRunsWhatItIsGiven();
    void queueStoppedWhileWaitingClosesTheStore();
    void refusedResumeIsNotReportedAsTheRunsStatus();
    void createsAQueuedRun();

private:
    std::unique_ptr<store::RunStore> openStore(const char *name)
    {
        QString error;
        auto s = store::RunStore::open(m_dir.filePath(QString::fromLatin1(name) + ".sqlite"), &error);
        if (!s)
            qFatal("%s", qPrintable(error));
        return s;
    }
    qint64 createRun(store::RunStore &store, const QString &name, int epochs)
    {
        store::NewRun run;
        run.name = name;
        run.configJson = tinyConfig(epochs);
        return *store.createRun(run);
    }
    // The engine of `runId` once the store says it trains (its pid, from the store); nullopt after a minute.
    static std::optional<launch::LocalProcess> engineOf(store::RunStore &store, qint64 runId)
    {
        QDeadlineTimer deadline(60000);
        while (!deadline.hasExpired()) {
            if (const auto run = store.run(runId); run && run->status == store::RunStatus::Running)
                if (auto engine = launch::LocalProcess::find(run->pid))
                    return engine;
            QTest::qWait(100);
        }
        return std::nullopt;
    }
    // How `runId` ended, once the store says it has (its engine is detached: nobody else waits for it).
    static QString waitForEnd(store::RunStore &store, qint64 runId)
    {
        QDeadlineTimer deadline(180000);
        while (!deadline.hasExpired()) {
            if (const auto run = store.run(runId); run && store::isTerminal(run->status))
                return store::toString(run->status);
            QTest::qWait(200);
        }
        return QStringLiteral("(still %1 after 3 minutes)").arg(statusOf(store, runId));
    }
    QTemporaryDir m_dir;
};

void TstLaunch::followsARunToTheEnd()
{
    auto store = openStore("follow");
    const qint64 id = createRun(*store, QStringLiteral("short"), 2);
    launch::RunProcess run(QStringLiteral(GATEFOLD_CLI_PATH), store->path(), id, launch::RunProcess::Mode::Train);
    QSignalSpy started(&run, &launch::RunProcess::started);
    QSignalSpy progressed(&run, &launch::RunProcess::progressed);
    QSignalSpy metrics(&run, &launch::RunProcess::metricsArrived);
    QSignalSpy evaluated(&run, &launch::RunProcess::evaluated);
    QSignalSpy finished(&run, &launch::RunProcess::finished);
    run.start();
    QVERIFY(finished.wait(120000));
    QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("finished"));
    QCOMPARE(started.size(), 1);
    const auto start = started.at(0).at(0).value<launch::StartedEvent>();
    QCOMPARE(start.totalSteps, 32);
    QCOMPARE(start.run, id);
    QCOMPARE(start.startStep, 0);
    QVERIFY(!progressed.isEmpty());
    QCOMPARE(run.lastProgress().totalSteps, 32);
    QCOMPARE(evaluated.size(), 2);  // one per epoch
    QCOMPARE(evaluated.last().at(0).value<launch::EvalEvent>().step, 32);
    // The points as the store holds them, typed from the engine's lines to here.
    std::vector<store::MetricPoint> heard;
    for (const auto &signal : metrics)
        for (const auto &p : signal.at(0).value<std::vector<store::MetricPoint>>())
            heard.push_back(p);
    const auto stored = store->metrics(id, QStringLiteral("train/loss"));
    QVERIFY(!stored.empty());
    bool sawLoss = false;
    for (const auto &p : heard)
        if (p.key == QLatin1String("train/loss") && p.step == stored.back().step) {
            sawLoss = true;
            QCOMPARE(p.value, stored.back().value);
            QCOMPARE(p.epoch, stored.back().epoch);
        }
    QVERIFY(sawLoss);
    QVERIFY(!run.isRunning());
    QCOMPARE(statusOf(*store, id), QStringLiteral("finished"));
    // What the engine said stays in the run's directory.
    QFile log(run.logPath());
    QVERIFY2(log.open(QIODevice::ReadOnly), qPrintable(run.logPath()));
    const QString text = QString::fromUtf8(log.readAll());
    QVERIFY2(text.contains("input normalisation:") && text.contains("end: finished"), qPrintable(text));
    QCOMPARE(run.logPath(), store->runDirectory(id) + "/engine.log");
}

void TstLaunch::queueRunsInOrderAndCancels()
{
    auto store = openStore("queue");
    const qint64 a = createRun(*store, QStringLiteral("a"), 400);  // long: cancelled while it runs
    const qint64 b = createRun(*store, QStringLiteral("b"), 1);    // cancelled while it waits
    const qint64 c = createRun(*store, QStringLiteral("c"), 1);    // runs once a is gone
    launch::RunQueue queue(QStringLiteral(GATEFOLD_CLI_PATH), store->path());
    QSignalSpy started(&queue, &launch::RunQueue::runStarted);
    QSignalSpy finished(&queue, &launch::RunQueue::runFinished);
    queue.enqueue(a);
    queue.enqueue(b);
    queue.enqueue(c);
    queue.enqueue(a);  // already there: ignored
    QCOMPARE(queue.running(), QList<qint64>{a});
    QCOMPARE(queue.queued(), (QList<qint64>{b, c}));
    QVERIFY(queue.cancel(b));
    QCOMPARE(queue.queued(), QList<qint64>{c});
    QCOMPARE(statusOf(*store, b), QStringLiteral("cancelled"));
    QVERIFY(started.wait(60000));
    QCOMPARE(started.at(0).at(0).toLongLong(), a);
    QSignalSpy progressed(&queue, &launch::RunQueue::runProgressed);
    QVERIFY(progressed.wait(60000));
    QVERIFY(queue.cancel(a));
    QTRY_VERIFY_WITH_TIMEOUT(finished.size() >= 3, 120000);  // b, a, then c
    QCOMPARE(finished.at(0).at(0).toLongLong(), b);
    QCOMPARE(finished.at(1).at(0).toLongLong(), a);
    QCOMPARE(finished.at(1).at(1).toString(), QStringLiteral("cancelled"));
    QCOMPARE(finished.at(2).at(0).toLongLong(), c);
    QCOMPARE(finished.at(2).at(1).toString(), QStringLiteral("finished"));
    QCOMPARE(statusOf(*store, a), QStringLiteral("cancelled"));
    QCOMPARE(statusOf(*store, c), QStringLiteral("finished"));
    QVERIFY(!store->artifacts(a).empty());  // the stop wrote a checkpoint: resumable
    QVERIFY(queue.running().isEmpty() && queue.queued().isEmpty());
    QVERIFY(!queue.cancel(a));
}

// A cancel that reaches the engine before it claimed its run (while LibTorch loads, before its
// signal handler, or before the claim) ends the run as cancelled, never as failed or crashed —
// at any moment: at once, and a little later each time.
void TstLaunch::cancelWhileTheEngineLoads()
{
    auto store = openStore("early");
    for (const int delayMs : {0, 5, 20, 60, 150, 400}) {
        const qint64 id = createRun(*store, QStringLiteral("early-%1").arg(delayMs), 200);
        launch::RunQueue queue(QStringLiteral(GATEFOLD_CLI_PATH), store->path());
        QSignalSpy finished(&queue, &launch::RunQueue::runFinished);
        queue.enqueue(id);
        QCOMPARE(queue.running(), QList<qint64>{id});
        if (delayMs > 0)
            QTest::qWait(delayMs);
        QVERIFY(queue.cancel(id));
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("cancelled"));
        QCOMPARE(statusOf(*store, id), QStringLiteral("cancelled"));
        const auto run = store->run(id);
        QVERIFY2(!run->message.contains(QLatin1String("failed")), qPrintable(run->message));
    }
}

void TstLaunch::crashKeepsTheLastWords()
{
    const QString engine = m_dir.filePath("dying-engine");
    {
        QFile f(engine);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // A "started" line as engines before issue 16 wrote it (no memory_estimate): the parser takes
        // every line an engine wrote, and refuses one with fields missing (launch/engineevents.h).
        f.write("#!/bin/sh\necho '{\"dataset\":\"shapes\",\"device\":\"cpu\",\"event\":\"started\",\"parameters\":100,"
                "\"run\":7,\"start_step\":0,\"steps_per_epoch\":5,\"total_steps\":10,\"train_images\":80,\"val_images\":20}'\n"
                "echo 'out of memory' >&2\nkill -9 $$\n");
    }
    QFile::setPermissions(engine, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    launch::RunProcess run(engine, m_dir.filePath("none.sqlite"), 7, launch::RunProcess::Mode::Resume);
    QSignalSpy started(&run, &launch::RunProcess::started);
    QSignalSpy finished(&run, &launch::RunProcess::finished);
    run.start();
    QVERIFY(finished.wait(30000));
    QCOMPARE(started.size(), 1);
    QCOMPARE(started.at(0).at(0).value<launch::StartedEvent>().totalSteps, 10);
    QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("crashed"));
    QVERIFY2(finished.at(0).at(1).toString().contains("out of memory"), qPrintable(finished.at(0).at(1).toString()));
    QCOMPARE(run.logTail(), QStringList{"out of memory"});
    QFile log(run.logPath());
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(log.readAll());
    QVERIFY2(text.contains("out of memory") && text.contains("end: crashed"), qPrintable(text));
}

void TstLaunch::missingEngineIsClear()
{
    launch::RunProcess run(m_dir.filePath("no-such-engine"), m_dir.filePath("none.sqlite"), 1,
                           launch::RunProcess::Mode::Train);
    QSignalSpy finished(&run, &launch::RunProcess::finished);
    run.start();
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("failed"));
    QVERIFY2(finished.at(0).at(1).toString().contains("cannot start the engine"),
             qPrintable(finished.at(0).at(1).toString()));
}

// Quitting the window destroyed its queue while an engine ran; the queue's handler then erased from
// the map being destroyed (double free, issue 16). Now nothing calls back, and the engine — detached —
// trains on to the end while the waiting run stays queued for whoever takes it up.
void TstLaunch::destroyingTheQueueLeavesEnginesTraining()
{
    auto store = openStore("quit");
    const qint64 a = createRun(*store, QStringLiteral("a"), 30);  // still training when the queue goes
    const qint64 b = createRun(*store, QStringLiteral("b"), 1);
    std::optional<launch::LocalProcess> engine;
    // Whatever the queue says while it is destroyed comes from a handler run inside its own
    // destruction (the old crash: ~RunQueue -> ~RunProcess -> finished -> erase from the map being
    // destroyed). Heard by an object that outlives it.
    QObject outlives;
    QStringList saidWhileDestroyed;
    bool destroying = false;
    {
        launch::RunQueue queue(QStringLiteral(GATEFOLD_CLI_PATH), store->path());
        const auto heard = [&](const char *what) {
            return [&saidWhileDestroyed, &destroying, what] {
                if (destroying)
                    saidWhileDestroyed << QString::fromLatin1(what);
            };
        };
        connect(&queue, &launch::RunQueue::runFinished, &outlives, heard("runFinished"));
        connect(&queue, &launch::RunQueue::changed, &outlives, heard("changed"));
        connect(&queue, &launch::RunQueue::runStarted, &outlives, heard("runStarted"));
        QSignalSpy progressed(&queue, &launch::RunQueue::runProgressed);
        queue.enqueue(a);
        queue.enqueue(b);
        QVERIFY(progressed.wait(60000));
        QVERIFY2(queue.process(a), "run a ended before the queue was destroyed");
        engine = launch::LocalProcess::find(queue.process(a)->pid());
        QVERIFY(engine);
        destroying = true;
    }  // the window quits
    QVERIFY2(saidWhileDestroyed.isEmpty(), qPrintable(saidWhileDestroyed.join(", ") + " while being destroyed"));
    QVERIFY(engine->isAlive());
    QCOMPARE(waitForEnd(*store, a), QStringLiteral("finished"));
    QCOMPARE(statusOf(*store, b), QStringLiteral("queued"));
    QTRY_VERIFY(!engine->isAlive());
}

// A window started later follows an engine it did not start: its progress, then its end; cancel
// reaches it by pid (and never a process that took the pid over).
void TstLaunch::attachFollowsAndStopsAnEngine()
{
    auto store = openStore("attach");
    const qint64 id = createRun(*store, QStringLiteral("long"), 400);
    {
        launch::RunProcess first(QStringLiteral(GATEFOLD_CLI_PATH), store->path(), id, launch::RunProcess::Mode::Train);
        QSignalSpy progressed(&first, &launch::RunProcess::progressed);
        first.start();
        QVERIFY(progressed.wait(60000));
    }
    const auto engine = engineOf(*store, id);
    QVERIFY(engine);
    launch::RunQueue queue(QStringLiteral(GATEFOLD_CLI_PATH), store->path());
    QSignalSpy progressed(&queue, &launch::RunQueue::runProgressed);
    QSignalSpy finished(&queue, &launch::RunQueue::runFinished);
    QVERIFY(queue.attach(id, *engine));
    QVERIFY(!queue.attach(id, *engine));  // once
    QCOMPARE(queue.running(), QList<qint64>{id});
    QVERIFY(progressed.wait(30000));
    const qint64 step = progressed.last().at(1).value<launch::RunProgress>().step;
    QVERIFY2(step > 0, "the progress so far is read from the engine's events");
    // A stale identity (same pid, another start) is not signalled.
    launch::LocalProcess impostor = *engine;
    impostor.startTicks += 1;
    QVERIFY(!impostor.isAlive());
    QVERIFY(!impostor.terminate());
    QVERIFY(engine->isAlive());
    QVERIFY(queue.cancel(id));
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.last().at(1).toString(), QStringLiteral("cancelled"));
    QCOMPARE(statusOf(*store, id), QStringLiteral("cancelled"));
    QVERIFY(!store->artifacts(id, QStringLiteral("checkpoint/last")).empty());
}

// An engine started by hand wrote nothing to the run's events file; what is there is an earlier
// attempt's and must not be shown as this one's (its "end" would finish the run at once).
void TstLaunch::staleEventsAreNotReplayed()
{
    auto store = openStore("stale");
    const qint64 id = createRun(*store, QStringLiteral("by hand"), 400);
    const QString events = launch::RunProcess::eventsPathFor(store->path(), id);
    QDir().mkpath(QFileInfo(events).absolutePath());
    {
        QFile f(events);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"event": "started", "total_steps": 10, "start_step": 0})" "\n"
                R"({"event": "end", "status": "finished", "message": "an old attempt"})" "\n");
        QVERIFY(f.flush());  // written before the time is set, or the close would stamp it now
        QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(-3600), QFileDevice::FileModificationTime));
    }
    QProcess byHand;  // its JSON lines go to this pipe, not to the events file
    byHand.start(QStringLiteral(GATEFOLD_CLI_PATH), {"train", "--run", QString::number(id), "--store", store->path(), "--json"});
    const auto engine = engineOf(*store, id);
    QVERIFY(engine);
    launch::RunProcess follower(QStringLiteral(GATEFOLD_CLI_PATH), store->path(), id, launch::RunProcess::Mode::Train);
    QSignalSpy finished(&follower, &launch::RunProcess::finished);
    follower.attach(*engine);
    QTest::qWait(1500);
    QVERIFY2(finished.isEmpty(), "an earlier attempt's end was taken for this engine's");
    QVERIFY(follower.isRunning());
    follower.cancel();
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("cancelled"));
    QVERIFY(byHand.state() == QProcess::NotRunning || byHand.waitForFinished(30000));
}

// `gatefold-cli train --json | head -1`, or a window that died: the reader of the engine's output is
// gone, and the run trains on to the end instead of dying of SIGPIPE.
void TstLaunch::engineOutlivesItsReader()
{
    auto store = openStore("pipe");
    const qint64 id = createRun(*store, QStringLiteral("unread"), 3);
    QProcess engine;
    engine.start(QStringLiteral(GATEFOLD_CLI_PATH), {"train", "--run", QString::number(id), "--store", store->path(), "--json"});
    QVERIFY(engine.waitForReadyRead(60000));
    engine.closeReadChannel(QProcess::StandardOutput);  // closes our end of the pipe
    QVERIFY(engine.waitForFinished(120000));
    QCOMPARE(engine.exitStatus(), QProcess::NormalExit);
    QCOMPARE(engine.exitCode(), 0);
    QCOMPARE(statusOf(*store, id), QStringLiteral("finished"));
}

// What the window hands over when it quits and keeps its runs going: a detached `gatefold-cli queue`
// that waits for the runs still training (--after), then starts the waiting ones in order.
void TstLaunch::backgroundQueueRunsWhatItIsGiven()
{
    auto store = openStore("background");
    // Queued by a process that has gone (as a window that quit): the queue may take them over.
    QProcess creator;
    creator.start(QCoreApplication::applicationFilePath(), {"--create", store->path(), "3", "1", "1", "1"});
    QVERIFY(creator.waitForFinished(30000));
    const QList<QByteArray> ids = creator.readAllStandardOutput().trimmed().split(' ');
    QCOMPARE(ids.size(), 4);
    const qint64 training = ids[0].toLongLong(), next = ids[1].toLongLong(), last = ids[2].toLongLong(),
                 gone = ids[3].toLongLong();
    QCOMPARE(int(store->orphanedQueuedRuns().size()), 4);
    QVERIFY(store->setStatus(gone, store::RunStatus::Cancelled, QStringLiteral("by the user")));
    launch::RunProcess first(QStringLiteral(GATEFOLD_CLI_PATH), store->path(), training, launch::RunProcess::Mode::Train);
    QSignalSpy progressed(&first, &launch::RunProcess::progressed);
    first.start();
    QVERIFY(progressed.wait(60000));
    launch::BackgroundQueue::Plan plan;
    plan.parallel = 1;
    plan.training = {training};
    plan.waiting = {{next, launch::RunProcess::Mode::Train}, {gone, launch::RunProcess::Mode::Train},
                    {last, launch::RunProcess::Mode::Train}};
    QCOMPARE(launch::BackgroundQueue::arguments(store->path(), plan),
             (QStringList{"--store", store->path(), "--parallel", "1", "--after", QString::number(training),
                          QString::number(next), QString::number(gone), QString::number(last)}));
    QString error;
    const auto pid = launch::BackgroundQueue::start(QStringLiteral(GATEFOLD_CLI_PATH), store->path(), plan, &error);
    QVERIFY2(pid, qPrintable(error));
    QCOMPARE(waitForEnd(*store, last), QStringLiteral("finished"));
    QCOMPARE(statusOf(*store, training), QStringLiteral("finished"));
    QCOMPARE(statusOf(*store, next), QStringLiteral("finished"));
    QCOMPARE(statusOf(*store, gone), QStringLiteral("cancelled"));
    // One at a time: `next` started only once `training` had ended.
    QVERIFY(store->run(next)->started >= store->run(training)->ended);
    QVERIFY(store->run(last)->started >= store->run(next)->ended);
    QFile log(launch::BackgroundQueue::logPathFor(store->path()));
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(log.readAll());
    QVERIFY2(text.contains(QStringLiteral("run %1 is cancelled, not queued: skipped").arg(gone)), qPrintable(text));
    QTRY_VERIFY_WITH_TIMEOUT(!launch::LocalProcess::find(*pid), 30000);  // it ends when its runs have
}

// SIGTERM while `gatefold-cli queue` waits for the window handing runs over: it stops waiting, the
// runs stay queued, and the store is closed as SQLite closes it (no -wal or -shm left behind).
void TstLaunch::queueStoppedWhileWaitingClosesTheStore()
{
    QString path;
    qint64 run = 0;
    {
        auto store = openStore("handover");
        path = store->path();
        run = createRun(*store, QStringLiteral("handed over"), 1);  // held by this process, as a window holds it
    }
    QVERIFY(!QFileInfo::exists(path + "-wal"));
    QProcess queue;
    queue.start(QStringLiteral(GATEFOLD_CLI_PATH),
                {"queue", "--store", path, "--handed-by", QString::number(QCoreApplication::applicationPid()),
                 QString::number(run)});
    QByteArray said;
    QTRY_VERIFY2_WITH_TIMEOUT((said += queue.readAllStandardOutput()).contains("waiting for process"),
                              qPrintable(said + queue.readAllStandardError()), 30000);
    ::kill(pid_t(queue.processId()), SIGTERM);
    QVERIFY(queue.waitForFinished(30000));
    QCOMPARE(queue.exitStatus(), QProcess::NormalExit);  // not killed by the signal
    QCOMPARE(queue.exitCode(), 3);
    QVERIFY(!QFileInfo::exists(path + "-wal"));
    QVERIFY(!QFileInfo::exists(path + "-shm"));
    auto store = openStore("handover");
    QCOMPARE(statusOf(*store, run), QStringLiteral("queued"));
}

// A resume the engine refuses (the run has finished) changes nothing: the queue says it was not
// resumed, as a failure, instead of passing the run's old status off as how it ended.
void TstLaunch::refusedResumeIsNotReportedAsTheRunsStatus()
{
    auto store = openStore("refused-resume");
    const qint64 run = createRun(*store, QStringLiteral("done"), 1);
    QVERIFY(store->setStatus(run, store::RunStatus::Running));
    QVERIFY(store->setStatus(run, store::RunStatus::Finished, QStringLiteral("finished 16 steps")));
    launch::RunQueue queue(QStringLiteral(GATEFOLD_CLI_PATH), store->path());
    QSignalSpy finished(&queue, &launch::RunQueue::runFinished);
    queue.enqueue(run, launch::RunProcess::Mode::Resume);
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().at(1).toString(), QStringLiteral("failed"));
    const QString message = finished.first().at(2).toString();
    QVERIFY2(message.startsWith("not resumed") && message.contains("only failed, cancelled, crashed or stopped runs"),
             qPrintable(message));
    QCOMPARE(statusOf(*store, run), QStringLiteral("finished"));
}

void TstLaunch::createsAQueuedRun()
{
    auto store = openStore("queued");
    const qint64 parent = createRun(*store, QStringLiteral("parent"), 1);
    const auto sweep = store->createSweep(QStringLiteral("grid"), R"({"train.epochs":[1]})");
    QVERIFY(sweep);
    train::RunConfig config = tinyRun(1);
    config.train.seed = 1234;
    config.train.initFrom = "weights/start.pt";  // relative: recorded against the working directory
    launch::QueuedRunDetails details;
    details.name = QStringLiteral("fine-tune");
    details.sweepId = *sweep;
    details.parentId = parent;
    details.tags = {QStringLiteral("a"), QStringLiteral("b c")};
    details.notes = QStringLiteral("two\nlines");
    QString error = QStringLiteral("untouched");
    store::NewRun written;
    const auto id = launch::createQueuedRun(*store, config, details, &error, &written);
    QVERIFY2(id, qPrintable(error));
    QCOMPARE(error, QStringLiteral("untouched"));
    const auto run = store->run(*id);
    QVERIFY(run);
    QVERIFY(run->status == store::RunStatus::Queued);
    QCOMPARE(run->name, details.name);
    QCOMPARE(run->sweepId, *sweep);
    QCOMPARE(run->parentId, parent);
    QCOMPARE(run->tags, details.tags);
    QCOMPARE(run->notes, details.notes);
    QCOMPARE(run->seed, qint64(1234));
    QCOMPARE(run->pid, qint64(QCoreApplication::applicationPid()));  // this process owns it until an engine claims it
    QCOMPARE(run->configJson, train::runConfigToJson(train::withAbsolutePaths(config)));
    QVERIFY(run->configJson.contains(QDir::current().absoluteFilePath("weights/start.pt").toUtf8()));
    // What it wrote, for a caller that may have to write it again.
    QCOMPARE(written.name, details.name);
    QCOMPARE(written.configJson, run->configJson);
    QCOMPARE(written.sweepId, *sweep);
    QCOMPARE(written.parentId, parent);
    // Refused by the store: its reason, and no run.
    const size_t before = store->runs().size();
    details.name = QStringLiteral("two\nlines");
    QVERIFY(!launch::createQueuedRun(*store, config, details, &error));
    QCOMPARE(error, store->lastError());
    QVERIFY2(error.startsWith(QStringLiteral("cannot create the run: ")), qPrintable(error));
    QCOMPARE(store->runs().size(), before);
}

// `tst_launch --create STORE EPOCHS…`: queues tiny runs as another process would (it is their owner,
// and it is gone when the test goes on) and prints their ids.
int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc >= 3 && QByteArray(argv[1]) == "--create") {
        QString error;
        auto store = store::RunStore::open(QString::fromLocal8Bit(argv[2]), &error);
        if (!store)
            return 1;
        QStringList ids;
        for (int i = 3; i < argc; ++i) {
            store::NewRun run;
            run.name = QStringLiteral("run %1").arg(i - 2);
            run.configJson = tinyConfig(QByteArray(argv[i]).toInt());
            ids << QString::number(*store->createRun(run));
        }
        std::printf("%s\n", qPrintable(ids.join(' ')));
        return 0;
    }
    TstLaunch test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_launch.moc"
