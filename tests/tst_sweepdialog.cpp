// The Sweep dialog of issue 21 through its real widgets: the grid file it writes for each kind of
// axis (list, choice, uniform, log-uniform, integer uniform) and random search, bounds refused in
// place (the field marked, the reason said, the button off), the number of runs it shows, early
// stopping (rungs checked against train.epochs, the mode following the metric) and the exact
// controller command line it makes; the controller child followed (its sweep line read, lines it
// does not know passed over, its error shown) and stopped with SIGTERM.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these
#include <QtTest/QtTest>

#include "screenshot.h"

#include "widgets/mainwindow.h"
#include "widgets/runcontroller.h"
#include "widgets/runtablemodel.h"
#include "widgets/statusicon.h"
#include "widgets/sweepbuilder.h"
#include "widgets/sweepcontrollerjob.h"

#include "config/runpresets.h"
#include "store/runstore.h"

#include <QAction>
#include <QApplication>
#include <QMessageBox>
#include <QTimer>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QGroupBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#endif

using namespace gatefold;
using namespace gatefold::widgets;
using Kind = SweepAxesEditor::Kind;

namespace sweepdialogtest {

QAbstractButton *queueButton(const SweepBuilder &builder)
{
    const auto *box = builder.findChild<QDialogButtonBox *>();
    for (QAbstractButton *b : box->buttons())
        if (box->buttonRole(b) == QDialogButtonBox::AcceptRole)
            return b;
    return nullptr;
}

QJsonObject gridOf(const SweepBuilder &builder)
{
    return QJsonDocument::fromJson(builder.gridJson()).object();
}

// A stand-in for gatefold-cli: a shell script.
QString script(const QTemporaryDir &dir, const QString &name, const QByteArray &body)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write("#!/bin/sh\n" + body) < 0)
        return {};
    file.close();
    file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
    return path;
}

// A run of `sweepId` that ran and ended `status` with `message`; `decisions`: its "asha" snapshots, oldest first.
qint64 endedRun(store::RunStore &store, qint64 sweepId, const QString &name, store::RunStatus status,
                const QString &message, const QList<QByteArray> &decisions = {})
{
    store::NewRun run;
    run.name = name;
    run.configJson = R"({"optim": {"lr": 0.001}})";
    run.sweepId = sweepId;
    const qint64 id = store.createRun(run).value_or(0);
    if (id == 0 || !store.setStatus(id, store::RunStatus::Running) || !store.setStatus(id, status, message))
        return 0;
    for (const QByteArray &data : decisions) {
        store::Snapshot snapshot;
        snapshot.runId = id;
        snapshot.kind = QStringLiteral("asha");
        snapshot.epoch = QJsonDocument::fromJson(data).object().value("epoch").toDouble();
        snapshot.dataJson = data;
        if (!store.addSnapshot(snapshot))
            return 0;
    }
    return id;
}

} // namespace sweepdialogtest

using namespace sweepdialogtest;

class TstSweepDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void gridJsonForEachKind();
    void refusedBounds_data();
    void refusedBounds();
    void rangeNeedsRandomSearch();
    void runCountShown();
    void earlyStopCommandLine();
    void refusedRungs_data();
    void refusedRungs();
    void controllerFollowedAndStopped();
    void continuedFromTheWindowAndStoppedOnQuit();
    void browserShowsStoppedRuns();
    void recountStaysInteractive();
    void realControllerThroughTheWindow();
};

