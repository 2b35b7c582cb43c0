// The window's runs on Slurm (issue 18), against a real private cluster of this machine the test
// starts itself (slurmcluster.h: munged, slurmctld, slurmd in a temporary folder): Settings keeps
// where runs go and the Slurm options, each checked where it is typed; a run queued from the form
// is submitted by a `gatefold-cli train --run ID --slurm` child, never trained by the window's
// queue, and the browser shows where Slurm has it until it has finished; a sweep goes as one job
// array; Cancel is scancel (via `gatefold-cli runs cancel`), Resume submits the run again; what
// Slurm refuses (a store the nodes cannot share, sbatch missing) is said under the Queue button
// and the run is left failed with the reason. (The CLI's side: tst_slurm.)

#include "testmain.h"
#include "screenshot.h"
#include "slurmcluster.h"
#include "tinyrun.h"

#include "widgets/appsettings.h"
#include "widgets/mainwindow.h"
#include "widgets/runcontroller.h"
#include "widgets/runformpanel.h"
#include "widgets/runtablemodel.h"
#include "widgets/schedulerstates.h"
#include "widgets/settingsdialog.h"
#include "widgets/slurmsettingsbox.h"

#include "config/runconfigjson.h"
#include "slurm/jobstate.h"
#include "store/runstore.h"

#include <QtTest/QtTest>

#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QSpinBox>

using namespace gatefold;
using namespace gatefold::widgets;

namespace {

QString statusOf(store::RunStore &store, qint64 id)
{
    const auto run = store.run(id);
    return run ? store::toString(run->status) : QStringLiteral("(no run)");
}

// What the run browser's status cell says of `runId`.
QString statusCell(MainWindow &window, qint64 runId)
{
    RunTableModel *model = window.runModel();
    return model->index(model->rowOf(runId), RunTableModel::Status).data().toString();
}

QString launchResult(MainWindow &window)
{
    const auto *label = window.formPanel()->findChild<QLabel *>(QStringLiteral("launchResult"));
    return label && !label->isHidden() ? label->text() : QString();
}

// The lines of the Slurm options box: the red line under `field`, empty when hidden.
QString problemUnder(QLineEdit *field)
{
    const auto labels = field->parentWidget()->findChildren<QLabel *>();
    return labels.isEmpty() || labels.first()->isHidden() ? QString() : labels.first()->text();
}

void useSlurm(const QString &partition, int nodes = 1)
{
    slurm::SlurmOptions options;
    options.partition = partition;
    options.nodes = nodes;
    appsettings::setSlurmOptions(options);
    appsettings::setRunPlace(appsettings::RunPlace::Slurm);
}

} // namespace

class TstWindowSlurm : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void cleanup();
    void settingsKeepWhereRunsGo();
    void runFromTheFormRunsOnSlurm();
    void cancelAndResumeOnSlurm();
    void sweepIsOneJobArray();
    void refusalsAreSaidInPlace();

private:
    // A controller and window on a fresh store, states asked often.
    void open(const QString &name);

    test::SlurmCluster m_cluster;
    QTemporaryDir m_dir;
    QString m_skip;
    std::unique_ptr<RunController> m_controller;
    std::unique_ptr<MainWindow> m_window;
};

void TstWindowSlurm::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);  // settings go to a test location
    QVERIFY(m_dir.isValid());
    if (const QStringList missing = test::SlurmCluster::missingPrograms(); !missing.isEmpty()) {
        m_skip = QStringLiteral("Slurm is not installed (no %1): apt-get install slurm-wlm munge "
                                "(scripts/setup-deps.sh)")
                     .arg(missing.join(QStringLiteral(", ")));
        return;
    }
    const QString error = m_cluster.start();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    qputenv("SLURM_CONF", m_cluster.conf().toLocal8Bit());  // the window's gatefold-cli children use this cluster
}

void TstWindowSlurm::cleanupTestCase()
{
    m_window.reset();
    m_controller.reset();
    m_cluster.stop();
    qunsetenv("SLURM_CONF");
}

void TstWindowSlurm::cleanup()
{
    m_window.reset();
    m_controller.reset();
    appsettings::setRunPlace(appsettings::RunPlace::ThisMachine);
}

