// The workbench as a user drives it, offscreen: a real short run started from
// the window's controller on the built-in set shows progress in the table and
// a growing curve, a second run is cancelled, and the store holds both
// states; the run browser sorts and filters; curves smooth (debiased EMA,
// moving average) and export as PNG/SVG/PDF.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "tinyrun.h"

#include "widgets/compareview.h"
#include "widgets/configform.h"
#include "widgets/curveplot.h"
#include "widgets/groupview.h"
#include "widgets/downsample.h"
#include "widgets/mainwindow.h"
#include "widgets/toast.h"
#include "widgets/welcomepage.h"
#include "modaldialog.h"
#include "widgets/runcontroller.h"
#include "widgets/runformpanel.h"
#include "widgets/runtablemodel.h"
#include "widgets/seriescache.h"
#include "widgets/smoothing.h"
#include "widgets/sweepbuilder.h"
#include "widgets/qcp.h"

#include "store/runstore.h"
#include "store/runversions.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"
#include "config/runpresets.h"
#include "config/runconfigjson.h"

#include <QtTest/QtTest>

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QMessageBox>
#include <QFileDialog>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPointer>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>

#include <random>
#include <QThread>
#include <QTableWidget>
#endif

using namespace gatefold;
using namespace gatefold::widgets;

namespace {

// The window's run table (other views hold tables too).
QTableView *runTable(MainWindow &window)
{
    for (auto *t : window.findChildren<QTableView *>()) {
        auto *proxy = qobject_cast<QSortFilterProxyModel *>(t->model());
        if (proxy && proxy->sourceModel() == window.runModel())
            return t;
    }
    return nullptr;
}

QModelIndex cellOf(QTableView *table, MainWindow &window, qint64 runId, int column)
{
    auto *proxy = qobject_cast<QSortFilterProxyModel *>(table->model());
    return proxy->mapFromSource(window.runModel()->index(window.runModel()->rowOf(runId), column));
}

// How `runId` ended, once the store says so (the window's engines are detached).
QString waitForEnd(store::RunStore &store, qint64 runId)
{
    QDeadlineTimer deadline(180000);
    while (!deadline.hasExpired()) {
        if (const auto run = store.run(runId); run && store::isTerminal(run->status))
            return store::toString(run->status);
        QTest::qWait(200);
    }
    return QStringLiteral("(not ended after 3 minutes)");
}

qint64 addRun(store::RunStore &store, const QString &name)
{
    store::NewRun run;
    run.name = name;
    run.configJson = "{}";
    return store.createRun(run).value_or(0);
}

} // namespace

class TstWorkbench : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void runFromTheWindowAndCancelAnother();
    void browserSortsAndFilters();
    void smoothingMaths();
    void evaluationPointsAreDrawnAsMeasured();
    void newRunReplacesTheSelectionWhateverKeysAreHeld();
    void aRunTheFilterHidesIsSaid();
    void firstStartSaysWhatToDo();
    void downsamplingKeepsExtremes();
    void seedBandIsMeanAndStd();
    void curvesExport();
    void compareShowsDifferences();
    void threadsSharedByRunsAtATime();
    void sweepBuilderCountsAndQueues();
    void editorSurvivesStatusChanges();
    void metricColumnsFollowTrainingRuns();
    void waitingToResumeIsShown();
    void tagsNamesAndTheStatusBar();
    void processesColumnShowsTheWorld();
    void twoProcessRunFromTheForm();

private:
    QTemporaryDir m_dir;
};

void TstWorkbench::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);  // window settings go to a test location
    QVERIFY(m_dir.isValid());
    // Each store lies in a folder of its own: stores in one folder share its runs/, and a new run never
    // takes an id whose folder holds another store's run (the ids these tests name would move).
}