// Every kind as the contract's grid file has it; numbers as numbers, integer bounds whole; random
// search adds method, runs and search seed (a grid writes none of them: today's files).
void TstSweepDialog::gridJsonForEachKind()
{
    SweepBuilder builder(train::demoRun());
    builder.setName(QStringLiteral("search"));
    builder.addAxis(QStringLiteral("optim.weight_decay"), QStringLiteral("0.05, 0.1"));
    builder.addAxis(QStringLiteral("global_pool"), Kind::Choice, QStringLiteral("avg, token"));
    builder.addAxis(QStringLiteral("optim.warmup_epochs"), Kind::Uniform, QStringLiteral("0.5"), QStringLiteral("2"));
    builder.addAxis(QStringLiteral("optim.lr"), Kind::LogUniform, QStringLiteral("1e-4"), QStringLiteral("3e-3"));
    builder.addAxis(QStringLiteral("train.batch_size"), Kind::IntUniform, QStringLiteral("32"), QStringLiteral("128"));
    builder.setSeeds(QStringLiteral("0, 1"));
    QVERIFY(!gridOf(builder).contains("method"));  // a grid: as before
    builder.setRandom(true, 12, 7);
    const QJsonObject expected = QJsonDocument::fromJson(R"({
        "name": "search", "seeds": [0, 1], "method": "random", "runs": 12, "search_seed": 7,
        "grid": {"optim.weight_decay": [0.05, 0.1], "global_pool": {"choice": ["avg", "token"]},
                 "optim.warmup_epochs": {"uniform": [0.5, 2]}, "optim.lr": {"log_uniform": [0.0001, 0.003]},
                 "train.batch_size": {"int_uniform": [32, 128]}}})").object();
    QCOMPARE(gridOf(builder), expected);
    QVERIFY2(builder.gridJson().contains(R"("int_uniform":[32,128])"), builder.gridJson().constData());  // whole
}

void TstSweepDialog::refusedBounds_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("low");
    QTest::addColumn<QString>("high");
    QTest::addColumn<bool>("lowMarked");
    QTest::addColumn<bool>("highMarked");
    QTest::addColumn<QString>("said");
    QTest::newRow("log from 0") << int(Kind::LogUniform) << "0" << "0.1" << true << false << "0 < low";
    QTest::newRow("log negative") << int(Kind::LogUniform) << "-1e-3" << "0.1" << true << false << "0 < low";
    QTest::newRow("uniform empty") << int(Kind::Uniform) << "0.1" << "0.1" << true << true << "low must be below high";
    QTest::newRow("uniform reversed") << int(Kind::Uniform) << "0.3" << "0.1" << true << true << "below high";
    QTest::newRow("uniform text") << int(Kind::Uniform) << "small" << "0.1" << true << false << "are numbers";
    QTest::newRow("int fraction") << int(Kind::IntUniform) << "1.5" << "4" << true << false << "whole numbers";
    QTest::newRow("int reversed") << int(Kind::IntUniform) << "5" << "2" << true << true << "not be above high";
    QTest::newRow("int missing") << int(Kind::IntUniform) << "2" << "" << false << true << "whole numbers";
}

// Wrong bounds: the field turns red with the reason as its tooltip, the summary says it, nothing can
// be queued; typing a right value clears it (through the real line edit).
void TstSweepDialog::refusedBounds()
{
    QFETCH(int, kind);
    QFETCH(QString, low);
    QFETCH(QString, high);
    QFETCH(bool, lowMarked);
    QFETCH(bool, highMarked);
    QFETCH(QString, said);
    SweepBuilder builder(train::demoRun());
    builder.setRandom(true, 4, 0);
    builder.addAxis(QStringLiteral("optim.lr"), Kind(kind), low, high);
    auto *lowField = builder.findChild<QLineEdit *>(QStringLiteral("axisLow0"));
    auto *highField = builder.findChild<QLineEdit *>(QStringLiteral("axisHigh0"));
    QVERIFY(lowField && highField);
    QVERIFY2(builder.summary().contains(said), qPrintable(builder.summary()));
    QVERIFY2(builder.summary().startsWith(QStringLiteral("optim.lr: ")), qPrintable(builder.summary()));
    QCOMPARE(lowField->toolTip().contains(said), lowMarked);
    QCOMPARE(!lowField->styleSheet().isEmpty(), lowMarked);
    QCOMPARE(!highField->styleSheet().isEmpty(), highMarked);
    QVERIFY(!queueButton(builder)->isEnabled());
    train::SweepPlan plan;
    QStringList errors;
    QVERIFY(!builder.plan(&plan, &errors));
    lowField->clear();
    highField->clear();
    QTest::keyClicks(lowField, Kind(kind) == Kind::IntUniform ? QStringLiteral("1") : QStringLiteral("0.001"));
    QTest::keyClicks(highField, Kind(kind) == Kind::IntUniform ? QStringLiteral("3") : QStringLiteral("0.01"));
    QVERIFY(lowField->styleSheet().isEmpty() && highField->styleSheet().isEmpty());
    QVERIFY(!builder.summary().contains(said));
}