void TstWindowSlurm::open(const QString &name)
{
    m_window.reset();
    m_controller = std::make_unique<RunController>(QStringLiteral(GATEFOLD_CLI_PATH), m_dir.filePath(name + "/runs.sqlite"));
    QVERIFY2(m_controller->isOpen(), qPrintable(m_controller->error()));
    m_controller->schedulerStates()->setInterval(500);
    m_window = std::make_unique<MainWindow>(m_controller.get());
    m_window->show();
}

// This machine or Slurm, and the options; a time Slurm would refuse is said under its field and
// keeps the dialog open; what was accepted is what the next dialog (and the next start) shows.
void TstWindowSlurm::settingsKeepWhereRunsGo()
{
    appsettings::setSlurmOptions({});
    SettingsDialog dialog;
    auto *slurmChoice = dialog.findChild<QRadioButton *>(QStringLiteral("placeSlurm"));
    auto *box = dialog.findChild<SlurmSettingsBox *>(QStringLiteral("slurmOptions"));
    QVERIFY(slurmChoice && box);
    QVERIFY(!slurmChoice->isChecked() && !box->isEnabled());  // this machine, until chosen
    slurmChoice->setChecked(true);
    QVERIFY(box->isEnabled());
    auto *partition = box->findChild<QLineEdit *>(QStringLiteral("slurmPartition"));
    auto *time = box->findChild<QLineEdit *>(QStringLiteral("slurmTime"));
    auto *sbatchArgs = box->findChild<QLineEdit *>(QStringLiteral("slurmSbatchArgs"));
    QVERIFY(partition && time && sbatchArgs);
    partition->setText(QStringLiteral("debug"));
    time->setText(QStringLiteral("1 hour"));
    QVERIFY2(problemUnder(time).contains(QStringLiteral("not a Slurm time limit")), qPrintable(problemUnder(time)));
    QVERIFY(problemUnder(partition).isEmpty());
    sbatchArgs->setText(QStringLiteral("--account=lab --array=0-3"));
    QVERIFY2(problemUnder(sbatchArgs).contains(QStringLiteral("--array")), qPrintable(problemUnder(sbatchArgs)));
    if (!test::screenshotDir().isEmpty())
        dialog.grab().save(test::screenshotDir() + QStringLiteral("/settings-slurm.png"));
    dialog.accept();
    QVERIFY(dialog.result() != QDialog::Accepted);  // refused: the problems are on show
    QCOMPARE(appsettings::runPlace(), appsettings::RunPlace::ThisMachine);
    time->setText(QStringLiteral("0:30:00"));
    sbatchArgs->setText(QStringLiteral("--account=lab"));
    QVERIFY(problemUnder(time).isEmpty() && problemUnder(sbatchArgs).isEmpty());
    box->findChild<QSpinBox *>(QStringLiteral("slurmNodes"))->setValue(2);
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(appsettings::runPlace(), appsettings::RunPlace::Slurm);
    const slurm::SlurmOptions kept = appsettings::slurmOptions();
    QCOMPARE(kept.partition, QStringLiteral("debug"));
    QCOMPARE(kept.time, QStringLiteral("0:30:00"));
    QCOMPARE(kept.nodes, 2);
    QCOMPARE(kept.sbatchArgs, QStringList{"--account=lab"});
    SettingsDialog again;
    QVERIFY(again.findChild<QRadioButton *>(QStringLiteral("placeSlurm"))->isChecked());
    QCOMPARE(again.findChild<SlurmSettingsBox *>(QStringLiteral("slurmOptions"))->options(), kept);
}