void TstWorkbench::runFromTheWindowAndCancelAnother()
{
    RunController controller(QStringLiteral(GATEFOLD_CLI_PATH), m_dir.filePath("gui/runs.sqlite"));
    QVERIFY2(controller.isOpen(), qPrintable(controller.error()));
    MainWindow window(&controller);
    window.show();
    window.setMetric(QStringLiteral("train/loss"));
    // The demo preset is ready in the form; a short run goes in through the form, as the button does.
    QCOMPARE(window.formPanel()->runName(), QStringLiteral("demo"));
    QVERIFY(window.formPanel()->form()->isValid());
    window.formPanel()->setConfig(tinyRun(3), QStringLiteral("short"));
    Q_EMIT window.formPanel()->launchRequested(window.formPanel()->form()->config(), QStringLiteral("short"));
    window.formPanel()->setConfig(tinyRun(200), QStringLiteral("long"));
    Q_EMIT window.formPanel()->launchRequested(window.formPanel()->form()->config(), QStringLiteral("long"));
    const auto runs = controller.store()->runs();
    QCOMPARE(int(runs.size()), 2);
    const qint64 shortId = runs[1].id, longId = runs[0].id;  // newest first
    // On the queue once a fresh process sees them in the store (not before: CreationCheck).
    QCOMPARE(controller.unconfirmed(), (QList<qint64>{shortId, longId}));
    QTRY_COMPARE_WITH_TIMEOUT(controller.queue()->running(), QList<qint64>{shortId}, 60000);
    QCOMPARE(controller.queue()->queued(), QList<qint64>{longId});
    QVERIFY(controller.unconfirmed().isEmpty());

    window.selectRun(shortId);
    QCOMPARE(window.selectedRuns(), QList<qint64>{shortId});
    // Progress reaches the table, and the curve of the selected run grows while it trains.
    const int row = window.runModel()->rowOf(shortId);
    QTRY_VERIFY_WITH_TIMEOUT(window.runModel()->index(row, RunTableModel::Progress).data().toString().contains(QStringLiteral("% · epoch")), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(window.curves()->pointCount(shortId) >= 3, 60000);
    if (qEnvironmentVariableIsSet("GATEFOLD_SCREENSHOTS")) {  // for looking at it: the window while a run trains
        window.resize(1400, 860);
        QApplication::processEvents();
        window.grab().save(qEnvironmentVariable("GATEFOLD_SCREENSHOTS") + "/training.png");
    }
    QVERIFY(controller.cancel(longId));  // still queued: cancelled before it starts
    QTRY_VERIFY_WITH_TIMEOUT(controller.queue()->running().isEmpty() && controller.queue()->queued().isEmpty(), 120000);
    QCOMPARE(store::toString(controller.store()->run(shortId)->status), QStringLiteral("finished"));
    QCOMPARE(store::toString(controller.store()->run(longId)->status), QStringLiteral("cancelled"));
    // The table shows the final states (it re-reads the store when a run ends).
    const int shortRow = window.runModel()->rowOf(shortId), longRow = window.runModel()->rowOf(longId);
    QTRY_COMPARE(window.runModel()->index(shortRow, RunTableModel::Status).data().toString(), QStringLiteral("finished"));
    QCOMPARE(window.runModel()->index(longRow, RunTableModel::Status).data().toString(), QStringLiteral("cancelled"));
    QVERIFY(!window.runModel()->index(shortRow, RunTableModel::Top1Last).data().toString().isEmpty());
    // Run → Show engine log prints the run's log tail (kept in its directory) in the messages dock.
    window.selectRun(shortId);
    QAction *showLog = nullptr;
    for (QAction *a : window.findChildren<QAction *>())
        if (a->shortcut() == QKeySequence(QStringLiteral("Ctrl+L")))
            showLog = a;
    QVERIFY(showLog);
    showLog->trigger();
    const QString messages = window.findChild<QPlainTextEdit *>()->toPlainText();
    QVERIFY2(messages.contains(QStringLiteral("[%1]   ").arg(shortId)) && messages.contains("end: finished"),
             qPrintable(messages));

    // The curve holds exactly the store's points (live points and the reload agree).
    const auto stored = controller.store()->metrics(shortId, QStringLiteral("train/loss"));
    window.selectRun(longId);
    window.selectRun(shortId);
    QCOMPARE(window.curves()->pointCount(shortId), stored.size());
    const int loads = window.seriesCache()->loads();
    window.selectRun(longId);
    window.selectRun(shortId);
    window.setMetric(QStringLiteral("val/top1"));
    window.setMetric(QStringLiteral("train/loss"));
    QCOMPARE(window.seriesCache()->loads(), loads + 1);  // only val/top1 was new: no series is read twice
    // A running run cancelled from the window stops at a checkpoint.
    window.formPanel()->setConfig(tinyRun(200), QStringLiteral("stopped"));
    const qint64 stoppedId = controller.launch(window.formPanel()->form()->config(), QStringLiteral("stopped"));
    QSignalSpy progressed(controller.queue(), &launch::RunQueue::runProgressed);
    QVERIFY(progressed.wait(60000));
    QVERIFY(controller.cancel(stoppedId));
    QTRY_VERIFY_WITH_TIMEOUT(controller.queue()->running().isEmpty(), 60000);
    QCOMPARE(store::toString(controller.store()->run(stoppedId)->status), QStringLiteral("cancelled"));
    QVERIFY(!controller.store()->artifacts(stoppedId, QStringLiteral("checkpoint/last")).empty());
}

void TstWorkbench::browserSortsAndFilters()
{
    QString error;
    auto store = store::RunStore::open(m_dir.filePath("browse/runs.sqlite"), &error);
    QVERIFY(store);
    const double top1[] = {0.5, 0.9, 0.7};
    const char *names[] = {"alpha cde", "beta plain", "gamma cde"};
    for (int i = 0; i < 3; ++i) {
        store::NewRun run;
        run.name = names[i];
        run.configJson = "{}";
        const qint64 id = *store->createRun(run);
        QVERIFY(store->addMetrics(id, {{"val/top1", 10, 1, 0, top1[i] - 0.1}, {"val/top1", 20, 2, 0, top1[i]}}));
    }
    RunTableModel model(store.get());
    QCOMPARE(model.rowCount(), 3);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(RunTableModel::SortRole);
    proxy.sort(RunTableModel::Top1Best, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, RunTableModel::Name).data().toString(), QStringLiteral("beta plain"));
    QCOMPARE(proxy.index(2, RunTableModel::Name).data().toString(), QStringLiteral("alpha cde"));
    QCOMPARE(proxy.index(0, RunTableModel::Top1Best).data().toString(), QStringLiteral("90.00 %"));
    proxy.setFilterKeyColumn(-1);
    proxy.setFilterFixedString(QStringLiteral("cde"));
    QCOMPARE(proxy.rowCount(), 2);
    // Tags edited in place are written to the store.
    const QModelIndex tags = model.index(model.rowOf(2), RunTableModel::Tags);
    QVERIFY(model.flags(tags) & Qt::ItemIsEditable);
    QVERIFY(model.setData(tags, QStringLiteral("baseline, seed0")));
    QCOMPARE(store->run(2)->tags, (QStringList{"baseline", "seed0"}));
    QVERIFY(!(model.flags(model.index(0, RunTableModel::Status)) & Qt::ItemIsEditable));
    // Live progress of a training run: a bar with %, epoch, images/s and ETA.
    launch::RunProgress p;
    p.step = 50;
    p.totalSteps = 100;
    p.epoch = 1.0;
    p.imagesPerSecond = 100;
    p.etaSeconds = 65;
    model.setProgress(1, p);
    const QModelIndex progress = model.index(model.rowOf(1), RunTableModel::Progress);
    QCOMPARE(progress.data().toString(), QStringLiteral("50 % · epoch 1.00 · 100 img/s · ETA 1:05"));
    QCOMPARE(progress.data(RunTableModel::FractionRole).toDouble(), 0.5);
    QCOMPARE(model.index(model.rowOf(2), RunTableModel::Progress).data(RunTableModel::FractionRole).toDouble(), -1.0);

    // Extra columns: a setting's value and a metric's best, sortable like the rest.
    model.setExtraColumns({"config:depth", "metric:val/top1:max", "metric:val/top1:min", "bogus"});
    QCOMPARE(model.columnCount(), RunTableModel::ColumnCount + 3);
    QCOMPARE(model.headerData(RunTableModel::ColumnCount + 1, Qt::Horizontal).toString(), QStringLiteral("val/top1 (best)"));
    proxy.setFilterFixedString(QString());
    proxy.sort(RunTableModel::ColumnCount + 2, Qt::AscendingOrder);  // lowest val/top1: 0.4, 0.6, 0.8
    QCOMPARE(proxy.index(0, RunTableModel::Name).data().toString(), QStringLiteral("alpha cde"));
    QCOMPARE(proxy.index(0, RunTableModel::ColumnCount + 2).data().toString(), QStringLiteral("0.4"));
    QCOMPARE(proxy.index(2, RunTableModel::ColumnCount + 1).data().toString(), QStringLiteral("0.9"));
    QCOMPARE(proxy.index(0, RunTableModel::ColumnCount).data().toString(), QStringLiteral("—"));  // "{}" has no depth
    // A metric at a chosen epoch: the last value logged at or before it (epoch 1: step 10, top-1 − 0.1).
    model.setExtraColumns({"metric:val/top1:@1"});
    QCOMPARE(model.headerData(RunTableModel::ColumnCount, Qt::Horizontal).toString(), QStringLiteral("val/top1 (epoch 1)"));
    QCOMPARE(model.index(model.rowOf(2), RunTableModel::ColumnCount).data().toString(), QStringLiteral("0.8"));
    model.setExtraColumns({"metric:val/top1:@0.5"});
    QVERIFY(model.index(model.rowOf(2), RunTableModel::ColumnCount).data().isNull());  // nothing logged yet

    // The window remembers the columns per store.
    QSettings().setValue(QStringLiteral("columns/%1/extra").arg(QString::fromLatin1(store->path().toUtf8().toHex())),
                         QStringList{"config:optim.lr"});
    RunController controller(m_dir.filePath("no-engine"), store->path());
    MainWindow window(&controller);
    QCOMPARE(window.runModel()->extraColumns(), QStringList{"config:optim.lr"});
}

