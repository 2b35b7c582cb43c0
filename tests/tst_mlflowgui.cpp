// The File menu's "Export runs to MLflow…" and "Import from MLflow…" driven as a
// user does: the run selected in the table, the directory and experiment typed
// into the real dialogs, the outcome in the status bar, the run table refreshed
// after an import, and a refusal shown in a message box.

#include "testmain.h"
#ifndef Q_MOC_RUN  // moc needs none of these; following them (LibTorch's too) costs it seconds a file
#include "widgets/mainwindow.h"
#include "widgets/mlflowtransfer.h"
#include "widgets/runcontroller.h"
#include "widgets/runtablemodel.h"

#include "store/runstore.h"
#include "config/runconfigjson.h"
#include "config/runpresets.h"

#include <QtTest/QtTest>

#include <QFileDialog>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QSortFilterProxyModel>
#include <QTableView>

#include <functional>
#endif

using namespace gatefold;
using namespace gatefold::widgets;

namespace {

// Answers the modal dialogs that `trigger` opens, in order, each with `answer`.
void answerDialogs(const std::function<void()> &trigger, const QList<std::function<bool(QWidget *)>> &answers)
{
    auto remaining = std::make_shared<QList<std::function<bool(QWidget *)>>>(answers);
    QTimer poll;
    poll.setInterval(50);
    QObject::connect(&poll, &QTimer::timeout, [remaining] {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal)
            return;
        if (remaining->isEmpty()) {  // an unexpected dialog: say what it says and close it, so the test fails
            if (auto *box = qobject_cast<QMessageBox *>(modal))
                qWarning("unexpected message box: %s", qPrintable(box->text()));
            static_cast<QDialog *>(modal)->reject();
            return;
        }
        if (remaining->first()(modal))
            remaining->removeFirst();
    });
    poll.start();
    trigger();
    poll.stop();
    QVERIFY2(remaining->isEmpty(), "a dialog did not appear");
}

std::function<bool(QWidget *)> chooseDirectory(const QString &dir)
{
    return [dir](QWidget *w) {
        auto *d = qobject_cast<QFileDialog *>(w);
        if (!d)
            return false;
        auto *edit = d->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
        if (!edit)
            return false;
        edit->setText(dir);  // typed, as a user does
        static_cast<QDialog *>(d)->accept();  // QFileDialog::accept is protected
        return true;
    };
}

// The window's run table (other views hold tables too).
QTableView *runTable(MainWindow &window)
{
    for (auto *t : window.findChildren<QTableView *>()) {
        auto *proxy = qobject_cast<QSortFilterProxyModel *>(t->model());
        if (t->model() == window.runModel() || (proxy && proxy->sourceModel() == window.runModel()))
            return t;
    }
    return nullptr;
}

} // namespace

class TstMlflowGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }
    void exportAndImportFromTheFileMenu();

private:
    QTemporaryDir m_dir;
};