// Queued from the form with Slurm chosen: submitted as a one-task array, said under the Queue
// button; the window's queue never holds it; the status says pending/running in Slurm and it ends
// finished, trained by the task's engine.
void TstWindowSlurm::runFromTheFormRunsOnSlurm()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    open(QStringLiteral("form"));
    useSlurm(QStringLiteral("debug"));
    QSignalSpy answered(m_controller.get(), &RunController::submission);
    Q_EMIT m_window->formPanel()->launchRequested(tinyRun(2), QStringLiteral("on slurm"));
    const qint64 id = m_controller->store()->runs().front().id;
    QVERIFY2(launchResult(*m_window).contains(QStringLiteral("submitting it to Slurm")), qPrintable(launchResult(*m_window)));
    QVERIFY(answered.wait(60000));
    QVERIFY2(answered.first().at(2).toBool(), qPrintable(answered.first().at(1).toString()));
    const auto jobs = m_controller->store()->slurmJobs(id);
    QCOMPARE(int(jobs.size()), 1);
    QCOMPARE(launchResult(*m_window),
             QStringLiteral("Run %1 was submitted to Slurm as job %2.").arg(id).arg(jobs.front().jobId));
    QTRY_VERIFY_WITH_TIMEOUT(statusCell(*m_window, id).contains(QStringLiteral(" · Slurm ")), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(*m_controller->store(), id), QStringLiteral("finished"), 120000);
    QTRY_COMPARE_WITH_TIMEOUT(statusCell(*m_window, id), QStringLiteral("finished · Slurm done"), 20000);
    QVERIFY(m_controller->queue()->queued().isEmpty() && m_controller->queue()->running().isEmpty());
    QVERIFY(!m_controller->queue()->isFollowing(id));
    const QString tip = m_window->runModel()->index(m_window->runModel()->rowOf(id), RunTableModel::Status)
                            .data(Qt::ToolTipRole)
                            .toString();
    QVERIFY2(tip.contains(jobs.front().jobId) && tip.contains(QStringLiteral(".sbatch")), qPrintable(tip));
    QTRY_VERIFY_WITH_TIMEOUT(!m_controller->schedulerStates()->isWatching(), 10000);  // nothing left to change
}

// A running task shows its progress (read from its output file); cancelled from the window: scancel, the engine stops at a checkpoint, the run is
// cancelled; Resume submits it again (resume --slurm) and it trains on in a new job.
void TstWindowSlurm::cancelAndResumeOnSlurm()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    open(QStringLiteral("cancel"));
    useSlurm(QStringLiteral("debug"));
    QSignalSpy answered(m_controller.get(), &RunController::submission);
    const qint64 id = m_controller->launch(tinyRun(400), QStringLiteral("long"));
    QVERIFY(answered.wait(60000));
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(*m_controller->store(), id), QStringLiteral("running"), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(m_controller->store()->metricSummary(id, QStringLiteral("train/loss")).count > 2, 60000);
    QTRY_COMPARE_WITH_TIMEOUT(statusCell(*m_window, id), QStringLiteral("running · Slurm running"), 10000);
    // Live progress from the task's output file (the engine's JSON lines beside the script).
    RunTableModel *model = m_window->runModel();
    QTRY_VERIFY_WITH_TIMEOUT(model->index(model->rowOf(id), RunTableModel::Progress).data().toString().contains("% · epoch"),
                             10000);
    const QString firstJob = m_controller->store()->slurmJobs(id).back().jobId;
    QVERIFY(m_controller->cancel(id));
    QVERIFY(answered.wait(60000));
    QVERIFY2(answered.last().at(2).toBool() && answered.last().at(1).toString().contains(firstJob),
             qPrintable(answered.last().at(1).toString()));
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(*m_controller->store(), id), QStringLiteral("cancelled"), 60000);
    QVERIFY(!m_controller->store()->artifacts(id, QStringLiteral("checkpoint/last")).empty());
    // While Slurm still cleans up after the task, Resume says so (the engine would refuse it too).
    const launch::SlurmStateLine *state = m_controller->schedulerStates()->find(id);
    if (state && state->state && slurm::isLive(*state->state)) {
        QVERIFY(!m_controller->resume(id));
        QVERIFY2(m_controller->error().contains(QStringLiteral("still")), qPrintable(m_controller->error()));
    }
    QTRY_COMPARE_WITH_TIMEOUT(statusCell(*m_window, id), QStringLiteral("cancelled · Slurm cancelled"), 60000);
    appsettings::setRunPlace(appsettings::RunPlace::ThisMachine);  // a run that was on Slurm goes back there anyway
    QVERIFY(m_controller->resume(id));
    QVERIFY(answered.wait(60000));
    QVERIFY2(answered.last().at(2).toBool(), qPrintable(answered.last().at(1).toString()));
    QCOMPARE(int(m_controller->store()->slurmJobs(id).size()), 2);
    QVERIFY(answered.last().at(1).toString().contains(QStringLiteral("submitted to Slurm again")));
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(*m_controller->store(), id), QStringLiteral("running"), 60000);
    QVERIFY(m_controller->queue()->running().isEmpty());
    QVERIFY(m_controller->cancel(id));  // done with it
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(*m_controller->store(), id), QStringLiteral("cancelled"), 60000);
}

