// MainWindow: sweeps — built in the Sweep dialog and queued here (or submitted to Slurm), or, with
// early stopping, run by a gatefold-cli sweep controller this window starts, follows and stops when
// it quits; a sweep whose controller is gone carried on by `sweep --continue`.

#include "mainwindow.h"

#include "configform.h"

#include "appsettings.h"
#include "runcontroller.h"
#include "slurmsubmitter.h"
#include "runformpanel.h"
#include "sweepbuilder.h"
#include "sweepcontrollerjob.h"

#include "config/runconfigjson.h"
#include "store/runstore.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QStatusBar>

#include <set>

namespace gatefold::widgets {

void MainWindow::openSweepBuilder()
{
    SweepBuilder builder(m_form->form()->config(), this);
    builder.setName(m_form->runName());
    builder.addAxis(QStringLiteral("optim.lr"), QString());
    builder.setSeeds(QStringLiteral("0, 1, 2"));
    if (m_controller->runsGoToSlurm())
        builder.setQueueText(tr("Submit to Slurm"));
    if (builder.exec() != QDialog::Accepted)
        return;
    train::SweepPlan plan;
    QStringList errors;
    if (!builder.plan(&plan, &errors)) {
        QMessageBox::warning(this, tr("Sweep"), errors.join('\n'));
    } else if (const auto asha = builder.earlyStop()) {
        startControlledSweep(plan, builder.gridJson(), *asha);
    } else if (m_controller->runsGoToSlurm()) {  // the engine creates and submits it: its answer comes later
        if (m_controller->submitSweep(m_form->form()->config(), builder.gridJson()))
            m_form->showLaunchResult(tr("Submitting the sweep '%1' (%n run(s)) to Slurm…", nullptr, int(plan.points.size()))
                                         .arg(plan.name),
                                     true);
        else
            m_form->showLaunchResult(tr("The sweep was not submitted to Slurm: %1").arg(m_controller->error()), false);
    } else if (m_controller->launchSweep(plan, builder.gridJson()) == 0) {
        QMessageBox::warning(this, tr("Sweep"), m_controller->error());
    }
}

// Early stopping decides which runs go on as they reach their rungs: a controller child runs the
// sweep (on this machine; the window's own queue runs none of its runs).
void MainWindow::startControlledSweep(const train::SweepPlan &plan, const QByteArray &gridJson, const AshaSettings &asha)
{
    // With Slurm chosen in Settings the controller (here) submits each of its jobs to Slurm with those
    // options; "Runs at a time" is then how many jobs it keeps in flight.
    const QStringList slurm = m_controller->runsGoToSlurm()
        ? QStringList{QStringLiteral("--slurm")} + SlurmSubmitter::arguments(appsettings::slurmOptions())
        : QStringList();
    QString error;
    const QByteArray config = train::runConfigToJson(m_form->form()->config());
    if (!m_controller->sweepJobs()->start(config, gridJson, m_controller->queue()->parallel(), asha, &error, slurm)) {
        m_form->showLaunchResult(tr("The sweep was not started: %1").arg(error), false);
        return;
    }
    m_form->showLaunchResult(tr("Starting the sweep '%1' (%n run(s)) with early stopping…", nullptr,
                                int(plan.points.size()))
                                 .arg(plan.name),
                             true);
}

// The sweeps of the selected runs whose controller is gone (the window quit, the machine restarted)
// go on where they were: `sweep --continue ID`.
void MainWindow::continueSweeps()
{
    std::set<qint64> sweeps;
    for (qint64 id : selectedRuns())
        if (const auto run = m_controller->store()->run(id); run && run->sweepId > 0)
            sweeps.insert(run->sweepId);
    if (sweeps.empty()) {
        statusBar()->showMessage(tr("Select a run of the sweep to continue"), 4000);
        return;
    }
    for (qint64 sweepId : sweeps) {
        QString error;
        // A sweep without early stopping has no controller to carry on: its runs are resumed one by one.
        const auto sweep = m_controller->store()->sweep(sweepId);
        const QJsonObject search = QJsonDocument::fromJson(sweep ? sweep->searchJson : QByteArray()).object();
        if (!search.value(QStringLiteral("early_stop")).isObject())
            m_form->showLaunchResult(tr("Sweep %1 has no early stopping, so no controller to continue it: select "
                                        "its runs that did not finish and Resume them.")
                                         .arg(sweepId),
                                     false);
        else if (m_controller->sweepJobs()->continueSweep(sweepId, &error))
            m_form->showLaunchResult(tr("Continuing sweep %1…").arg(sweepId), true);
        else
            m_form->showLaunchResult(tr("Sweep %1 was not continued: %2").arg(sweepId).arg(error), false);
    }
}

// What the controllers say: the sweep created, and at their end whether it went wrong and why.
void MainWindow::followSweepJobs()
{
    SweepControllerJob *jobs = m_controller->sweepJobs();
    connect(jobs, &SweepControllerJob::sweepCreated, this, [this](qint64 sweepId, qint64 runs) {
        m_form->showLaunchResult(tr("Sweep %1: %n run(s), early stopping decided by its controller.", nullptr, int(runs))
                                     .arg(sweepId),
                                 true);
        refreshRuns();
    });
    connect(jobs, &SweepControllerJob::finished, this, [this](qint64 sweepId, bool ok, const QString &message) {
        const QString sweep = sweepId > 0 ? tr("Sweep %1").arg(sweepId) : tr("The sweep");
        const QString text = ok ? tr("%1: its controller has ended.").arg(sweep)
                                : tr("%1: its controller stopped: %2").arg(sweep, message);
        m_form->showLaunchResult(text, ok);
        m_log->appendPlainText(text);
        refreshRuns();
    });
}

} // namespace gatefold::widgets
