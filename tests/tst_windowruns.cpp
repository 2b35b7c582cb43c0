// The window's runs across its life, as a user lives it (issue 16). A
// "first window" is this program run again as a child (--as-window): it
// queues two runs on one engine slot and quits as told — keeping them
// running, stopping them at a checkpoint — or is killed with SIGKILL. The
// window started after it (here) follows the engine that trains on, gets the
// waiting run from the background queue or has it offered, and stops what it
// follows by pid. Stay keeps everything. A run whose engine died is offered
// for resuming, nothing happens without the user's word. A file dialog on the
// store's folder while an engine writes changes nothing: the next run trains,
// edits reach other processes, nothing comes back as queued. (The run form's
// engine checks: tst_formcheck.)

#include "screenshot.h"
#include "tinyrun.h"
#include "formatfiles.h"

#include "widgets/configcheck.h"
#include "widgets/configform.h"
#include "widgets/mainwindow.h"
#include "widgets/runcontroller.h"
#include "widgets/runformpanel.h"
#include "widgets/runtablemodel.h"
#include "widgets/strandedrunsdialog.h"

#include "launch/localprocess.h"
#include "store/runstore.h"
#include "config/runconfigjson.h"

#include <QtTest/QtTest>

#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>

#include <csignal>
#include <functional>
#include <iostream>

using namespace gatefold;
using namespace gatefold::widgets;
using gatefold::test::screenshot;

namespace {

QString statusOf(store::RunStore &store, qint64 id)
{
    const auto run = store.run(id);
    return run ? store::toString(run->status) : QStringLiteral("(no run)");
}

// How `runId` ended, once the store says so (detached engines: nobody else waits for them).
QString waitForEnd(store::RunStore &store, qint64 runId)
{
    QDeadlineTimer deadline(180000);
    while (!deadline.hasExpired()) {
        if (const auto run = store.run(runId); run && store::isTerminal(run->status))
            return store::toString(run->status);
        QTest::qWait(200);
    }
    return QStringLiteral("(still %1 after 3 minutes)").arg(statusOf(store, runId));
}

// Clicks the button named `button` of the next modal dialog that `trigger` opens (and of the
// next ones, for each further name). Returns how many were answered.
int answerModal(const std::function<void()> &trigger, QStringList buttons)
{
    int answered = 0;
    QTimer poll;
    poll.setInterval(50);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal || buttons.isEmpty())
            return;
        if (auto *b = modal->findChild<QPushButton *>(buttons.first())) {
            buttons.removeFirst();
            ++answered;
            b->click();
        }
    });
    poll.start();
    trigger();
    poll.stop();
    return answered;
}


// The first window, in a process of its own: two runs on one slot (a long one training, a short one
// waiting), "ready A B" on stdout once A trains, then quit as `choice` says (kill: wait to be killed).
int actAsWindow(const QString &storePath, const QString &choice)
{
    QStandardPaths::setTestModeEnabled(true);
    RunController controller(QStringLiteral(GATEFOLD_CLI_PATH), storePath);
    if (!controller.isOpen())
        return 3;
    MainWindow window(&controller);
    window.show();
    controller.queue()->setParallel(1);
    QSignalSpy progressed(controller.queue(), &launch::RunQueue::runProgressed);
    const qint64 a = controller.launch(tinyRun(400), QStringLiteral("long"));
    const qint64 b = controller.launch(tinyRun(1), QStringLiteral("waiting"));
    if (!progressed.wait(120000))
        return 4;
    std::cout << "ready " << a << ' ' << b << std::endl;
    if (choice == QLatin1String("kill")) {
        QTest::qWait(600000);
        return 5;
    }
    const QString button = choice == QLatin1String("keep") ? QStringLiteral("keepRunning") : QStringLiteral("stopRuns");
    QTimer answer;
    QObject::connect(&answer, &QTimer::timeout, [&] {
        if (QWidget *modal = QApplication::activeModalWidget())
            if (auto *b = modal->findChild<QPushButton *>(button)) {
                screenshot(modal, "quit-dialog.png");
                b->click();
            }
    });
    answer.start(50);
    const bool closed = window.close();
    std::cout << (closed ? "closed" : "still open") << std::endl;
    return closed ? 0 : 6;
}

} // namespace