// A range cannot be laid on a grid: the dialog says to choose random search, and then takes it.
void TstSweepDialog::rangeNeedsRandomSearch()
{
    SweepBuilder builder(train::demoRun());
    builder.addAxis(QStringLiteral("optim.lr"), Kind::LogUniform, QStringLiteral("1e-4"), QStringLiteral("1e-2"));
    QVERIFY2(builder.summary().contains(QStringLiteral("choose Method random search")), qPrintable(builder.summary()));
    QVERIFY(!queueButton(builder)->isEnabled());
    auto *method = builder.findChild<QComboBox *>(QStringLiteral("sweepMethod"));
    method->setCurrentIndex(method->findData(QStringLiteral("random")));
    QVERIFY(builder.findChild<QSpinBox *>(QStringLiteral("sweepRuns"))->isEnabled());
    QVERIFY2(!builder.summary().contains(QStringLiteral("random search")), qPrintable(builder.summary()));
}

// The count the dialog shows is the planner's: a grid's product × seeds, random search's runs × seeds.
void TstSweepDialog::runCountShown()
{
    SweepBuilder builder(train::demoRun());
    builder.addAxis(QStringLiteral("optim.lr"), QStringLiteral("0.001, 0.0003"));
    builder.addAxis(QStringLiteral("optim.weight_decay"), Kind::Choice, QStringLiteral("0, 0.05, 0.1"));
    builder.setSeeds(QStringLiteral("0, 1"));
    QVERIFY2(builder.summary().startsWith(QStringLiteral("12 run")), qPrintable(builder.summary()));
    QVERIFY(queueButton(builder)->isEnabled());
    builder.addAxis(QStringLiteral("optim.warmup_epochs"), Kind::Uniform, QStringLiteral("0"), QStringLiteral("2"));
    builder.setRandom(true, 5, 3);
    QVERIFY2(builder.summary().startsWith(QStringLiteral("10 run")), qPrintable(builder.summary()));
    builder.findChild<QSpinBox *>(QStringLiteral("sweepRuns"))->setValue(7);
    QVERIFY2(builder.summary().startsWith(QStringLiteral("14 run")), qPrintable(builder.summary()));
    train::SweepPlan plan;
    QStringList errors;
    QVERIFY2(builder.plan(&plan, &errors), qPrintable(errors.join('\n')));
    QCOMPARE(int(plan.points.size()), 14);
}