void TstWorkbench::smoothingMaths()
{
    // A constant stays itself from the first point on: the debiasing removes the pull towards 0.
    for (double v : debiasedEma({3, 3, 3, 3}, 0.9))
        QVERIFY(std::fabs(v - 3.0) < 1e-12);
    const auto s = debiasedEma({1, 0}, 0.5);  // s1 = 0.5·1 / (1 − 0.5) = 1; s2 = (0.25 + 0) / 0.75
    QVERIFY(std::fabs(s[0] - 1.0) < 1e-12 && std::fabs(s[1] - 1.0 / 3.0) < 1e-12);
    QCOMPARE(debiasedEma({1, 2, 3}, 0.0), (std::vector<double>{1, 2, 3}));
    QCOMPARE(movingAverage({1, 2, 3, 4}, 2), (std::vector<double>{1, 1.5, 2.5, 3.5}));
    // The plot smooths with either: a window of round(100 · w) points for the moving average.
    CurvePlot plot;
    plot.setRun(1, QStringLiteral("r"), {0, 1, 2, 3}, {1, 2, 3, 4});
    plot.setSmoothing(0.02);
    plot.setSmoothingMode(CurvePlot::SmoothingMode::MovingAverage);
    QCOMPARE(plot.smoothed(1), (std::vector<double>{1, 1.5, 2.5, 3.5}));
    plot.setSmoothingMode(CurvePlot::SmoothingMode::Ema);
    QCOMPARE(plot.smoothed(1), debiasedEma({1, 2, 3, 4}, 0.02));
}

// Issue 20's regression: the default EMA bent a 2-point val/top1 series (its line ended at 0.159 for a
// run whose value is 0.170). Evaluation metrics are drawn as measured, each point marked; training
// series keep the smoothing.
void TstWorkbench::evaluationPointsAreDrawnAsMeasured()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("measured.sqlite"));
    store::RunStore &store = *controller.store();
    const qint64 id = addRun(store, QStringLiteral("two evaluations"));
    std::vector<store::MetricPoint> points{{"val/top1", 10, 1, 0, 0.12}, {"val/top1", 20, 2, 0, 0.17},
                                           {"train/grad_norm", 10, 1, 0, 3.0}, {"train/grad_norm", 20, 2, 0, 1.0}};
    for (int i = 0; i < 20; ++i)  // a dense training series: smoothed
        points.push_back({"train/loss", 10 * (i + 1), 0.1 * (i + 1), 0, 2.0 - 0.05 * i});
    QVERIFY(store.addMetrics(id, points));
    QVERIFY(store.setStatus(id, store::RunStatus::Running));
    QVERIFY(store.setStatus(id, store::RunStatus::Finished, QStringLiteral("finished 20 steps")));
    MainWindow window(&controller);
    window.show();
    window.setMetric(QStringLiteral("val/top1"));
    window.selectRun(id);
    QTRY_COMPARE_WITH_TIMEOUT(window.curves()->pointCount(id), size_t(2), 6000);
    QVERIFY(window.curves()->measuredPoints());
    QCOMPARE(window.curves()->smoothed(id), (std::vector<double>{0.12, 0.17}));
    QCOMPARE(window.curves()->drawnPoints(id), 2);
    // A training series logged only twice (a short run) is drawn as measured too: the same defect.
    window.setMetric(QStringLiteral("train/grad_norm"));
    QTRY_COMPARE_WITH_TIMEOUT(window.curves()->pointCount(id), size_t(2), 6000);
    QVERIFY(window.curves()->measuredPoints());
    QCOMPARE(window.curves()->smoothed(id), (std::vector<double>{3.0, 1.0}));
    window.setMetric(QStringLiteral("train/loss"));
    QTRY_COMPARE_WITH_TIMEOUT(window.curves()->pointCount(id), size_t(20), 6000);
    QVERIFY(!window.curves()->measuredPoints());
    const auto smoothed = window.curves()->smoothed(id);  // the default EMA (0.6): the last point pulled back
    QCOMPARE(smoothed.size(), size_t(20));
    QVERIFY2(smoothed[19] > 2.0 - 0.05 * 19 + 1e-6, qPrintable(QString::number(smoothed[19])));
    QVERIFY(CurvePlot::isEvaluationMetric(QStringLiteral("val_ema/top1")));
    QVERIFY(!CurvePlot::isEvaluationMetric(QStringLiteral("train/lr")));
}

// Issue 20's regression: Ctrl+Return added the queued run to the selection (the selection followed the
// held Ctrl) while the button replaced it. The window selects a new run alone, whatever keys are held.
void TstWorkbench::newRunReplacesTheSelectionWhateverKeysAreHeld()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("selection.sqlite"));
    store::RunStore &store = *controller.store();
    const qint64 a = addRun(store, QStringLiteral("selected first"));
    const qint64 b = addRun(store, QStringLiteral("queued next"));
    MainWindow window(&controller);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.selectRun(a);
    QCOMPARE(window.selectedRuns(), QList<qint64>{a});
    QTest::keyPress(&window, Qt::Key_Control, Qt::ControlModifier);  // held, as while Ctrl+Return fires
    QCOMPARE(QGuiApplication::keyboardModifiers(), Qt::ControlModifier);
    window.selectRun(b);
    QTest::keyRelease(&window, Qt::Key_Control);
    QCOMPARE(window.selectedRuns(), QList<qint64>{b});
}

// Issue 20: a run queued under an active filter disappeared. Selecting a run the filter hides (as the
// window does with a run it has just queued) shows a toast naming it; "Show it" clears the filter and
// selects it.
void TstWorkbench::aRunTheFilterHidesIsSaid()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("toast.sqlite"));
    store::RunStore &store = *controller.store();
    const qint64 a = addRun(store, QStringLiteral("alpha baseline"));
    const qint64 b = addRun(store, QStringLiteral("beta queued"));
    MainWindow window(&controller);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *filter = window.findChild<QLineEdit *>(QStringLiteral("runFilter"));
    QVERIFY(filter);
    filter->setText(QStringLiteral("alpha"));
    window.selectRun(a);
    QVERIFY(!window.toast()->isVisible());  // a visible run: no toast
    window.selectRun(b);
    QVERIFY(window.toast()->isVisible());
    QCOMPARE(window.toast()->text(), QStringLiteral("Run %1 'beta queued' is hidden by the filter.").arg(b));
    QCOMPARE(window.selectedRuns(), QList<qint64>{a});  // nothing hidden is selected behind the user's back
    // Inside the browser, at its bottom, not covering the filter field.
    const QRect toast(window.toast()->mapTo(&window, QPoint(0, 0)), window.toast()->size());
    const QRect field(filter->mapTo(&window, QPoint(0, 0)), filter->size());
    QVERIFY(!toast.intersects(field));
    QTest::mouseClick(window.toast()->actionButton(), Qt::LeftButton);
    QVERIFY(!window.toast()->isVisible());
    QVERIFY(filter->text().isEmpty());
    QCOMPARE(window.selectedRuns(), QList<qint64>{b});
}

