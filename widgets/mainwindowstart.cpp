// MainWindow's first start: the welcome page while the store has no runs, and opening another store.

#include "mainwindow.h"

#include "filedialogs.h"
#include "mlflowtransfer.h"
#include "runcontroller.h"
#include "runformpanel.h"
#include "runtablemodel.h"
#include "welcomepage.h"

#include "config/runpresets.h"
#include "store/runstore.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>

namespace gatefold::widgets {

QWidget *MainWindow::withWelcome(QWidget *centre)
{
    m_welcome = new WelcomePage(m_controller->store() ? m_controller->store()->displayName() : QString());
    connect(m_welcome, &WelcomePage::demoRequested, this, [this] {
        m_form->setConfig(train::demoRun(), QStringLiteral("demo"));
        m_form->requestQueue();
    });
    connect(m_welcome, &WelcomePage::openStoreRequested, this, &MainWindow::openStore);
    connect(m_welcome, &WelcomePage::importRequested, this, [this] {
        if (MlflowTransfer::importDialog(this, *m_controller->store()))
            refreshRuns();
    });
    m_centreStack = new QStackedWidget;
    m_centreStack->addWidget(m_welcome);
    m_centreStack->addWidget(centre);
    return m_centreStack;
}

void MainWindow::showWelcomeWhenEmpty()
{
    m_centreStack->setCurrentIndex(m_model->rowCount() == 0 ? 0 : 1);
}

bool MainWindow::showsWelcome() const
{
    return m_centreStack->currentWidget() == m_welcome;
}

void MainWindow::openStore()
{
    const QString current = m_controller->store() ? m_controller->store()->path() : QString();
    const QString path = filedialogs::openFile(this, tr("Open a run store"), QFileInfo(current).absolutePath(),
                                               tr("SQLite run store (*.sqlite);;All files (*)"));
    if (path.isEmpty())
        return;
    if (!current.isEmpty() && QFileInfo(path).canonicalFilePath() == QFileInfo(current).canonicalFilePath()) {
        statusBar()->showMessage(tr("%1 is the store open now.").arg(QDir::toNativeSeparators(path)), 6000);
        return;
    }
    // Looked at before the window goes: a file that is no store is said here, nothing else happens.
    QString error;
    if (!store::RunStore::open(path, &error)) {
        QMessageBox::warning(this, tr("Open a run store"),
                             tr("%1 is not a run store Gatefold can open:\n%2").arg(QDir::toNativeSeparators(path), error));
        return;
    }
    Q_EMIT storeChosen(path);
}

} // namespace gatefold::widgets
