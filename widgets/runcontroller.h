#pragma once

#include "launch/runqueue.h"
#include "train/sweepgrid.h"
#include "train/trainconfig.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::widgets {

// What the window does with runs: create one from a config (queued in the
// store, then on the queue), cancel, resume, re-run; every run is an engine
// child process (launch::RunQueue), so the window never trains.
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

    // Creates the run (status queued) and queues it; 0 with error() on failure.
    qint64 launch(const train::RunConfig &config, const QString &name);
    // Creates the sweep and its runs (all queued), as `gatefold-cli sweep` does; 0 with error() on failure.
    qint64 launchSweep(const train::SweepPlan &plan, const QByteArray &gridJson);
    bool cancel(qint64 runId);
    bool resume(qint64 runId);
    qint64 rerun(qint64 runId);  // a new run with the same config and name
    std::optional<train::RunConfig> configOf(qint64 runId) const;

    // gatefold-cli next to this program, or in the build tree beside it; $GATEFOLD_CLI overrides.
    static QString defaultEnginePath();

Q_SIGNALS:
    void runsChanged();  // a run was created or ended: the browser re-reads the store

private:
    qint64 launchInSweep(const train::RunConfig &config, const QString &name, qint64 sweepId);

    std::unique_ptr<store::RunStore> m_store;
    std::unique_ptr<launch::RunQueue> m_queue;
    QString m_error;
};

} // namespace gatefold::widgets