// Issue 20: the first start showed an empty 0–5 plot. An empty store shows what to do instead; each of
// its three buttons does what it says (the import and open dialogs come up; a file that is no store is
// refused in place; the demo run is queued for real and the curves take the page's place).
void TstWorkbench::firstStartSaysWhatToDo()
{
    RunController controller(QStringLiteral(GATEFOLD_CLI_PATH), m_dir.filePath("first/runs.sqlite"));
    MainWindow window(&controller);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.showsWelcome());
    QVERIFY(window.welcomePage()->isVisible());
    QVERIFY(!window.curves()->isVisible());
    // The docks say what they are for (no empty grid, no blank log).
    const auto *compareEmpty = window.compareView()->findChild<QLabel *>(QStringLiteral("compareEmpty"));
    QVERIFY(compareEmpty && compareEmpty->isVisible());
    QVERIFY(!window.findChild<QPlainTextEdit *>()->placeholderText().isEmpty());

    QString title;
    test::whileModal([&] { QTest::mouseClick(window.welcomePage()->importButton(), Qt::LeftButton); },
                [&](QWidget *dialog) {
                    title = dialog->windowTitle();
                    static_cast<QDialog *>(dialog)->reject();
                });
    QVERIFY2(title.contains(QStringLiteral("MLflow")), qPrintable(title));

    // Open a store: a file that is no store is said, nothing chosen; a real store is chosen.
    QSignalSpy chosen(&window, &MainWindow::storeChosen);
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("elsewhere")));  // not beside the open store (its folder is guarded)
    const QString notAStore = m_dir.filePath("elsewhere/notes.sqlite");
    QFile text(notAStore);
    QVERIFY(text.open(QIODevice::WriteOnly) && text.write("these are notes, not a database\n") > 0);
    text.close();
    const QString other = m_dir.filePath("elsewhere/other.sqlite");
    {
        RunController otherController(m_dir.filePath("no-engine"), other);
        addRun(*otherController.store(), QStringLiteral("trained before"));
    }
    QString refusal;
    QTimer boxes;  // the warning comes up in a loop nested in the file dialog's accept()
    boxes.setInterval(50);
    QObject::connect(&boxes, &QTimer::timeout, [&] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            refusal = box->text();
            box->reject();
        }
    });
    boxes.start();
    const QString open = controller.store()->path();  // the store open now: said, nothing chosen
    for (const QString &path : {open, notAStore, other}) {
        test::whileModal([&] { QTest::mouseClick(window.welcomePage()->openButton(), Qt::LeftButton); },
                    [&](QWidget *dialog) {
                        auto *files = qobject_cast<QFileDialog *>(dialog);
                        QVERIFY(files);
                        // Typed and accepted once the dialog has listed its folder (it puts its own name back
                        // when it does), as tst_filedialogs does; one that refuses the file is closed later.
                        QTimer::singleShot(400, files, [files, path] {
                            files->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"))->setText(path);
                            static_cast<QDialog *>(files)->accept();
                        });
                        QTimer::singleShot(8000, files, [files] { files->reject(); });
                    });
        if (path == open) {
            QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("is the store open now")),
                     qPrintable(window.statusBar()->currentMessage()));
            QCOMPARE(chosen.size(), 0);
        }
    }
    boxes.stop();
    QVERIFY2(refusal.contains(QStringLiteral("not a run store")), qPrintable(refusal));
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(chosen.first().at(0).toString(), other);
    QVERIFY(window.showsWelcome());

    // The demo run: queued once the engine has checked it; the page gives way to the curves.
    QTest::mouseClick(window.welcomePage()->demoButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!window.showsWelcome(), 60000);
    QVERIFY(window.curves()->isVisible());
    QVERIFY(!compareEmpty->isVisible());  // the demo run, selected, is compared
    const auto runs = controller.store()->runs();
    QCOMPARE(int(runs.size()), 1);
    QCOMPARE(runs.front().name, QStringLiteral("demo"));
    QCOMPARE(window.selectedRuns(), QList<qint64>{runs.front().id});
    controller.cancel(runs.front().id);
    QTRY_VERIFY_WITH_TIMEOUT(controller.store()->run(runs.front().id)->status != store::RunStatus::Queued
                                 && controller.store()->run(runs.front().id)->status != store::RunStatus::Running,
                             60000);
}

void TstWorkbench::downsamplingKeepsExtremes()
{
    std::vector<double> xs(100000), ys(100000);
    for (size_t i = 0; i < xs.size(); ++i) {
        xs[i] = double(i);
        ys[i] = std::sin(double(i) * 0.001);
    }
    ys[54321] = 50.0;    // a spike
    ys[77777] = -40.0;   // a dip
    std::vector<double> x, y;
    downsampleMinMax(xs, ys, 0, 99999, 200, &x, &y);
    QVERIFY(x.size() <= 4 * 200 + 2);
    QVERIFY(x.size() >= 200);
    QVERIFY(std::is_sorted(x.begin(), x.end()));
    QCOMPARE(*std::max_element(y.begin(), y.end()), 50.0);
    QCOMPARE(*std::min_element(y.begin(), y.end()), -40.0);
    QCOMPARE(x.front(), 0.0);
    QCOMPARE(x.back(), 99999.0);
    for (size_t k = 0; k < x.size(); ++k)
        QCOMPARE(y[k], ys[size_t(x[k])]);  // real points, not averages
    // Zoomed in: the visible range plus one point beyond each end; few points: all of them.
    downsampleMinMax(xs, ys, 1000.5, 1010.5, 200, &x, &y);
    QCOMPARE(x, (std::vector<double>{1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011}));
    downsampleMinMax({}, {}, 0, 1, 10, &x, &y);
    QVERIFY(x.empty());
    // The pyramid gives the same sample in time proportional to the buckets, at any zoom.
    MinMaxPyramid pyramid;
    pyramid.build(ys);
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> at(0, 99999);
    for (int trial = 0; trial < 40; ++trial) {
        double a = at(rng), b = at(rng);
        if (a > b)
            std::swap(a, b);
        if (trial == 0) {
            a = 0;
            b = 99999;
        }
        for (int buckets : {50, 300, 1000}) {
            std::vector<double> px, py;
            pyramid.sample(xs, ys, a, b, buckets, &px, &py);
            downsampleMinMax(xs, ys, a, b, buckets, &x, &y);
            QCOMPARE(px, x);
            QCOMPARE(py, y);
        }
    }
    // The plot draws a sample, and still the spike.
    CurvePlot plot;
    plot.resize(800, 400);
    plot.setRun(1, QStringLiteral("long"), xs, ys);
    QVERIFY(plot.drawnPoints(1) > 0 && plot.drawnPoints(1) < 10000);
    double top = 0;
    for (auto it = plot.plot()->graph(1)->data()->constBegin(); it != plot.plot()->graph(1)->data()->constEnd(); ++it)
        top = std::max(top, it->value);
    QVERIFY(top > 1.0);  // the EMA of the spike is drawn above the sine
}