// Off by default; on, the rungs offered fit train.epochs (10: 1, 3, 9); the mode follows the metric;
// the settings make exactly the controller's command line.
void TstSweepDialog::earlyStopCommandLine()
{
    SweepBuilder builder(train::demoRun());
    builder.setName(QStringLiteral("asha"));
    builder.addAxis(QStringLiteral("optim.lr"), QStringLiteral("0.001, 0.0003, 0.0001"));
    auto *group = builder.findChild<QGroupBox *>(QStringLiteral("earlyStop"));
    QVERIFY(group && !group->isChecked());
    QVERIFY(!builder.earlyStop());
    QCOMPARE(queueButton(builder)->text(), QStringLiteral("Queue sweep"));
    group->setChecked(true);
    QCOMPARE(queueButton(builder)->text(), QStringLiteral("Start sweep"));  // a controller runs it
    QCOMPARE(builder.findChild<QLineEdit *>(QStringLiteral("ashaRungs"))->text(), QStringLiteral("1, 3, 9"));
    QVERIFY(builder.earlyStop());
    QCOMPARE(QStringList(builder.earlyStop()->arguments()).join(' '),
             QStringLiteral("--early-stop asha --metric val/top1 --mode max --rungs 1,3,9 --eta 3"));
    auto *metric = builder.findChild<QComboBox *>(QStringLiteral("ashaMetric"));
    metric->setCurrentText(QStringLiteral("val/loss"));
    QCOMPARE(builder.findChild<QComboBox *>(QStringLiteral("ashaMode"))->currentData().toString(), QStringLiteral("min"));
    auto *rungs = builder.findChild<QLineEdit *>(QStringLiteral("ashaRungs"));
    rungs->clear();
    QTest::keyClicks(rungs, QStringLiteral("2,4, 8"));
    builder.findChild<QSpinBox *>(QStringLiteral("ashaEta"))->setValue(2);
    QVERIFY2(builder.summary().contains(QStringLiteral("at epochs 2, 4, 8 only the top 1/2 by val/loss")),
             qPrintable(builder.summary()));
    const auto asha = builder.earlyStop();
    QVERIFY(asha);
    const QStringList expected = {"sweep", "--store", "/s/runs.sqlite", "--config", "/t/config.json", "--grid",
                                  "/t/grid.json", "--parallel", "3", "--early-stop", "asha", "--metric", "val/loss",
                                  "--mode", "min", "--rungs", "2,4,8", "--eta", "2", "--json"};
    QCOMPARE(SweepControllerJob::arguments("/s/runs.sqlite", "/t/config.json", "/t/grid.json", 3, *asha), expected);
    // Slurm chosen in Settings: the controller submits each job there with the window's options.
    QStringList onSlurm = expected;
    onSlurm.insert(onSlurm.size() - 1, QStringLiteral("--slurm"));
    onSlurm.insert(onSlurm.size() - 1, QStringLiteral("--partition"));
    onSlurm.insert(onSlurm.size() - 1, QStringLiteral("debug"));
    QCOMPARE(SweepControllerJob::arguments("/s/runs.sqlite", "/t/config.json", "/t/grid.json", 3, *asha,
                                           {"--slurm", "--partition", "debug"}),
             onSlurm);
    QCOMPARE(SweepControllerJob::continueArguments("/s/runs.sqlite", 12),
             QStringList({"sweep", "--continue", "12", "--store", "/s/runs.sqlite", "--json"}));
    // Runs going to Slurm: early stopping is refused in place (its controller runs here), off it is not.
    builder.refuseEarlyStop(QStringLiteral("Early stopping: not with Slurm"));
    QVERIFY2(builder.summary().contains(QStringLiteral("not with Slurm")), qPrintable(builder.summary()));
    QVERIFY(!queueButton(builder)->isEnabled());
    group->setChecked(false);
    QVERIFY(queueButton(builder)->isEnabled());
    builder.refuseEarlyStop(QString());
    group->setChecked(true);
    QVERIFY(queueButton(builder)->isEnabled());
    builder.addAxis(QStringLiteral("optim.weight_decay"), Kind::LogUniform, QStringLiteral("1e-3"), QStringLiteral("0.1"));
    builder.setRandom(true, 9, 4);
    builder.setSeeds(QStringLiteral("0"));
    builder.resize(760, 620);
    test::screenshot(&builder, QStringLiteral("sweep-dialog-random-asha.png"));
}

void TstSweepDialog::refusedRungs_data()
{
    QTest::addColumn<QString>("rungs");
    QTest::addColumn<QString>("said");
    QTest::newRow("decreasing") << "3, 1" << "must increase";
    QTest::newRow("repeated") << "1, 1" << "must increase";
    QTest::newRow("past epochs") << "1, 3, 11" << "train.epochs is 10";
    QTest::newRow("fraction") << "1.5" << "not a whole number";
    QTest::newRow("zero") << "0, 3" << "not a whole number";
    QTest::newRow("none") << "" << "at least one rung";
}

void TstSweepDialog::refusedRungs()
{
    QFETCH(QString, rungs);
    QFETCH(QString, said);
    SweepBuilder builder(train::demoRun());
    builder.addAxis(QStringLiteral("optim.lr"), QStringLiteral("0.001, 0.0003"));
    builder.findChild<QGroupBox *>(QStringLiteral("earlyStop"))->setChecked(true);
    auto *field = builder.findChild<QLineEdit *>(QStringLiteral("ashaRungs"));
    field->clear();
    QTest::keyClicks(field, rungs);
    QVERIFY2(builder.summary().contains(said), qPrintable(builder.summary()));
    QVERIFY(field->toolTip().contains(said));
    QVERIFY(!field->styleSheet().isEmpty());
    QVERIFY(!builder.earlyStop());
    QVERIFY(!queueButton(builder)->isEnabled());
    builder.findChild<QGroupBox *>(QStringLiteral("earlyStop"))->setChecked(false);  // off: nothing to refuse
    QVERIFY(queueButton(builder)->isEnabled());
    QVERIFY(field->styleSheet().isEmpty());
}

