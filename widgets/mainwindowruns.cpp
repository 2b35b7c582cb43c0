// MainWindow: what becomes of the runs it follows when it quits, of the runs
// nobody runs any more when it starts, and what it hears of runs on Slurm.

#include "mainwindow.h"

#include "quitdialog.h"
#include "runcontroller.h"
#include "runformpanel.h"
#include "runtablemodel.h"
#include "schedulerstates.h"
#include "slurmtaskfollower.h"
#include "strandedrunsdialog.h"
#include "sweepcontrollerjob.h"

#include <QEventLoop>
#include <QMessageBox>
#include <QProgressDialog>

namespace gatefold::widgets {

bool MainWindow::settleRuns()
{
    const int training = m_controller->training();
    const int waiting = m_controller->waiting();
    const int sweeps = m_controller->sweepJobs()->running();
    if (training == 0 && waiting == 0 && sweeps == 0)
        return true;
    switch (QuitDialog::ask(this, training, waiting, sweeps)) {
    case QuitDialog::Choice::Stay:
        return false;
    case QuitDialog::Choice::KeepRunning: {
        // A controller's runs are its own: SIGTERM stops them at a checkpoint (sweep --continue goes on).
        m_controller->sweepJobs()->stopAll();
        QString error;
        if (!m_controller->keepRunning(&error))
            QMessageBox::warning(this, tr("Quit Gatefold"),
                                 tr("The queued runs could not be handed to a background queue: %1\nThey stay "
                                    "queued; Gatefold offers them when it next starts.")
                                     .arg(error));
        waitForStops(false);
        return true;
    }
    case QuitDialog::Choice::Stop:
        m_controller->sweepJobs()->stopAll();  // first: a controller would start its next run
        m_controller->stopRuns();
        waitForStops(true);
        return true;
    }
    return true;
}

// The engines save a checkpoint and end; the window waits for them (they are detached: "Quit now"
// leaves them to finish stopping on their own), and for the sweep controllers it stopped (they
// wait for their runs). `engines`: the window's engines were stopped too, not only the controllers'.
void MainWindow::waitForStops(bool engines)
{
    const auto left = [this, engines] {
        return (engines ? m_controller->training() : 0) + m_controller->sweepJobs()->running();
    };
    const int total = left();
    if (total == 0)
        return;
    QProgressDialog progress(tr("Stopping %n run(s) at a checkpoint…", nullptr, total), tr("&Quit now"), 0, total, this);
    progress.setObjectName(QStringLiteral("stoppingRuns"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.setAutoReset(false);
    QEventLoop loop;
    const auto update = [&progress, &loop, &left, total] {
        const int now = left();
        progress.setValue(total - std::min(total, now));
        if (now == 0)
            loop.quit();
    };
    connect(m_controller->queue(), &launch::RunQueue::changed, &progress, update);
    connect(m_controller->sweepJobs(), &SweepControllerJob::finished, &progress, update);
    connect(&progress, &QProgressDialog::canceled, &loop, &QEventLoop::quit);
    progress.setValue(0);
    loop.exec();
}

void MainWindow::offerStrandedRuns()
{
    const auto runs = m_controller->strandedRuns();
    if (runs.empty())
        return;
    StrandedRunsDialog dialog(runs, this);
    dialog.exec();
    switch (dialog.choice()) {
    case StrandedRunsDialog::Choice::TakeUp:
        m_controller->takeUp(dialog.checkedRuns());
        break;
    case StrandedRunsDialog::Choice::CancelQueued:
        m_controller->cancelQueued(dialog.checkedRuns());
        break;
    case StrandedRunsDialog::Choice::Leave:
        break;
    }
}

// Runs on Slurm: what the submissions answered (under the Queue button), where Slurm has each run
// (its status), and the progress its task writes (its progress bar).
void MainWindow::followSlurm()
{
    connect(m_controller, &RunController::submission, this, [this](const QList<qint64> &, const QString &text, bool ok) {
        m_form->showLaunchResult(text, ok);
    });
    SchedulerStates *states = m_controller->schedulerStates();
    connect(states, &SchedulerStates::changed, this, [this, states] {
        m_model->setSchedulerStates(states->states(), states->problem());
        fitStatusColumn();
    });
    connect(m_controller->slurmTasks(), &SlurmTaskFollower::progressed, this,
            [this](qint64 id, const launch::RunProgress &p) { m_model->setProgress(id, p); });
}

} // namespace gatefold::widgets