void TstWorkbench::seedBandIsMeanAndStd()
{
    CurvePlot plot;
    // Three seeds; the third logged one step more, so the band covers the two steps all share.
    const int steps = plot.setSeedBand(QStringLiteral("band"), {{0, 10}, {0, 10}, {0, 10, 20}},
                                       {{1.0, 4.0}, {2.0, 6.0}, {3.0, 8.0, 9.0}});
    QCOMPARE(steps, 2);
    QVERIFY(plot.hasBand());
    // Graph order: low, high, mean.
    auto value = [&](int graph, int i) { return (plot.plot()->graph(graph)->data()->constBegin() + i)->value; };
    QCOMPARE(value(2, 0), 2.0);  // mean of 1, 2, 3
    QCOMPARE(value(2, 1), 6.0);  // mean of 4, 6, 8
    QVERIFY(std::fabs(value(1, 0) - 3.0) < 1e-12);  // + sample std 1
    QVERIFY(std::fabs(value(0, 1) - 4.0) < 1e-12);  // 6 − 2
    QCOMPARE(plot.setSeedBand(QStringLiteral("one"), {{0}}, {{1.0}}), 0);  // one run: no band
}

void TstWorkbench::curvesExport()
{
    CurvePlot plot;
    plot.resize(640, 400);
    plot.setRun(1, QStringLiteral("run 1"), {0, 1, 2, 3}, {1.0, 0.5, 0.25, 0.125});
    plot.setRun(2, QStringLiteral("run 2"), {0, 1, 2}, {1.2, 0.7, 0.4});
    plot.setLogScale(true);
    for (const char *suffix : {"png", "svg", "pdf"}) {
        const QString path = m_dir.filePath(QStringLiteral("curves.%1").arg(suffix));
        QString error;
        QVERIFY2(plot.save(path, &error), qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 500);
    }
    QVERIFY(QImage(m_dir.filePath("curves.png")).width() >= 640);
    QString error;
    QVERIFY(!plot.save(m_dir.filePath("curves.bmp"), &error));
    QVERIFY2(error.contains(".png, .svg, .pdf or .csv"), qPrintable(error));
}

void TstWorkbench::compareShowsDifferences()
{
    QString error;
    auto store = store::RunStore::open(m_dir.filePath("compare/runs.sqlite"), &error);
    QVERIFY(store);
    QList<qint64> ids;
    for (const char *json : {R"({"optim": {"lr": 0.001}, "train": {"seed": 0}, "depth": 4})",
                             R"({"optim": {"lr": 0.003}, "train": {"seed": 0}, "depth": 4})",
                             R"({"optim": {"lr": 0.001}, "train": {"seed": 1}, "depth": 4})"}) {
        store::NewRun run;
        run.name = QStringLiteral("r");
        run.configJson = json;
        ids << *store->createRun(run);
    }
    QVERIFY(store->addMetrics(ids[1], {{"val/top1", 5, 1, 0, 0.5}, {"val/top1", 10, 2, 0, 0.4}}));
    CompareView view(store.get());
    view.setRunsAsColumns(true);  // a column per run (tst_comparegroups drives the rows)
    view.setRuns(ids);
    auto *t = view.table();
    QCOMPARE(t->columnCount(), 3);
    QStringList rows;
    for (int r = 0; r < t->rowCount(); ++r)
        rows << t->verticalHeaderItem(r)->text();
    QVERIFY2(rows.contains("optim.lr") && rows.contains("train.seed") && !rows.contains("depth"), qPrintable(rows.join(',')));
    const int lr = int(rows.indexOf("optim.lr"));
    QCOMPARE(t->item(lr, 1)->text(), QStringLiteral("0.003"));
    QCOMPARE(t->item(0, 1)->text(), QStringLiteral("40.00 %"));  // val top-1 last
    QCOMPARE(t->item(1, 1)->text(), QStringLiteral("50.00 %"));  // best
    QCOMPARE(t->item(0, 0)->text(), QStringLiteral("—"));
    view.setOnlyDifferences(false);
    rows.clear();
    for (int r = 0; r < t->rowCount(); ++r)
        rows << t->verticalHeaderItem(r)->text();
    QVERIFY(rows.contains("depth"));
    QCOMPARE(t->item(int(rows.indexOf("depth")), 2)->text(), QStringLiteral("4"));

    // Grouped by the learning rate: seeds folded into mean ± sample std.
    QVERIFY(store->addMetrics(ids[0], {{"val/top1", 10, 2, 0, 0.8}}));
    QVERIFY(store->addMetrics(ids[2], {{"val/top1", 10, 2, 0, 0.6}}));
    {  // queued, never measured: one of the group's runs, not one of its values
        store::NewRun run;
        run.name = QStringLiteral("not started");
        run.configJson = R"({"optim": {"lr": 0.001}, "train": {"seed": 2}})";
        QVERIFY(store->createRun(run));
    }
    GroupView groups(store.get());
    groups.setKey(QStringLiteral("optim.lr"));
    auto *g = groups.table();
    QCOMPARE(g->rowCount(), 2);
    QMap<QString, int> row;
    for (int r = 0; r < g->rowCount(); ++r)
        row[g->item(r, 0)->text()] = r;
    QCOMPARE(g->item(row["0.001"], 1)->text(), QStringLiteral("2"));  // the runs the mean ± std is over
    QCOMPARE(g->item(row["0.001"], 2)->text(), QStringLiteral("70.00 ± 14.14"));
    QCOMPARE(g->item(row["0.003"], 1)->text(), QStringLiteral("1"));
    QCOMPARE(g->item(row["0.003"], 2)->text(), QStringLiteral("50.00 ± —"));
    QCOMPARE(g->item(row["0.003"], 3)->text(), QStringLiteral("40.00 ± —"));
    QCOMPARE(groups.note(), QStringLiteral("1 run without val/top1 not counted."));  // the queued one
    QCOMPARE(meanStdText({}, false), QStringLiteral("—"));
}