// A controller that fails: its sweep line read (lines it does not know passed over), its grid file
// written before it starts, its "error: " line the message. One that runs until stopped: SIGTERM
// ends it, and a second continue of its sweep is refused while it runs.
void TstSweepDialog::controllerFollowedAndStopped()
{
    QTemporaryDir dir;
    const QString failing = script(dir, QStringLiteral("failing"), QByteArray(R"(
cp "$7" ")" + dir.filePath("grid-seen.json").toUtf8() + R"("
echo '{"event": "sweep", "sweep": 7, "runs": 4, "store": "runs.sqlite"}'
echo '{"event": "asha", "sweep": 7, "run": 3, "rung": 0}'
echo 'not a line of JSON'
echo 'warning: something first' >&2
echo 'error: the metric val/nope is never measured' >&2
exit 2
)"));
    SweepControllerJob job(failing, dir.filePath("runs.sqlite"));
    QSignalSpy created(&job, &SweepControllerJob::sweepCreated);
    QSignalSpy finished(&job, &SweepControllerJob::finished);
    AshaSettings asha;
    asha.rungs = {1, 3};
    QString error;
    QVERIFY(job.start("{}", R"({"grid": {"optim.lr": [0.1]}})", 2, asha, &error));
    QCOMPARE(job.running(), 1);
    QTRY_COMPARE(finished.size(), 1);
    QCOMPARE(created.size(), 1);
    QCOMPARE(created.at(0).at(0).toLongLong(), 7);
    QCOMPARE(created.at(0).at(1).toLongLong(), 4);
    QCOMPARE(finished.at(0).at(0).toLongLong(), 7);
    QCOMPARE(finished.at(0).at(1).toBool(), false);
    QCOMPARE(finished.at(0).at(2).toString(), QStringLiteral("the metric val/nope is never measured"));
    QFile seen(dir.filePath("grid-seen.json"));
    QVERIFY(seen.open(QIODevice::ReadOnly));
    QCOMPARE(seen.readAll(), QByteArray(R"({"grid": {"optim.lr": [0.1]}})"));
    QCOMPARE(job.running(), 0);

    const QString lasting = script(dir, QStringLiteral("lasting"), QByteArray(R"(
trap 'echo "{\"event\": \"sweep_end\", \"sweep\": 5, \"finished\": 0, \"failed\": 0, \"cancelled\": 2}"; exit 0' TERM
while true; do sleep 0.05; done
)"));
    SweepControllerJob continued(lasting, dir.filePath("runs.sqlite"));
    QSignalSpy ended(&continued, &SweepControllerJob::finished);
    QVERIFY(continued.continueSweep(5, &error));
    QVERIFY(continued.controls(5));
    QVERIFY(!continued.continueSweep(5, &error));
    QVERIFY2(error.contains(QStringLiteral("sweep 5 is controlled by this window")), qPrintable(error));
    QTest::qWait(200);  // the script has set its trap
    continued.stopAll();
    QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 1, 5000);
    QCOMPARE(ended.at(0).at(0).toLongLong(), 5);
    QVERIFY2(ended.at(0).at(1).toBool(), qPrintable(ended.at(0).at(2).toString()));
    QVERIFY(!continued.controls(5));
}

// Run ▸ Continue sweep on a run of a sweep starts `sweep --continue ID --store S --json`; quitting
// the window with that controller running asks (and says the sweep stops either way), then sends it
// SIGTERM and waits for it to end.
void TstSweepDialog::continuedFromTheWindowAndStoppedOnQuit()
{
    QTemporaryDir dir;
    const QString engine = script(dir, QStringLiteral("controller"), QByteArray(R"(
echo "$@" > ")" + dir.filePath("args").toUtf8() + R"("
trap 'touch ")" + dir.filePath("terminated").toUtf8() + R"("; exit 0' TERM
while true; do sleep 0.05; done
)"));
    RunController controller(engine, dir.filePath("runs.sqlite"));
    QVERIFY(controller.isOpen());
    const auto plain = controller.store()->createSweep(QStringLiteral("grid"), R"({"grid": {"optim.lr": [0.1, 0.2]}})");
    const auto sweepId = controller.store()->createSweep(
        QStringLiteral("asha"), R"({"grid": {"optim.lr": [0.1, 0.2]}})",
        R"({"method": "grid", "parallel": 2, "early_stop": {"kind": "asha", "metric": "val/top1", "mode": "max",
            "rungs": [1, 3], "eta": 3}})");
    QVERIFY(plain && sweepId);
    store::NewRun run;
    run.name = QStringLiteral("asha optim.lr=0.1");
    run.configJson = "{}";
    run.sweepId = *sweepId;
    const qint64 id = controller.store()->createRun(run).value_or(0);
    QVERIFY(id > 0);
    QVERIFY(controller.store()->setStatus(id, store::RunStatus::Cancelled));
    run.sweepId = *plain;
    const qint64 ofPlain = controller.store()->createRun(run).value_or(0);
    QVERIFY(ofPlain > 0);
    MainWindow window(&controller);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAction *action = window.findChild<QAction *>(QStringLiteral("continueSweepAction"));
    QVERIFY(action);
    // A sweep without early stopping has no controller to continue: said, nothing started.
    window.selectRun(ofPlain);
    action->trigger();
    QCOMPARE(controller.sweepJobs()->running(), 0);
    window.selectRun(id);
    action->trigger();
    QCOMPARE(controller.sweepJobs()->running(), 1);
    QVERIFY(controller.sweepJobs()->controls(*sweepId));
    QTRY_VERIFY(QFileInfo::exists(dir.filePath("args")));
    QFile args(dir.filePath("args"));
    QVERIFY(args.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(args.readAll()).trimmed(),
             QStringLiteral("sweep --continue %1 --store %2 --json").arg(*sweepId).arg(controller.store()->path()));
    QTest::qWait(200);  // the script has set its trap
    QString asked;
    QTimer answer;
    QObject::connect(&answer, &QTimer::timeout, [&] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget()))
            if (auto *stop = box->findChild<QPushButton *>(QStringLiteral("stopRuns"))) {
                asked = box->text();
                stop->click();
            }
    });
    answer.start(50);
    QVERIFY(window.close());
    QVERIFY2(asked.contains(QStringLiteral("Sweeps with early stopping run by this window: 1.")), qPrintable(asked));
    QVERIFY(QFileInfo::exists(dir.filePath("terminated")));
    QCOMPARE(controller.sweepJobs()->running(), 0);
}