void TstMlflowGui::exportAndImportFromTheFileMenu()
{
    RunController source(QStringLiteral("/bin/false"), m_dir.filePath("source.sqlite"));
    QVERIFY2(source.isOpen(), qPrintable(source.error()));
    store::NewRun n;
    n.name = QStringLiteral("gui run");
    n.configJson = train::runConfigToJson(train::demoRun());
    const qint64 id = *source.store()->createRun(n);
    QVERIFY(source.store()->addMetrics(id, {{"train/loss", 1, 0.5, 1700000000.0, 2.0}, {"train/loss", 2, 1.0, 1700000001.0, 1.5}}));
    QVERIFY(source.store()->setStatus(id, store::RunStatus::Running));
    QVERIFY(source.store()->setStatus(id, store::RunStatus::Finished));

    MainWindow window(&source);
    window.resize(1200, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *exportAction = window.findChild<QAction *>(QStringLiteral("exportMlflowAction"));
    auto *importAction = window.findChild<QAction *>(QStringLiteral("importMlflowAction"));
    QVERIFY(exportAction && importAction);
    QVERIFY(window.menuBar()->actions().first()->menu()->actions().contains(exportAction));

    // Nothing selected: the status bar says what to do, no dialog opens.
    QTableView *table = runTable(window);
    QVERIFY(table);
    table->clearSelection();
    QVERIFY(window.selectedRuns().isEmpty());
    exportAction->trigger();
    QVERIFY2(window.statusBar()->currentMessage().contains("Select the runs"), qPrintable(window.statusBar()->currentMessage()));

    const QString out = m_dir.filePath("mlruns");
    QVERIFY(QDir().mkpath(out));
    table->selectRow(0);
    QCOMPARE(window.selectedRuns(), QList<qint64>{id});
    answerDialogs([&] { exportAction->trigger(); },
                  {chooseDirectory(out), [](QWidget *w) {
                       auto *d = qobject_cast<QInputDialog *>(w);
                       if (!d)
                           return false;
                       d->setTextValue(QStringLiteral("GUI study"));
                       d->accept();
                       return true;
                   }});
    QVERIFY2(window.statusBar()->currentMessage().contains("Exported 1 run(s) to MLflow experiment 'GUI study'"),
             qPrintable(window.statusBar()->currentMessage()));
    QCOMPARE(QDir(out + "/1").entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 1);
    // A folder that does not exist yet is created by the export, as `gatefold-cli mlflow export` does
    // (Qt's folder dialog said "Directory not found").
    const QString fresh = m_dir.filePath("fresh-mlruns");
    answerDialogs([&] { exportAction->trigger(); },
                  {chooseDirectory(fresh), [](QWidget *w) {
                       if (auto *box = qobject_cast<QMessageBox *>(w)) {  // "Directory not found"
                           qWarning("the folder was refused: %s", qPrintable(box->text()));
                           box->reject();
                       } else if (auto *files = qobject_cast<QFileDialog *>(w)) {
                           files->reject();  // still open after the refusal
                       }
                       auto *d = qobject_cast<QInputDialog *>(w);
                       if (!d)
                           return false;
                       d->accept();
                       return true;
                   }});
    QVERIFY2(window.statusBar()->currentMessage().contains("Exported 1 run(s)"),
             qPrintable(window.statusBar()->currentMessage()));
    QCOMPARE(QDir(fresh + "/1").entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 1);

    if (qEnvironmentVariableIsSet("GATEFOLD_SCREENSHOTS")) {  // for looking at it: the File menu and the outcome
        QMenu *file = window.menuBar()->actions().first()->menu();
        file->popup(window.mapToGlobal(QPoint(10, 30)));
        QVERIFY(QTest::qWaitForWindowExposed(file));
        file->grab().save(qEnvironmentVariable("GATEFOLD_SCREENSHOTS") + "/mlflow-file-menu.png");
        file->hide();
        window.grab().save(qEnvironmentVariable("GATEFOLD_SCREENSHOTS") + "/mlflow-exported.png");
    }

    // Import into another store's window: the table shows the run afterwards.
    RunController target(QStringLiteral("/bin/false"), m_dir.filePath("target.sqlite"));
    QVERIFY2(target.isOpen(), qPrintable(target.error()));
    MainWindow second(&target);
    second.show();
    QCOMPARE(second.runModel()->rowCount(), 0);
    auto *importHere = second.findChild<QAction *>(QStringLiteral("importMlflowAction"));
    answerDialogs([&] { importHere->trigger(); }, {chooseDirectory(out)});
    QCOMPARE(second.runModel()->rowCount(), 1);
    QVERIFY2(second.statusBar()->currentMessage().contains("Imported 1 run(s)"), qPrintable(second.statusBar()->currentMessage()));
    QCOMPARE(target.store()->runs().front().name, QStringLiteral("gui run"));
    QCOMPARE(target.store()->metrics(target.store()->runs().front().id, "train/loss").size(), size_t(2));

    // A directory that is not an MLflow store: a message box says so; nothing is added.
    const QString notStore = m_dir.filePath("papers");
    QVERIFY(QDir().mkpath(notStore + "/drafts"));
    QString shown;
    answerDialogs([&] { importHere->trigger(); },
                  {chooseDirectory(notStore), [&shown](QWidget *w) {
                       auto *box = qobject_cast<QMessageBox *>(w);
                       if (!box)
                           return false;
                       shown = box->text();
                       if (qEnvironmentVariableIsSet("GATEFOLD_SCREENSHOTS"))
                           box->grab().save(qEnvironmentVariable("GATEFOLD_SCREENSHOTS") + "/mlflow-import-refused.png");
                       box->accept();
                       return true;
                   }});
    QVERIFY2(shown.contains("Nothing was imported") && shown.contains("is not an MLflow file store"), qPrintable(shown));
    QCOMPARE(second.runModel()->rowCount(), 1);
    QCOMPARE(target.store()->runs().size(), size_t(1));
}

GATEFOLD_TEST_MAIN(TstMlflowGui)
#include "tst_mlflowgui.moc"