void TstWorkbench::threadsSharedByRunsAtATime()
{
    // An engine that is not there: the runs fail to start, which is not what this looks at.
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("threads/runs.sqlite"));
    QVERIFY(controller.isOpen());
    controller.queue()->setParallel(2);
    auto config = train::demoRun();
    QCOMPARE(config.train.threads, 0);
    const qint64 shared = controller.launch(config, QStringLiteral("shared"));
    QCOMPARE(controller.configOf(shared)->train.threads, std::max(1, QThread::idealThreadCount() / 2));
    config.train.threads = 3;  // an explicit count is kept
    const qint64 fixed = controller.launch(config, QStringLiteral("fixed"));
    QCOMPARE(controller.configOf(fixed)->train.threads, 3);
    QSignalSpy finished(controller.queue(), &launch::RunQueue::runFinished);
    QTRY_COMPARE(finished.size(), 2);
    QVERIFY(finished.at(0).at(2).toString().contains("cannot start the engine"));
    // The store says so too, instead of keeping the runs queued for ever.
    QCOMPARE(store::toString(controller.store()->run(shared)->status), QStringLiteral("failed"));
    QVERIFY(controller.store()->run(shared)->message.contains("cannot start the engine"));
}

void TstWorkbench::sweepBuilderCountsAndQueues()
{
    SweepBuilder builder(train::demoRun());
    builder.setName(QStringLiteral("lr"));
    builder.addAxis(QStringLiteral("optim.lr"), QStringLiteral("0.001, 0.0003"));
    builder.setSeeds(QStringLiteral("0, 1, 2"));
    QVERIFY2(builder.summary().startsWith(QStringLiteral("6 run")), qPrintable(builder.summary()));
    train::SweepPlan plan;
    QStringList errors;
    QVERIFY(builder.plan(&plan, &errors));
    QCOMPARE(int(plan.points.size()), 6);
    if (qEnvironmentVariableIsSet("GATEFOLD_SCREENSHOTS"))  // for looking at it: a picture of the dialog
        builder.grab().save(qEnvironmentVariable("GATEFOLD_SCREENSHOTS") + "/sweep-builder.png");
    // A setting that does not exist, a value that does not parse: said at once, nothing planned.
    builder.addAxis(QStringLiteral("optim.nope"), QStringLiteral("1"));
    QVERIFY2(builder.summary().contains("optim.nope: unknown setting"), qPrintable(builder.summary()));
    SweepBuilder bad(train::demoRun());
    bad.addAxis(QStringLiteral("depth"), QStringLiteral("4, deep"));
    QVERIFY2(bad.summary().contains("depth"), qPrintable(bad.summary()));
    // Queued: one sweep, six runs in it, named by what distinguishes them (no engine: they fail to start).
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("sweep/runs.sqlite"));
    const qint64 sweepId = controller.launchSweep(plan, builder.gridJson());
    QVERIFY2(sweepId > 0, qPrintable(controller.error()));
    const auto runs = controller.store()->runs(sweepId);
    QCOMPARE(int(runs.size()), 6);
    QStringList names;
    for (const auto &r : runs)
        names << r.name;
    QVERIFY2(names.contains(QStringLiteral("lr optim.lr=0.0003 seed=2")), qPrintable(names.join(", ")));
    QTRY_VERIFY(controller.queue()->running().isEmpty() && controller.queue()->queued().isEmpty());
}

// A note half typed in the run browser while another run changes status (a CLI command marked it, an
// engine started or ended, a run was added): the window re-reads the store, and the editor stays open
// with its text, the table where it was scrolled; Enter then writes the note.
void TstWorkbench::editorSurvivesStatusChanges()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("edit.sqlite"));
    QVERIFY(controller.isOpen());
    store::RunStore &store = *controller.store();
    const qint64 a = addRun(store, QStringLiteral("being annotated"));
    const qint64 b = addRun(store, QStringLiteral("changes status"));
    QVERIFY(store.setStatus(a, store::RunStatus::Cancelled));
    MainWindow window(&controller);
    window.resize(760, 600);  // narrower than the table: it scrolls sideways
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTableView *table = runTable(window);
    QVERIFY(table);
    const QModelIndex notes = cellOf(table, window, a, RunTableModel::Notes);
    table->scrollTo(notes);
    const int scrolled = table->horizontalScrollBar()->value();
    QVERIFY2(scrolled > 0, "the table does not scroll: the test cannot see it jump back");
    table->setCurrentIndex(notes);
    table->edit(notes);
    QPointer<QLineEdit> editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
    QVERIFY(editor);
    QTest::keyClicks(editor, QStringLiteral("lr too high?"));

    QVERIFY(store.setStatus(b, store::RunStatus::Running));
    QVERIFY(store.setStatus(b, store::RunStatus::Failed, QStringLiteral("engine died")));
    Q_EMIT controller.runsChanged();  // as the look at the store every 2 s does
    const QModelIndex status = cellOf(table, window, b, RunTableModel::Status);
    QCOMPARE(status.data().toString(), QStringLiteral("failed"));
    const qint64 c = addRun(store, QStringLiteral("new one"));
    Q_EMIT controller.runsChanged();
    QVERIFY(window.runModel()->rowOf(c) >= 0);
    QVERIFY2(editor, "the editor was closed");
    QVERIFY(editor->isVisible());
    QCOMPARE(editor->text(), QStringLiteral("lr too high?"));
    QCOMPARE(table->horizontalScrollBar()->value(), scrolled);
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_COMPARE(store.run(a)->notes, QStringLiteral("lr too high?"));  // the delegate commits from the event loop
    QCOMPARE(window.selectedRuns(), QList<qint64>{a});
}

