#pragma once

#include "ashasettings.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class QProcess;
class QTemporaryDir;

namespace gatefold::widgets {

// Sweeps with early stopping, each run by a `gatefold-cli sweep … --early-stop asha --json` child
// (the controller: it creates the runs, starts their engines, stops and resumes them at the rungs;
// the window never decides, so the sweep goes on the same under a controller started by hand). A
// sweep whose controller is gone (the window quit, the machine restarted) is carried on by
// `sweep --continue ID`. The children's lines are read as they come: the sweep's id as soon as it
// exists, a refresh of the run table as its runs appear, start or end, and at the end its outcome
// (what the engine said went wrong, from its standard error). Quitting stops the controllers with
// SIGTERM: each stops its runs at a checkpoint and ends.
class SweepControllerJob : public QObject
{
    Q_OBJECT
public:
    SweepControllerJob(QString enginePath, QString storePath, QObject *parent = nullptr);
    // Stops the controllers still running (SIGTERM) and waits for them to end.
    ~SweepControllerJob() override;

    // The controller's command line, without the engine: `sweep --store S --config BASE --grid GRID
    // --parallel N --early-stop asha --metric M --mode max --rungs 1,3,9 --eta 3 --json`.
    // `slurm` (e.g. {"--slurm", "--partition", "gpu"}): the controller submits each job to Slurm.
    static QStringList arguments(const QString &storePath, const QString &configPath, const QString &gridPath,
                                 int parallel, const AshaSettings &asha, const QStringList &slurm = {});
    static QStringList continueArguments(const QString &storePath, qint64 sweepId);

    // Writes the run config and the grid to a temporary folder and starts the controller; false with
    // `error` when the files cannot be written (nothing started).
    bool start(const QByteArray &configJson, const QByteArray &gridJson, int parallel, const AshaSettings &asha,
               QString *error, const QStringList &slurm = {});
    // Starts `sweep --continue ID`; false with `error` when this window controls that sweep already.
    bool continueSweep(qint64 sweepId, QString *error);
    int running() const { return int(m_children.size()); }
    bool controls(qint64 sweepId) const;
    // SIGTERM to every controller: it stops its runs at a checkpoint, then ends (finished() follows).
    void stopAll();

Q_SIGNALS:
    void sweepCreated(qint64 sweepId, qint64 runs);
    void runsChanged();  // a run of a controlled sweep was created, started or ended
    // A controller ended: `ok` when it exited with status 0; `message`: why not, in the engine's words.
    void finished(qint64 sweepId, bool ok, const QString &message);

private:
    struct Child {
        std::unique_ptr<QProcess> process;
        std::unique_ptr<QTemporaryDir> files;
        QByteArray pending;  // stdout not yet ended by a newline
        qint64 sweepId = 0;
    };
    void launch(const QStringList &arguments, std::unique_ptr<QTemporaryDir> files, qint64 sweepId);
    void readLines(Child *child);
    void ended(Child *child);
    QString outcome(Child &child) const;

    QString m_enginePath;
    QString m_storePath;
    std::vector<std::unique_ptr<Child>> m_children;
};

} // namespace gatefold::widgets