class TstWindowRuns : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void keepRunningGoesOnAndIsFollowedAgain();
    void stopEndsRunsAtACheckpoint();
    void killedWindowLeavesRunsToTakeUp();
    void stayKeepsEverything();
    void crashedRunIsOfferedForResume();
    void dialogOnTheStoreFolderWhileAnEngineRuns();
    void runNotSeenElsewhereIsCreatedAgain();

private:
    // Runs the first window with `choice`; its two run ids once A trains (the child is left to the caller).
    std::pair<qint64, qint64> firstWindow(QProcess &child, const QString &store, const QString &choice)
    {
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.start(QCoreApplication::applicationFilePath(), {"--as-window", store, choice});
        QDeadlineTimer deadline(180000);
        QByteArray out;
        while (!out.contains('\n') && !deadline.hasExpired() && child.state() != QProcess::NotRunning)
            if (child.waitForReadyRead(1000))
                out += child.readAllStandardOutput();
        const QList<QByteArray> words = out.trimmed().split(' ');
        if (words.size() != 3 || words[0] != "ready")
            return {0, 0};
        return {words[1].toLongLong(), words[2].toLongLong()};
    }
    std::unique_ptr<store::RunStore> openStore(const QString &name)
    {
        QString error;
        auto s = store::RunStore::open(m_dir.filePath(name + QStringLiteral("/runs.sqlite")), &error);
        if (!s)
            qFatal("%s", qPrintable(error));
        return s;
    }
    QTemporaryDir m_dir;
};

void TstWindowRuns::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

// A test that failed half-way must not leave detached engines or background queues behind: every
// process whose command line names this test's folder is stopped (SIGTERM: engines checkpoint).
void TstWindowRuns::cleanup()
{
    const QByteArray mine = QFile::encodeName(m_dir.path());
    for (const QString &name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool isPid = false;
        const qint64 pid = name.toLongLong(&isPid);
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (!isPid || pid == QCoreApplication::applicationPid() || !cmdline.open(QIODevice::ReadOnly))
            continue;
        if (cmdline.readAll().contains(mine))
            if (const auto process = launch::LocalProcess::find(pid))
                process->terminate();
    }
}

void TstWindowRuns::keepRunningGoesOnAndIsFollowedAgain()
{
    auto store = openStore("keep");
    QProcess first;
    const auto [a, b] = firstWindow(first, store->path(), "keep");
    QVERIFY2(a > 0, "the first window did not get its run training");
    QVERIFY(first.waitForFinished(60000));
    QCOMPARE(first.exitCode(), 0);  // closed after "keep running", and no crash on the way out
    // The window is gone; its engine is not, and the waiting run belongs to the background queue.
    QCOMPARE(statusOf(*store, a), QStringLiteral("running"));
    const auto engine = launch::LocalProcess::find(store->run(a)->pid);
    QVERIFY(engine);
    QCOMPARE(statusOf(*store, b), QStringLiteral("queued"));

    RunController again(QStringLiteral(GATEFOLD_CLI_PATH), store->path());
    MainWindow window(&again);
    QVERIFY2(again.strandedRuns().empty(), "a run kept going was offered as stranded");
    QVERIFY(again.queue()->isFollowing(a));  // re-attached at once
    QSignalSpy progressed(again.queue(), &launch::RunQueue::runProgressed);
    QVERIFY(progressed.wait(30000));
    QCOMPARE(progressed.last().at(0).toLongLong(), a);
    const int row = window.runModel()->rowOf(a);
    QTRY_VERIFY(window.runModel()->index(row, RunTableModel::Progress).data().toString().contains("% · epoch"));
    QVERIFY(again.cancel(a));  // by pid: it was started by another window
    QCOMPARE(waitForEnd(*store, a), QStringLiteral("cancelled"));
    QVERIFY(!store->artifacts(a, QStringLiteral("checkpoint/last")).empty());
    // The background queue starts the waiting run in the freed slot; this window follows it.
    QTRY_VERIFY_WITH_TIMEOUT(again.queue()->isFollowing(b) || store::isTerminal(store->run(b)->status), 60000);
    QCOMPARE(waitForEnd(*store, b), QStringLiteral("finished"));
    for (const auto &run : store->runs())
        QVERIFY2(store::isTerminal(run.status), qPrintable(QStringLiteral("run %1 is %2").arg(run.id).arg(store::toString(run.status))));
}

