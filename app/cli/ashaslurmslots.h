#pragma once

#include "slurmprinter.h"

#include "search/asha.h"
#include "slurm/slurmclient.h"
#include "slurm/slurmoptions.h"
#include "store/storetypes.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <algorithm>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::cli {

// The engine slots of an early-stopping sweep on Slurm: each of ASHA's jobs submitted as its own
// one-task Slurm job (`train|resume --run ID [--stop-at-epoch R]`, script and output in the run's
// folder, as `train --run ID --slurm` makes them), followed until its run ends. A job holds its
// slot until the engine ends the run (the store says so), or until Slurm says the task ended
// without that: a run left running is then recorded as crashed (the engine was killed), one the
// engine never took is said to have failed, with where the task's output is.
class AshaSlurmSlots
{
public:
    // How a job's run ended: `status` as the engine ends runs ("stopped", "finished", "crashed", …).
    struct Ended {
        qint64 runId = 0;
        QString label;
        QString status;
        QString message;
        bool taken = true;  // false: the task ended before its engine took the run
    };

    AshaSlurmSlots(store::RunStore &store, slurm::SlurmOptions options, qint64 sweepId, bool json);

    // Submits `job`'s run; false with `error` when Slurm did not accept it.
    bool submit(const search::AshaJob &job, const QString &label, QString *error);
    int inFlight() const { return int(m_jobs.size()); }
    bool holds(qint64 runId) const
    {
        return std::any_of(m_jobs.begin(), m_jobs.end(), [&](const InFlight &j) { return j.runId == runId; });
    }
    // Waits a moment, then the jobs whose runs ended since the last call (their slots free again).
    std::vector<Ended> follow();
    // An earlier controller's jobs of `runs` that Slurm still holds but no engine has taken (the run
    // not running; also one sbatch accepted but the store never recorded): cancelled and waited for
    // (up to a minute), so this controller decides on those runs anew.
    void cancelUntaken(const std::vector<store::RunRecord> &runs);
    // scancel for every job in flight: the engines save and end cancelled (followed to their end).
    void cancelAll();

private:
    struct InFlight {
        qint64 runId = 0;
        QString label;
        QString jobId;          // "12345_0"
        QString outputFolder;   // where the task's slurm-<job>.out/.err go
        double endedBefore = 0; // the run's end time when submitted: the engine's end changes it
        int notLivePolls = 0;   // consecutive looks at which Slurm said the task no longer lives
    };

    bool runEnded(const InFlight &job, store::RunRecord *record) const;
    std::optional<QStringList> liveJobsOf(const std::vector<qint64> &runIds, QString *error) const;
    Ended endedWithoutEngine(const InFlight &job, slurm::JobState state);

    store::RunStore &m_store;
    const slurm::SlurmOptions m_options;
    const qint64 m_sweepId;
    const slurm::SlurmClient m_client;
    const SlurmPrinter m_printer;
    std::vector<InFlight> m_jobs;
    bool m_slurmSilentSaid = false;
};

} // namespace gatefold::cli