// A sweep queued with Slurm chosen: created and submitted by `gatefold-cli sweep --slurm`, one
// array task per run; both train to the end.
void TstWindowSlurm::sweepIsOneJobArray()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    open(QStringLiteral("sweep"));
    useSlurm(QStringLiteral("debug"));
    QSignalSpy answered(m_controller.get(), &RunController::submission);
    QVERIFY(m_controller->submitSweep(tinyRun(1), R"({"name": "lr", "grid": {"optim.lr": [0.001, 0.0003]}})"));
    QVERIFY(answered.wait(60000));
    const QString text = answered.first().at(1).toString();
    QVERIFY2(answered.first().at(2).toBool() && text.contains(QStringLiteral("submitted to Slurm as job array")),
             qPrintable(text));
    const auto runs = answered.first().at(0).value<QList<qint64>>();
    QCOMPARE(runs.size(), 2);
    const QString array = m_controller->store()->slurmJobs(runs[0]).back().jobId.section('_', 0, 0);
    QCOMPARE(m_controller->store()->slurmJobs(runs[1]).back().jobId, array + QStringLiteral("_1"));
    for (qint64 id : runs)
        QTRY_COMPARE_WITH_TIMEOUT(statusOf(*m_controller->store(), id), QStringLiteral("finished"), 120000);
}

// What Slurm (or the engine) refuses is said under the Queue button, and the run the window created
// is left failed with the reason (no queue starts it; Resume submits it again): a partition whose
// node is not this machine for an SQLite store; sbatch not on the PATH.
void TstWindowSlurm::refusalsAreSaidInPlace()
{
    if (!m_skip.isEmpty())
        QSKIP(qPrintable(m_skip));
    open(QStringLiteral("refused"));
    useSlurm(QStringLiteral("far"));
    QSignalSpy answered(m_controller.get(), &RunController::submission);
    Q_EMIT m_window->formPanel()->launchRequested(tinyRun(1), QStringLiteral("elsewhere"));
    const qint64 far = m_controller->store()->runs().front().id;
    QVERIFY(answered.wait(60000));
    QVERIFY(!answered.last().at(2).toBool());
    QVERIFY2(launchResult(*m_window).contains(QStringLiteral("was not submitted to Slurm"))
                 && launchResult(*m_window).contains(QStringLiteral("SQLite")),
             qPrintable(launchResult(*m_window)));
    const auto *label = m_window->formPanel()->findChild<QLabel *>(QStringLiteral("launchResult"));
    QVERIFY(label->styleSheet().contains(QStringLiteral("#c62828")));
    if (!test::screenshotDir().isEmpty())
        m_window->grab().save(test::screenshotDir() + QStringLiteral("/slurm-refused.png"));
    QCOMPARE(statusOf(*m_controller->store(), far), QStringLiteral("failed"));
    QVERIFY(m_controller->store()->run(far)->message.contains(QStringLiteral("not submitted to Slurm")));

    useSlurm(QStringLiteral("debug"));
    const QByteArray path = qgetenv("PATH");
    qputenv("PATH", "/nonexistent");  // the engine's children find no sbatch (nor anything else of Slurm)
    Q_EMIT m_window->formPanel()->launchRequested(tinyRun(1), QStringLiteral("no sbatch"));
    const qint64 none = m_controller->store()->runs().front().id;
    const bool gotAnswer = answered.wait(60000);
    qputenv("PATH", path);
    QVERIFY(gotAnswer);
    QVERIFY2(launchResult(*m_window).contains(QStringLiteral("not found")), qPrintable(launchResult(*m_window)));
    QCOMPARE(statusOf(*m_controller->store(), none), QStringLiteral("failed"));
    QVERIFY(m_controller->queue()->queued().isEmpty() && m_controller->queue()->running().isEmpty());
}

GATEFOLD_TEST_MAIN(TstWindowSlurm)
#include "tst_windowslurm.moc"