// Runs ASHA stopped: "stopped" with its own icon, the rung and epoch of the newest decision in the
// status ("stopped at rung 2 (epoch 3)" after a promotion at rung 1), why in the tooltip; a stopped
// run without a recorded decision says only "stopped"; a cancelled run stays "cancelled". Resume
// takes a stopped run as it takes a cancelled one.
void TstSweepDialog::browserShowsStoppedRuns()
{
    QTemporaryDir dir;
    RunController controller(dir.filePath("no-engine"), dir.filePath("runs.sqlite"));
    QVERIFY(controller.isOpen());
    store::RunStore &store = *controller.store();
    const qint64 sweepId = store.createSweep(QStringLiteral("asha"), R"({"grid": {"optim.lr": [0.1]}})").value_or(0);
    const QString why1 = QStringLiteral("ASHA rung 1 (epoch 1): val/top1 0.2130 ranks 5 of 9; the top 3 go on");
    const QString why2 = QStringLiteral("ASHA rung 2 (epoch 3): val/top1 0.4410 ranks 2 of 3; the top 1 goes on");
    const qint64 atFirst = endedRun(store, sweepId, QStringLiteral("asha lr=0.1"), store::RunStatus::Stopped, why1,
                                    {R"({"rung": 0, "epoch": 1, "metric": "val/top1", "value": 0.213, "rank": 5,
                                         "of": 9, "decision": "stopped"})"});
    const qint64 atSecond = endedRun(store, sweepId, QStringLiteral("asha lr=0.01"), store::RunStatus::Stopped, why2,
                                     {R"({"rung": 0, "epoch": 1, "metric": "val/top1", "value": 0.31, "rank": 1,
                                          "of": 9, "decision": "promoted"})",
                                      R"({"rung": 1, "epoch": 3, "metric": "val/top1", "value": 0.441, "rank": 2,
                                          "of": 3, "decision": "stopped"})"});
    const qint64 undecided = endedRun(store, sweepId, QStringLiteral("asha lr=0.3"), store::RunStatus::Stopped,
                                      QStringLiteral("stopped at epoch 2"));
    const qint64 cancelled = endedRun(store, sweepId, QStringLiteral("asha lr=1"), store::RunStatus::Cancelled,
                                      QStringLiteral("cancelled by the user"));
    const qint64 finished = endedRun(store, sweepId, QStringLiteral("asha lr=0.003"), store::RunStatus::Finished, {});
    QVERIFY(atFirst && atSecond && undecided && cancelled && finished);
    MainWindow window(&controller);
    window.resize(1700, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    RunTableModel *model = window.runModel();
    const auto cell = [model](qint64 id, int role) {
        return model->index(model->rowOf(id), RunTableModel::Status).data(role);
    };
    QCOMPARE(cell(atFirst, Qt::DisplayRole).toString(), QStringLiteral("stopped at rung 1 (epoch 1)"));
    QCOMPARE(cell(atSecond, Qt::DisplayRole).toString(), QStringLiteral("stopped at rung 2 (epoch 3)"));
    QCOMPARE(cell(undecided, Qt::DisplayRole).toString(), QStringLiteral("stopped"));
    QCOMPARE(cell(cancelled, Qt::DisplayRole).toString(), QStringLiteral("cancelled"));
    QCOMPARE(cell(atFirst, Qt::ToolTipRole).toString(), why1);
    QCOMPARE(cell(atSecond, Qt::ToolTipRole).toString(), why2);
    const auto dot = [](const QVariant &icon) { return icon.value<QIcon>().pixmap(16).toImage().pixel(8, 8); };
    QCOMPARE(dot(cell(atFirst, Qt::DecorationRole)), dot(statusIcon(store::RunStatus::Stopped)));
    QVERIFY(dot(statusIcon(store::RunStatus::Stopped)) != dot(statusIcon(store::RunStatus::Cancelled)));
    QVERIFY(dot(statusIcon(store::RunStatus::Stopped)) != dot(statusIcon(store::RunStatus::Crashed)));
    // The status column is wide enough for the rung.
    auto *table = window.findChild<QTableView *>();
    for (auto *t : window.findChildren<QTableView *>())
        if (auto *proxy = qobject_cast<QSortFilterProxyModel *>(t->model()); proxy && proxy->sourceModel() == model)
            table = t;
    QVERIFY(table->columnWidth(RunTableModel::Status)
            >= table->fontMetrics().horizontalAdvance(QStringLiteral("stopped at rung 2 (epoch 3)")));
    table->setMinimumHeight(260);
    table->selectRow(model->rowOf(atSecond));
    QApplication::processEvents();
    test::screenshot(table, QStringLiteral("runs-stopped.png"));
    QVERIFY2(controller.resume(atSecond), qPrintable(controller.error()));
    QVERIFY(!controller.resume(finished));
    QVERIFY2(controller.error().contains(QStringLiteral("stopped run can be resumed")), qPrintable(controller.error()));
}