void TstWindowRuns::stopEndsRunsAtACheckpoint()
{
    auto store = openStore("stop");
    QProcess first;
    const auto [a, b] = firstWindow(first, store->path(), "stop");
    QVERIFY2(a > 0, "the first window did not get its run training");
    QVERIFY(first.waitForFinished(120000));
    QCOMPARE(first.exitCode(), 0);
    QCOMPARE(statusOf(*store, a), QStringLiteral("cancelled"));  // the window waited for its checkpoint
    QVERIFY(!store->artifacts(a, QStringLiteral("checkpoint/last")).empty());
    QCOMPARE(statusOf(*store, b), QStringLiteral("queued"));     // never started, still wanted

    RunController again(QStringLiteral(GATEFOLD_CLI_PATH), store->path());
    MainWindow window(&again);
    window.show();
    const auto stranded = again.strandedRuns();
    QCOMPARE(int(stranded.size()), 1);
    QCOMPARE(stranded[0].id, b);
    QCOMPARE(answerModal([&] { window.offerStrandedRuns(); }, {"takeUp"}), 1);
    QCOMPARE(waitForEnd(*store, b), QStringLiteral("finished"));
    QTRY_VERIFY(again.queue()->running().isEmpty());
}

void TstWindowRuns::killedWindowLeavesRunsToTakeUp()
{
    auto store = openStore("killed");
    QProcess first;
    const auto [a, b] = firstWindow(first, store->path(), "kill");
    QVERIFY2(a > 0, "the first window did not get its run training");
    ::kill(pid_t(first.processId()), SIGKILL);
    QVERIFY(first.waitForFinished(30000));
    const auto engine = launch::LocalProcess::find(store->run(a)->pid);
    QVERIFY2(engine, "the engine died with its window");

    RunController again(QStringLiteral(GATEFOLD_CLI_PATH), store->path());
    MainWindow window(&again);
    window.show();
    QVERIFY(again.queue()->isFollowing(a));
    auto stranded = again.strandedRuns();
    QCOMPARE(int(stranded.size()), 1);
    QCOMPARE(stranded[0].id, b);
    // Offered; "Not now" changes nothing (and nothing starts it).
    QCOMPARE(answerModal([&] {
                 window.offerStrandedRuns();
             }, {"leave"}), 1);
    QTest::qWait(1500);
    QCOMPARE(statusOf(*store, b), QStringLiteral("queued"));
    QVERIFY(again.queue()->queued().isEmpty() && again.queue()->running() == QList<qint64>{a});
    // Offered again; this time the user cancels it.
    RunController third(QStringLiteral(GATEFOLD_CLI_PATH), store->path());
    MainWindow thirdWindow(&third);
    thirdWindow.show();
    QTimer shoot;
    QObject::connect(&shoot, &QTimer::timeout, [&] {
        if (auto *d = qobject_cast<StrandedRunsDialog *>(QApplication::activeModalWidget()))
            screenshot(d, "stranded-runs.png"), shoot.stop();
    });
    shoot.start(20);
    QCOMPARE(answerModal([&] { thirdWindow.offerStrandedRuns(); }, {"cancelQueued"}), 1);
    QCOMPARE(statusOf(*store, b), QStringLiteral("cancelled"));
    QVERIFY(again.cancel(a));
    QCOMPARE(waitForEnd(*store, a), QStringLiteral("cancelled"));
}