// Val top-1, best top-1 and added metric columns of a run that trains follow the store (they froze
// until the row was rebuilt: 16.21 % shown while `runs list` said 35.5 / 37.9).
void TstWorkbench::metricColumnsFollowTrainingRuns()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("live.sqlite"));
    store::RunStore &store = *controller.store();
    const qint64 id = addRun(store, QStringLiteral("training"));
    QVERIFY(store.setStatus(id, store::RunStatus::Running));  // held by this process: alive, followed
    QVERIFY(store.addMetrics(id, {{"val/top1", 10, 1, 0, 0.1621}, {"train/loss", 10, 1, 0, 2.0}}));
    MainWindow window(&controller);
    window.show();
    QTRY_VERIFY(controller.queue()->isFollowing(id));  // the window has seen it train; no status changes after this
    RunTableModel *model = window.runModel();
    model->setExtraColumns({QStringLiteral("metric:val/top1:min"), QStringLiteral("metric:train/loss:last")});
    const int row = model->rowOf(id);
    QCOMPARE(model->index(row, RunTableModel::Top1Last).data().toString(), QStringLiteral("16.21 %"));
    QCOMPARE(model->index(row, RunTableModel::ColumnCount + 1).data().toString(), QStringLiteral("2"));
    QVERIFY(store.addMetrics(id, {{"val/top1", 20, 2, 0, 0.379}, {"val/top1", 30, 3, 0, 0.355}, {"train/loss", 30, 3, 0, 1.25}}));
    QTRY_COMPARE_WITH_TIMEOUT(model->index(row, RunTableModel::Top1Last).data().toString(), QStringLiteral("35.50 %"), 6000);
    QCOMPARE(model->index(row, RunTableModel::Top1Best).data().toString(), QStringLiteral("37.90 %"));
    QCOMPARE(model->index(row, RunTableModel::ColumnCount).data().toString(), QStringLiteral("0.1621"));
    QCOMPARE(model->index(row, RunTableModel::ColumnCount + 1).data().toString(), QStringLiteral("1.25"));
    QCOMPARE(model->index(row, RunTableModel::Progress).data().toString(), QStringLiteral("30"));

    // Selected, its curve, comparison and legend follow the store too: its engine is not this
    // window's (a terminal's, a background queue's), so nothing but the store tells of new points.
    window.selectRun(id);
    QTRY_COMPARE_WITH_TIMEOUT(window.curves()->pointCount(id), size_t(3), 6000);
    QVERIFY(store.addMetrics(id, {{"val/top1", 40, 4, 0, 0.41}, {"train/loss", 40, 4, 0, 1.1}}));
    QTRY_COMPARE_WITH_TIMEOUT(window.curves()->pointCount(id), size_t(4), 6000);
    QVERIFY(store.setName(id, QStringLiteral("renamed in a terminal")));
    QTRY_VERIFY_WITH_TIMEOUT(window.curves()->label(id).contains(QLatin1String("renamed in a terminal")), 6000);
    QCOMPARE(window.curves()->pointCount(id), size_t(4));
    // Its last evaluation and its end between two looks: the curve gets that last point too.
    QVERIFY(store.addMetrics(id, {{"val/top1", 50, 5, 0, 0.43}}));
    QVERIFY(store.setStatus(id, store::RunStatus::Finished, QStringLiteral("finished 50 steps")));
    QTRY_COMPARE_WITH_TIMEOUT(window.curves()->pointCount(id), size_t(5), 6000);
}

// A failed run queued for resume while the slot is taken says so, instead of "failed".
void TstWorkbench::waitingToResumeIsShown()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("waiting.sqlite"));
    store::RunStore &store = *controller.store();
    controller.queue()->setParallel(1);
    const qint64 busy = addRun(store, QStringLiteral("takes the slot"));
    QVERIFY(store.setStatus(busy, store::RunStatus::Running));  // held by this live process
    const qint64 failed = addRun(store, QStringLiteral("to resume"));
    QVERIFY(store.setStatus(failed, store::RunStatus::Running));
    QVERIFY(store.setStatus(failed, store::RunStatus::Failed, QStringLiteral("out of memory")));
    MainWindow window(&controller);
    window.show();
    QTRY_VERIFY(controller.queue()->isFollowing(busy));  // the slot is full
    RunTableModel *model = window.runModel();
    const QModelIndex status = model->index(model->rowOf(failed), RunTableModel::Status);
    QCOMPARE(status.data().toString(), QStringLiteral("failed"));
    QVERIFY(controller.resume(failed));
    QCOMPARE(controller.queue()->queued(), QList<qint64>{failed});
    QCOMPARE(status.data().toString(), QStringLiteral("waiting to resume"));
    QVERIFY2(status.data(Qt::ToolTipRole).toString().contains(QStringLiteral("out of memory")),
             qPrintable(status.data(Qt::ToolTipRole).toString()));
    // Handed to a background queue (a window that quit with "keep running"): said as well.
    model->setWaitingToResume({}, {failed});
    QCOMPARE(status.data().toString(), QStringLiteral("waiting to resume (background queue)"));
    model->setWaitingToResume({}, {});
    QCOMPARE(status.data().toString(), QStringLiteral("failed"));
}

// Tags are stored once each; an empty name is refused in words; the status bar's "N running, M
// queued — store …" outlives a menu's status tips.
void TstWorkbench::tagsNamesAndTheStatusBar()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("tags.sqlite"));
    store::RunStore &store = *controller.store();
    const qint64 id = addRun(store, QStringLiteral("tagged"));
    MainWindow window(&controller);
    window.show();
    RunTableModel *model = window.runModel();
    const int row = model->rowOf(id);
    QVERIFY(model->setData(model->index(row, RunTableModel::Tags), QStringLiteral("baseline, baseline ,seed0,baseline")));
    QCOMPARE(store.run(id)->tags, (QStringList{"baseline", "seed0"}));
    QSignalSpy refused(model, &RunTableModel::editRefused);
    QVERIFY(!model->setData(model->index(row, RunTableModel::Name), QStringLiteral("   ")));
    QCOMPARE(store.run(id)->name, QStringLiteral("tagged"));
    QCOMPARE(refused.size(), 1);
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("needs a name")),
             qPrintable(window.statusBar()->currentMessage()));

    auto *state = window.statusBar()->findChild<QLabel *>(QStringLiteral("queueState"));
    QVERIFY(state);
    QVERIFY2(state->text().contains(QStringLiteral("0 running, 0 queued — store")), qPrintable(state->text()));
    // Hovering a menu item shows its status tip, then clears the message: the queue's state stays.
    QStatusTipEvent tip(QStringLiteral("a menu's status tip"));
    QApplication::sendEvent(&window, &tip);
    QStatusTipEvent cleared{QString()};
    QApplication::sendEvent(&window, &cleared);
    QVERIFY(state->isVisible());
    QVERIFY2(state->text().contains(QStringLiteral("0 running, 0 queued — store")), qPrintable(state->text()));
}