// The dialog plans the whole sweep (every point validated) on each change: even at the planner's
// 10,000 runs a recount must not freeze typing. Prints the times (bench/RESULTS.md, issue 21); fails
// past 1 s, 16× the 62 ms measured on the 2-core sandbox.
void TstSweepDialog::recountStaysInteractive()
{
    SweepBuilder builder(train::demoRun());
    builder.addAxis(QStringLiteral("optim.lr"), Kind::LogUniform, QStringLiteral("1e-4"), QStringLiteral("1e-2"));
    builder.addAxis(QStringLiteral("optim.weight_decay"), Kind::Uniform, QStringLiteral("0"), QStringLiteral("0.3"));
    builder.setSeeds(QStringLiteral("0"));
    builder.setRandom(true, 10, 0);
    auto *runs = builder.findChild<QSpinBox *>(QStringLiteral("sweepRuns"));
    for (int n : {27, 1000, 10000}) {
        QElapsedTimer t;
        t.start();
        runs->setValue(n);
        const qint64 ms = t.elapsed();
        qInfo("random search, %d runs: recounted in %lld ms", n, ms);
        QVERIFY2(builder.summary().startsWith(QStringLiteral("%1 run").arg(n)), qPrintable(builder.summary()));
        QVERIFY2(ms < 1000, qPrintable(QStringLiteral("%1 ms").arg(ms)));
    }
}