void TstWindowRuns::stayKeepsEverything()
{
    auto store = openStore("stay");
    RunController controller(QStringLiteral(GATEFOLD_CLI_PATH), store->path());
    MainWindow window(&controller);
    window.show();
    QSignalSpy progressed(controller.queue(), &launch::RunQueue::runProgressed);
    const qint64 a = controller.launch(tinyRun(400), QStringLiteral("stays"));
    QVERIFY(progressed.wait(120000));
    bool closed = true;
    QCOMPARE(answerModal([&] { closed = window.close(); }, {"stay"}), 1);
    QVERIFY(!closed);
    QVERIFY(window.isVisible());
    QCOMPARE(controller.queue()->running(), QList<qint64>{a});
    progressed.clear();
    QVERIFY(progressed.wait(30000));  // still followed
    QVERIFY(controller.cancel(a));
    QCOMPARE(waitForEnd(*store, a), QStringLiteral("cancelled"));
    QTRY_VERIFY(controller.queue()->running().isEmpty());
    QVERIFY(window.close());  // nothing trains: no question
}

// An engine killed while its run trains (OOM killer, power cut of one process): the next window finds
// the run running with a dead engine, marks it crashed and offers to resume it.
void TstWindowRuns::crashedRunIsOfferedForResume()
{
    auto store = openStore("crashed");
    store::NewRun run;
    run.name = QStringLiteral("killed");
    run.configJson = train::runConfigToJson(tinyRun(3));
    const qint64 id = *store->createRun(run);
    QProcess engine;
    engine.start(QStringLiteral(GATEFOLD_CLI_PATH), {"train", "--run", QString::number(id), "--store", store->path(), "--json"});
    QByteArray out;
    while (!out.contains("\"progress\"") && engine.waitForReadyRead(60000))
        out += engine.readAllStandardOutput();
    ::kill(pid_t(engine.processId()), SIGKILL);
    QVERIFY(engine.waitForFinished(10000));
    QCOMPARE(statusOf(*store, id), QStringLiteral("running"));

    RunController controller(QStringLiteral(GATEFOLD_CLI_PATH), store->path());
    MainWindow window(&controller);
    window.show();
    const auto stranded = controller.strandedRuns();
    QCOMPARE(int(stranded.size()), 1);
    QCOMPARE(store::toString(stranded[0].status), QStringLiteral("crashed"));
    QSignalSpy ended(controller.queue(), &launch::RunQueue::runFinished);
    QCOMPARE(answerModal([&] { window.offerStrandedRuns(); }, {"takeUp"}), 1);
    QVERIFY(controller.queue()->isFollowing(id) || !ended.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!ended.isEmpty(), 180000);  // "crashed" is an end too: wait for the resumed engine's
    QCOMPARE(ended.at(0).at(0).toLongLong(), id);
    QCOMPARE(statusOf(*store, id), QStringLiteral("finished"));
}

