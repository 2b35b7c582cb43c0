// MainWindow: its menus, toolbar and shortcuts, and the dialogs they open.

#include "mainwindow.h"

#include "aboutdialog.h"
#include "appsettings.h"

#include "configform.h"
#include "curveplot.h"
#include "filedialogs.h"
#include "mlflowtransfer.h"
#include "runcontroller.h"
#include "runformpanel.h"
#include "settingsdialog.h"
#include "statusicon.h"
#include "sweepbuilder.h"
#include "exportdialog.h"
#include "tablebuilder.h"

#include "store/runstore.h"
#include "config/fieldtable.h"
#include "config/runvalidation.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSpinBox>
#include <QStatusBar>
#include <QToolBar>

#include <algorithm>

namespace gatefold::widgets {

void MainWindow::buildActions()
{
    auto *toolbar = addToolBar(tr("Runs"));
    toolbar->setObjectName(QStringLiteral("runsToolbar"));
    auto *fileMenu = menuBar()->addMenu(tr("&File"));
    auto *runMenu = menuBar()->addMenu(tr("&Run"));
    auto *viewMenu = menuBar()->addMenu(tr("&View"));
    auto *helpMenu = menuBar()->addMenu(tr("&Help"));

    addFileActions(fileMenu);
    const QList<QAction *> launching = addLaunchActions(runMenu);
    addResultActions(runMenu);
    fillRunsToolbar(toolbar, launching);
    for (auto *dock : findChildren<QDockWidget *>())
        viewMenu->addAction(dock->toggleViewAction());
    helpMenu->addAction(tr("&About Gatefold"), this, &MainWindow::about);
}

void MainWindow::addFileActions(QMenu *fileMenu)
{
    auto *openStoreAction = fileMenu->addAction(tr("&Open store…"), this, &MainWindow::openStore);
    openStoreAction->setShortcut(QKeySequence::Open);
    openStoreAction->setObjectName(QStringLiteral("openStoreAction"));
    auto *exportPlot = fileMenu->addAction(tr("&Export curves…"), this, &MainWindow::exportCurves);
    exportPlot->setShortcut(QKeySequence(tr("Ctrl+E")));
    fileMenu->addAction(tr("Export runs to &MLflow…"), this, [this] {
        MlflowTransfer::exportDialog(this, *m_controller->store(), selectedRuns());
    })->setObjectName(QStringLiteral("exportMlflowAction"));
    fileMenu->addAction(tr("&Import from MLflow…"), this, [this] {
        if (MlflowTransfer::importDialog(this, *m_controller->store()))
            refreshRuns();
    })->setObjectName(QStringLiteral("importMlflowAction"));
    auto *settingsAction = fileMenu->addAction(tr("&Settings…"), this, [this] { SettingsDialog(this).exec(); });
    settingsAction->setShortcut(QKeySequence::Preferences);
    settingsAction->setMenuRole(QAction::PreferencesRole);
    fileMenu->addSeparator();
    auto *quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

// Queueing, stopping and starting runs again; returns them in the toolbar's order.
QList<QAction *> MainWindow::addLaunchActions(QMenu *runMenu)
{
    // Only what the engine accepts (RunFormPanel::requestQueue: the form's checks and the engine's).
    auto *launchAction = runMenu->addAction(tr("&Queue run"), m_form, &RunFormPanel::requestQueue);
    launchAction->setShortcut(QKeySequence(tr("Ctrl+Return")));
    auto *cancel = runMenu->addAction(tr("&Cancel"), this, [this] {
        for (qint64 id : selectedRuns())
            if (!m_controller->cancel(id) && !m_controller->error().isEmpty())
                appendLog(id, m_controller->error());
    });
    cancel->setShortcut(QKeySequence(tr("Ctrl+.")));
    auto *sweep = runMenu->addAction(tr("&Sweep…"), this, &MainWindow::openSweepBuilder);
    sweep->setShortcut(QKeySequence(tr("Ctrl+Shift+Return")));
    auto *resume = runMenu->addAction(tr("&Resume"), this, [this] {
        for (qint64 id : selectedRuns())
            if (!m_controller->resume(id))
                appendLog(id, m_controller->error());
    });
    auto *continueSweep = runMenu->addAction(tr("C&ontinue sweep"), this, &MainWindow::continueSweeps);
    continueSweep->setObjectName(QStringLiteral("continueSweepAction"));
    continueSweep->setToolTip(tr("Carry on the selected run's sweep with early stopping whose controller is gone "
                                 "(Gatefold quit, the machine restarted): gatefold-cli sweep --continue"));
    auto *rerun = runMenu->addAction(tr("Re-&run"), this, [this] {
        for (qint64 id : selectedRuns())
            m_controller->rerun(id);
    });
    auto *duplicate = runMenu->addAction(tr("&Duplicate into form"), this, &MainWindow::duplicateIntoForm);
    duplicate->setShortcut(QKeySequence(tr("Ctrl+D")));
    return {launchAction, sweep, cancel, resume, rerun, duplicate};
}

// Looking at the selected runs: their engine logs, insides, a table of them, an exported model.
void MainWindow::addResultActions(QMenu *runMenu)
{
    auto *showLog = runMenu->addAction(tr("Show engine &log"), this, &MainWindow::showEngineLogs);
    showLog->setShortcut(QKeySequence(tr("Ctrl+L")));
    auto *inspectAction = runMenu->addAction(tr("&Inspect"), this, [this] {
        if (!inspect())
            statusBar()->showMessage(tr("Select a run to inspect"), 4000);
    });
    inspectAction->setShortcut(QKeySequence(tr("Ctrl+I")));
    inspectAction->setToolTip(tr("Attention, codebook, branch similarity and CKA of the selected run's checkpoint"));
    auto *tableAction = runMenu->addAction(tr("&Table…"), this, &MainWindow::openTableBuilder);
    tableAction->setShortcut(QKeySequence(tr("Ctrl+T")));
    tableAction->setToolTip(tr("A LaTeX or CSV table of the selected runs: mean ± std over seeds, costs, paper layouts"));
    auto *exportModelAction = runMenu->addAction(tr("E&xport model…"), this, &MainWindow::exportModel);
    exportModelAction->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    exportModelAction->setToolTip(tr("Fold the selected run's checkpoint, verify it and write TorchScript, ONNX or safetensors"));
    runMenu->addSeparator();
    auto *refresh = runMenu->addAction(tr("Re&fresh"), this, &MainWindow::refreshRuns);
    refresh->setShortcut(QKeySequence::Refresh);
}

void MainWindow::fillRunsToolbar(QToolBar *toolbar, const QList<QAction *> &launching)
{
    for (QAction *a : launching)
        toolbar->addAction(a);
    toolbar->addSeparator();
    toolbar->addWidget(new QLabel(tr("Runs at a time:")));
    auto *parallel = new QSpinBox;
    parallel->setRange(1, 64);
    parallel->setValue(m_controller->queue()->parallel());
    connect(parallel, &QSpinBox::valueChanged, m_controller->queue(), &launch::RunQueue::setParallel);
    connect(parallel, &QSpinBox::valueChanged, this, [](int runs) { appsettings::setRunsAtATime(runs); });
    toolbar->addWidget(parallel);
}

void MainWindow::duplicateIntoForm()
{
    const auto ids = selectedRuns();
    if (ids.isEmpty())
        return;
    if (const auto config = m_controller->configOf(ids.first()))
        m_form->setConfig(*config, tr("copy of run %1").arg(ids.first()));
}

// Each selected run's status and the end of its engine log, in the engine messages.
void MainWindow::showEngineLogs()
{
    for (qint64 id : selectedRuns()) {
        const auto run = m_controller->store()->run(id);
        if (!run)
            continue;
        appendLog(id, tr("— %1: %2").arg(statusText(run->status), run->message));
        QFile file(launch::RunProcess::logPathFor(m_controller->store()->path(), id));
        if (!file.open(QIODevice::ReadOnly)) {
            appendLog(id, tr("no engine log (the run was not started from this window)"));
            continue;
        }
        const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
        for (qsizetype i = std::max<qsizetype>(0, lines.size() - 40); i < lines.size(); ++i)
            appendLog(id, QStringLiteral("  ") + lines[i]);
    }
}

void MainWindow::openTableBuilder()
{
    const auto ids = selectedRuns();
    if (ids.isEmpty()) {
        statusBar()->showMessage(tr("Select the runs for the table"), 4000);
        return;
    }
    TableBuilder(m_controller->store(), ids, m_controller->enginePath(), this).exec();
}

void MainWindow::exportModel()
{
    const auto ids = selectedRuns();
    if (ids.isEmpty()) {
        statusBar()->showMessage(tr("Select the run to export"), 4000);
        return;
    }
    const auto run = m_controller->store()->run(ids.first());
    ExportDialog dialog(RunController::defaultEnginePath(), m_controller->store()->path(), ids.first(),
                        run ? run->name : QString(), this);
    dialog.setKeptEpochs(keptEpochs(ids.first()));
    dialog.exec();
}

void MainWindow::exportCurves()
{
    const QString path = filedialogs::saveFile(this, tr("Export curves"), QStringLiteral("curves.png"),
                                                      tr("Images (*.png *.svg *.pdf);;Drawn numbers (*.csv)"));
    QString error;
    if (!path.isEmpty() && !curves()->save(path, &error))
        QMessageBox::warning(this, tr("Export curves"), error);
}

void MainWindow::about()
{
    AboutDialog dialog(m_controller->enginePath(), m_controller->store()->displayName(), this);
    dialog.exec();
}

} // namespace gatefold::widgets