// The real gatefold-cli as the controller (issue 21's `sweep --early-stop asha`): a random search of 4
// tiny runs, 3 epochs, rungs at epochs 1 and 2, η 2, one engine at a time. The window learns the
// sweep from its first line, shows its runs as they appear and, at the end, each stopped run with
// the rung and epoch of its newest decision and why in the tooltip; the controller ends well.
void TstSweepDialog::realControllerThroughTheWindow()
{
    QTemporaryDir dir;
    RunController controller(QStringLiteral(GATEFOLD_CLI_PATH), dir.filePath("runs.sqlite"));
    QVERIFY(controller.isOpen());
    MainWindow window(&controller);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    SweepControllerJob *jobs = controller.sweepJobs();
    QSignalSpy created(jobs, &SweepControllerJob::sweepCreated);
    QSignalSpy finished(jobs, &SweepControllerJob::finished);
    const QByteArray config = R"({"img_size": 16, "patch_size": 4, "embed_dim": 32, "depth": 2, "num_heads": 2,
        "mlp_ratio": 2, "data.train_size": 256, "data.val_size": 64, "train.batch_size": 32, "compute.threads": 1,
        "train.epochs": 3})";
    const QByteArray grid = R"({"name": "e2e", "grid": {"optim.lr": {"log_uniform": [0.0003, 0.01]}}, "seeds": [0],
        "method": "random", "runs": 4, "search_seed": 1})";
    AshaSettings asha;
    asha.rungs = {1, 2};
    asha.eta = 2;
    QString error;
    QVERIFY2(jobs->start(config, grid, 1, asha, &error), qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 180000);
    QVERIFY2(finished.at(0).at(1).toBool(), qPrintable(finished.at(0).at(2).toString()));
    QCOMPARE(created.size(), 1);
    const qint64 sweepId = created.at(0).at(0).toLongLong();
    QCOMPARE(created.at(0).at(1).toLongLong(), 4);
    QCOMPARE(finished.at(0).at(0).toLongLong(), sweepId);
    RunTableModel *model = window.runModel();
    QTRY_COMPARE(model->rowCount(), 4);
    int stopped = 0, done = 0;
    for (const auto &run : controller.store()->runs(sweepId)) {
        const QModelIndex status = model->index(model->rowOf(run.id), RunTableModel::Status);
        if (run.status == store::RunStatus::Finished) {
            QTRY_COMPARE(status.data().toString(), QStringLiteral("finished"));
            ++done;
            continue;
        }
        QCOMPARE(store::toString(run.status), QStringLiteral("stopped"));
        ++stopped;
        const auto decisions = controller.store()->snapshots(run.id, QStringLiteral("asha"));
        QVERIFY(!decisions.empty());
        const QJsonObject last = QJsonDocument::fromJson(decisions.back().dataJson).object();
        QTRY_COMPARE(status.data().toString(), QStringLiteral("stopped at rung %1 (epoch %2)")
                                                   .arg(last["rung"].toInt() + 1)
                                                   .arg(last["epoch"].toInt()));
        const QString tip = status.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.startsWith(QStringLiteral("ASHA rung")), qPrintable(tip));
    }
    QVERIFY(done >= 1 && stopped >= 1);
    QCOMPARE(done + stopped, 4);
}

GATEFOLD_TEST_MAIN(TstSweepDialog)
#include "tst_sweepdialog.moc"