// The issue's own reproduction: an engine trains, a file dialog lists the store's folder, the engine
// closes the store. Then a run queued from the window must train, edits must reach other processes,
// and after quitting no run may come back as queued.
void TstWindowRuns::dialogOnTheStoreFolderWhileAnEngineRuns()
{
    const QString dir = m_dir.filePath(QStringLiteral("dialog"));
    auto other = openStore("dialog");  // "another process": read through the CLI below
    const QString storePath = other->path();
    other.reset();
    qint64 first = 0, second = 0;
    {
        RunController controller(QStringLiteral(GATEFOLD_CLI_PATH), storePath);
        MainWindow window(&controller);
        window.show();
        QSignalSpy progressed(controller.queue(), &launch::RunQueue::runProgressed);
        first = controller.launch(tinyRun(4), QStringLiteral("first"));
        QVERIFY(progressed.wait(120000));
        // Export curves… opens a save dialog; the user looks at the store's folder while the engine writes.
        QAction *exportCurves = nullptr;
        for (QAction *a : window.findChildren<QAction *>())
            if (a->text() == MainWindow::tr("&Export curves…"))
                exportCurves = a;
        QVERIFY(exportCurves);
        bool looked = false;
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, [&] {
            auto *d = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
            if (!d || looked)
                return;
            looked = true;
            d->setViewMode(QFileDialog::Detail);
            d->setDirectory(dir);
            QTest::qWait(1500);
            d->reject();
        });
        poll.start(50);
        exportCurves->trigger();
        poll.stop();
        QVERIFY(looked);
        QCOMPARE(waitForEnd(*controller.store(), first), QStringLiteral("finished"));  // the engine closed the store
        QTRY_VERIFY(controller.queue()->running().isEmpty());
        // A run queued from the window now trains (it is in the file the engines read).
        second = controller.launch(tinyRun(1), QStringLiteral("second"));
        QCOMPARE(waitForEnd(*controller.store(), second), QStringLiteral("finished"));
        // Name, tags and notes edited in the table reach another process.
        auto *model = window.runModel();
        const int row = model->rowOf(first);
        QVERIFY(model->setData(model->index(row, RunTableModel::Name), QStringLiteral("renamed")));
        QVERIFY(model->setData(model->index(row, RunTableModel::Tags), QStringLiteral("seen, elsewhere")));
        QVERIFY(model->setData(model->index(row, RunTableModel::Notes), QStringLiteral("written in the window")));
        QProcess show;
        show.start(QStringLiteral(GATEFOLD_CLI_PATH), {"runs", "show", QString::number(first), "--store", storePath, "--json"});
        QVERIFY(show.waitForFinished(60000));
        const QJsonObject o = QJsonDocument::fromJson(show.readAllStandardOutput()).object();
        QCOMPARE(o.value("name").toString(), QStringLiteral("renamed"));
        QCOMPARE(o.value("tags").toArray().size(), 2);
        QCOMPARE(o.value("notes").toString(), QStringLiteral("written in the window"));
        QTRY_VERIFY(controller.queue()->running().isEmpty());
        QVERIFY(window.close());  // quit
    }
    QString error;
    auto after = store::RunStore::open(storePath, &error);
    QVERIFY(after);
    QVERIFY(after->integrityOk());
    for (const auto &run : after->runs())
        QVERIFY2(run.status == store::RunStatus::Finished,
                 qPrintable(QStringLiteral("run %1 is %2").arg(run.id).arg(store::toString(run.status))));
    QCOMPARE(after->run(first)->name, QStringLiteral("renamed"));
}

// A run the window created that a fresh process does not see (the window wrote into a store file
// another program had replaced) is not started — its engine would find no run — but created again,
// and the user is told. The engine here is the real one, except that its first look at the store
// misses the run.
void TstWindowRuns::runNotSeenElsewhereIsCreatedAgain()
{
    auto store = openStore("unseen");
    const QString engine = m_dir.filePath(QStringLiteral("half-blind-engine"));
    const QString missedOnce = m_dir.filePath(QStringLiteral("missed-once"));
    {
        QFile f(engine);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("#!/bin/sh\n"
                               "if [ \"$1 $2\" = \"runs show\" ] && [ ! -e '%1' ]; then\n"
                               "  touch '%1'; echo \"error: there is no run $3 in the store\" >&2; exit 2\n"
                               "fi\n"
                               "exec '%2' \"$@\"\n")
                    .arg(missedOnce, QStringLiteral(GATEFOLD_CLI_PATH))
                    .toUtf8());
    }
    QFile::setPermissions(engine, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    RunController controller(engine, store->path());
    QSignalSpy notices(&controller, &RunController::notice);
    const qint64 lost = controller.launch(tinyRun(1), QStringLiteral("lost"));
    QVERIFY(notices.wait(60000));
    const qint64 again = notices.at(0).at(0).toLongLong();
    QVERIFY(again != lost);
    QVERIFY2(notices.at(0).at(1).toString().contains(QStringLiteral("queued the run again as run %1").arg(again)),
             qPrintable(notices.at(0).at(1).toString()));
    QCOMPARE(store->run(again)->name, QStringLiteral("lost"));
    QCOMPARE(waitForEnd(*store, again), QStringLiteral("finished"));
    QVERIFY2(!controller.queue()->isFollowing(lost) && statusOf(*store, lost) == QLatin1String("queued"),
             "an engine was started for a run a fresh process did not see");
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    if (argc == 4 && QByteArray(argv[1]) == "--as-window")
        return actAsWindow(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]));
    TstWindowRuns test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_windowruns.moc"