// The Processes column: the world the engine recorded when a run last started, or — in grey — what
// a run not started yet asks for (compute.processes); sorted as numbers; said in full in its tooltip
// and in the compare view. Hidden columns are remembered by name: those hidden by number before the
// column came stay the ones the user hid.
void TstWorkbench::processesColumnShowsTheWorld()
{
    RunController controller(m_dir.filePath("no-engine"), m_dir.filePath("world/runs.sqlite"));
    store::RunStore &store = *controller.store();
    store::NewRun asks;
    asks.name = QStringLiteral("asks for 4");
    auto four = train::demoRun();
    four.train.processes = 4;
    asks.configJson = train::runConfigToJson(four);
    const qint64 queued = *store.createRun(asks);
    const qint64 two = addRun(store, QStringLiteral("trained by 2"));
    store::RunVersions world;
    world.gatefold = QStringLiteral("0.1.0");
    world.worldSize = 2;
    world.distBackend = QStringLiteral("gloo");
    world.launcher = QStringLiteral("--nproc");
    world.perRankBatch = 64;
    QVERIFY(store.setRuntime(two, QStringLiteral("cpu"), world.toJson()));
    const qint64 old = addRun(store, QStringLiteral("before data-parallel training"));
    QVERIFY(store.setRuntime(old, QStringLiteral("cpu"), QStringLiteral(R"({"gatefold":"0.1.0","libtorch":"1.13.1"})")));

    RunTableModel model(&store);
    const auto cell = [&](qint64 id) { return model.index(model.rowOf(id), RunTableModel::Processes); };
    QCOMPARE(model.headerData(RunTableModel::Processes, Qt::Horizontal).toString(), QStringLiteral("Processes"));
    QCOMPARE(cell(queued).data().toInt(), 4);
    QCOMPARE(cell(queued).data(Qt::ForegroundRole).value<QColor>(), QColor(Qt::gray));
    QVERIFY2(cell(queued).data(Qt::ToolTipRole).toString().contains("Not started yet: it asks for 4 process"),
             qPrintable(cell(queued).data(Qt::ToolTipRole).toString()));
    QCOMPARE(cell(two).data().toInt(), 2);
    QVERIFY(!cell(two).data(Qt::ForegroundRole).isValid());
    const QString tip = cell(two).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains("2 processes") && tip.contains("--nproc") && tip.contains("gloo") && tip.contains("64 images"),
             qPrintable(tip));
    QCOMPARE(cell(old).data().toInt(), 1);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(RunTableModel::SortRole);
    proxy.sort(RunTableModel::Processes, Qt::AscendingOrder);
    QCOMPARE(proxy.index(0, RunTableModel::Id).data().toLongLong(), old);
    QCOMPARE(proxy.index(2, RunTableModel::Id).data().toLongLong(), queued);

    CompareView compare(&store);
    compare.setRunsAsColumns(true);
    compare.setRuns({queued, two});
    QTableWidget *table = compare.table();
    int row = -1;
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->verticalHeaderItem(r)->text() == QLatin1String("processes"))
            row = r;
    QVERIFY(row >= 0);
    QCOMPARE(table->item(row, 0)->text(), QStringLiteral("4 asked"));
    QCOMPARE(table->item(row, 1)->text(), QStringLiteral("2 · gloo · 64 per process"));

    const QString key = QString::fromLatin1(store.path().toUtf8().toHex());
    QSettings().setValue(QStringLiteral("columns/%1/hidden").arg(key), QStringList{"8"});  // Notes, before Processes
    {
        MainWindow window(&controller);
        QHeaderView *header = runTable(window)->horizontalHeader();
        QVERIFY(header->isSectionHidden(RunTableModel::Notes));
        QVERIFY(!header->isSectionHidden(RunTableModel::Processes) && !header->isSectionHidden(RunTableModel::Tags));
    }
    QSettings().setValue(QStringLiteral("columns/%1/hiddenColumns").arg(key), QStringList{"processes", "config:depth"});
    MainWindow window(&controller);
    QHeaderView *header = runTable(window)->horizontalHeader();
    QVERIFY(header->isSectionHidden(RunTableModel::Processes));
    QVERIFY(!header->isSectionHidden(RunTableModel::Notes));
    QSettings().remove(QStringLiteral("columns/%1").arg(key));
}

// A data-parallel run queued from the form (compute.processes = 2): two engine processes train it,
// the browser says 2, Gloo, 16 images each, and its curve is one run's; cancelled, it stops at a
// checkpoint; resumed, two processes train it on to its end, the curve one point a logged step.
void TstWorkbench::twoProcessRunFromTheForm()
{
    RunController controller(QStringLiteral(GATEFOLD_CLI_PATH), m_dir.filePath("ddp/runs.sqlite"));
    QVERIFY2(controller.isOpen(), qPrintable(controller.error()));
    MainWindow window(&controller);
    window.show();
    window.setMetric(QStringLiteral("train/loss"));
    window.formPanel()->setConfig(withSettings(tinyRun(12), {"compute.processes=2"}), QStringLiteral("two ranks"));
    QVERIFY2(window.formPanel()->form()->isValid(), qPrintable(window.formPanel()->form()->problems().join('\n')));
    Q_EMIT window.formPanel()->launchRequested(window.formPanel()->form()->config(), QStringLiteral("two ranks"));
    const qint64 id = controller.store()->runs().front().id;
    RunTableModel *model = window.runModel();
    const auto processes = [&] { return model->index(model->rowOf(id), RunTableModel::Processes); };
    QCOMPARE(processes().data().toInt(), 2);  // asked for, in grey
    QVERIFY(processes().data(Qt::ForegroundRole).isValid());
    QSignalSpy progressed(controller.queue(), &launch::RunQueue::runProgressed);
    QVERIFY(progressed.wait(120000));
    window.selectRun(id);
    QTRY_VERIFY_WITH_TIMEOUT(!processes().data(Qt::ForegroundRole).isValid(), 10000);  // recorded by the engine
    QCOMPARE(processes().data().toInt(), 2);
    QVERIFY2(processes().data(Qt::ToolTipRole).toString().contains("gloo")
                 && processes().data(Qt::ToolTipRole).toString().contains("16 images"),
             qPrintable(processes().data(Qt::ToolTipRole).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(window.curves()->pointCount(id) >= 3, 60000);
    QVERIFY(controller.cancel(id));
    QTRY_VERIFY_WITH_TIMEOUT(controller.queue()->running().isEmpty(), 60000);
    QCOMPARE(store::toString(controller.store()->run(id)->status), QStringLiteral("cancelled"));
    QVERIFY(!controller.store()->artifacts(id, QStringLiteral("checkpoint/last")).empty());
    QSignalSpy started(controller.queue(), &launch::RunQueue::runStarted);
    QVERIFY(controller.resume(id));
    QVERIFY(started.wait(120000));
    QVERIFY(started.first().at(1).value<launch::StartedEvent>().startStep > 0);
    QCOMPARE(waitForEnd(*controller.store(), id), QStringLiteral("finished"));
    QCOMPARE(store::RunVersions::fromJson(controller.store()->run(id)->versions).worldSize, 2);
    const auto stored = controller.store()->metrics(id, QStringLiteral("train/loss"));
    QCOMPARE(int(stored.size()), 12 * 16 / 2);  // one point each log_every = 2 steps, none twice
    QTRY_COMPARE_WITH_TIMEOUT(window.curves()->pointCount(id), stored.size(), 10000);
}

GATEFOLD_TEST_MAIN(TstWorkbench)
#include "tst_workbench.moc"
