// Runs as engine child processes: RunProcess follows a real `gatefold-cli
// train --run ID --json` through its JSON lines (start, progress, metrics,
// eval, end), reports a crash with the engine's last words and a missing
// engine clearly; RunQueue runs N at a time in order, cancels queued runs
// (marked cancelled in the store) and running ones (checkpointed, cancelled).

#include "tinyrun.h"

#include "launch/runqueue.h"
#include "store/runstore.h"
#include "train/runconfigjson.h"
#include "train/runfields.h"
#include "train/runpresets.h"

#include <QtTest/QtTest>

#include <QSignalSpy>

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
    void crashKeepsTheLastWords();
    void missingEngineIsClear();

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
    QCOMPARE(started.at(0).at(0).toJsonObject().value("total_steps").toInteger(), 32);
    QVERIFY(!progressed.isEmpty());
    QCOMPARE(run.lastProgress().totalSteps, 32);
    QCOMPARE(evaluated.size(), 2);  // one per epoch
    bool sawLoss = false;
    for (const auto &signal : metrics)
        for (const auto &p : signal.at(0).toJsonArray())
            sawLoss = sawLoss || p.toObject().value("key").toString() == QLatin1String("train/loss");
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

void TstLaunch::crashKeepsTheLastWords()
{
    const QString engine = m_dir.filePath("dying-engine");
    {
        QFile f(engine);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\necho '{\"event\": \"started\", \"total_steps\": 10}'\necho 'out of memory' >&2\nkill -9 $$\n");
    }
    QFile::setPermissions(engine, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    launch::RunProcess run(engine, m_dir.filePath("none.sqlite"), 7, launch::RunProcess::Mode::Resume);
    QSignalSpy started(&run, &launch::RunProcess::started);
    QSignalSpy finished(&run, &launch::RunProcess::finished);
    run.start();
    QVERIFY(finished.wait(30000));
    QCOMPARE(started.size(), 1);
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

QTEST_GUILESS_MAIN(TstLaunch)
#include "tst_launch.moc"
