#pragma once

#include "slurmsubmitter.h"

#include "launch/runqueue.h"
#include "slurm/slurmoptions.h"
#include "store/storetypes.h"
#include "config/sweepgrid.h"
#include "config/trainconfig.h"

#include <QObject>
#include <QSet>
#include <QString>
#include <QTimer>

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

class CreationCheck;
class SchedulerStates;
class SlurmTaskFollower;
class SweepControllerJob;
namespace filedialogs {
class ProtectedStore;
}

// What the window does with runs: create one from a config (queued in the
// store, then on the queue once a fresh process sees it), cancel, resume,
// re-run. Every run is a detached engine process (launch::RunQueue): the
// window never trains, and its runs outlive it if the user wants. The
// controller follows the store too: runs that train on this machine without
// it (started by an earlier window, a background queue, by hand) are
// followed as soon as they are seen. With Slurm chosen in Settings, runs and
// sweeps queued here are submitted to Slurm by `gatefold-cli … --slurm`
// children instead (SlurmSubmitter); such runs are followed through the store
// and their scheduler state (SchedulerStates), cancelled with `runs cancel`
// and resumed by submitting them again.
class RunController : public QObject
{
    Q_OBJECT
public:
    // `enginePath`: the gatefold-cli to start; `storePath`: the run store (opened here).
    RunController(QString enginePath, QString storePath, QObject *parent = nullptr);
    ~RunController() override;

    bool isOpen() const { return m_store != nullptr; }
    QString error() const { return m_error; }
    store::RunStore *store() const { return m_store.get(); }
    launch::RunQueue *queue() const { return m_queue.get(); }
    QString enginePath() const { return m_enginePath; }

    // Creates the run (status queued) and queues it once a fresh process sees it; 0 with error() on failure.
    qint64 launch(const train::RunConfig &config, const QString &name);
    // Creates the sweep and its runs (all queued), as `gatefold-cli sweep` does; 0 with error() on failure.
    qint64 launchSweep(const train::SweepPlan &plan, const QByteArray &gridJson);
    // Runs queued from the window go to Slurm (Settings), not this machine's queue.
    bool runsGoToSlurm() const;
    // The sweep of `gridJson` over `base`, created and submitted to Slurm as one job array by
    // `gatefold-cli sweep --slurm`; the answer comes as submission(). False with error() when it
    // could not be started.
    bool submitSweep(const train::RunConfig &base, const QByteArray &gridJson);
    // A run on Slurm is cancelled by `gatefold-cli runs cancel` (its answer: submission()).
    bool cancel(qint64 runId);
    // A run that was on Slurm, or any with Slurm chosen, is submitted again (`resume --slurm`).
    bool resume(qint64 runId);
    SchedulerStates *schedulerStates() const { return m_states.get(); }
    SlurmSubmitter *slurmSubmitter() const { return m_slurm.get(); }
    // The live progress of runs training in Slurm tasks (their output files).
    SlurmTaskFollower *slurmTasks() const { return m_tasks.get(); }
    // The controllers of sweeps with early stopping started (or continued) from this window.
    SweepControllerJob *sweepJobs() const { return m_sweeps.get(); }
    qint64 rerun(qint64 runId);  // a new run with the same config and name
    std::optional<train::RunConfig> configOf(qint64 runId) const;
    // Created here, not yet confirmed visible to a fresh process (not on the queue yet).
    QList<qint64> unconfirmed() const;
    // The runs a background queue of this store on this machine was handed (a window that quit with
    // "keep running"), as of the last look at the store; those it resumes still show as failed,
    // cancelled or crashed until it starts them.
    QSet<qint64> handedToBackground() const { return m_handed; }

    // The runs nobody will run: queued by a window or queue that is gone, or found running with a
    // dead engine when this controller opened the store (marked crashed then).
    std::vector<store::RunRecord> strandedRuns();
    // Queued runs: adopted and queued here; crashed, failed or cancelled ones: resumed.
    void takeUp(const QList<qint64> &runIds);
    // Queued runs end as cancelled (the others are left as they are).
    void cancelQueued(const QList<qint64> &runIds);

    // Quitting. training(): engines followed; waiting(): runs queued here that have not started.
    int training() const;
    int waiting() const;
    // The waiting runs go to a background queue (`gatefold-cli queue`, detached) that takes them
    // over in the store and starts them as the window would have; the engines train on anyway.
    // False with `error` when it could not be started: the runs then stay queued (offered at the next start).
    bool keepRunning(QString *error);
    // Every engine followed here stops at a checkpoint; waiting runs stay queued in the store.
    void stopRuns();

    // gatefold-cli next to this program, or in the build tree beside it; $GATEFOLD_CLI overrides.
    static QString defaultEnginePath();

Q_SIGNALS:
    void runsChanged();  // a run was created, started or ended (here or elsewhere): the browser re-reads the store
    void notice(qint64 runId, const QString &text);  // for the engine messages dock
    void looked();  // the store was looked at (every 2 s): the metrics of training runs may have grown
    // What a Slurm command said about `runIds`: submitted (as which jobs), refused and why, cancelled.
    void submission(const QList<qint64> &runIds, const QString &text, bool ok);

private:
    qint64 launchInSweep(const train::RunConfig &config, const QString &name, qint64 sweepId);
    // compute.threads for a run that says 0 (all cores): this machine's share, or the Slurm task's cores.
    int threadsFor(const train::RunConfig &config, const slurm::SlurmOptions *slurm) const;
    void confirmed(qint64 runId);
    void slurmAnswered(const SlurmSubmitter::Outcome &outcome);
    static QString slurmText(const SlurmSubmitter::Outcome &outcome);
    void watchSlurm(const std::map<qint64, store::SlurmJob> &jobs, const std::vector<store::RunRecord> &runs);
    void recordedElsewhereNot(qint64 runId);
    void followStore();
    std::vector<qint64> markExitedEngines();

    QString m_enginePath;
    std::unique_ptr<store::RunStore> m_store;
    std::unique_ptr<filedialogs::ProtectedStore> m_protected;  // no save path of the window names its files
    std::unique_ptr<launch::RunQueue> m_queue;
    std::unique_ptr<CreationCheck> m_check;
    std::unique_ptr<SlurmSubmitter> m_slurm;
    std::unique_ptr<SchedulerStates> m_states;
    std::unique_ptr<SlurmTaskFollower> m_tasks;
    std::unique_ptr<SweepControllerJob> m_sweeps;
    std::map<qint64, slurm::SlurmOptions> m_forSlurm;  // created for Slurm: submitted once confirmed
    std::map<qint64, store::NewRun> m_created;  // until confirmed: what to create again if it was lost
    std::vector<qint64> m_crashedAtStart;
    QTimer m_follow;
    QString m_seen;  // the runs' ids and statuses at the last look
    QSet<qint64> m_handed;
    QString m_error;
};

} // namespace gatefold::widgets
