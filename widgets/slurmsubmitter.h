#pragma once

#include "slurm/slurmoptions.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QProcess>
#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <vector>

class QTemporaryDir;

namespace gatefold::widgets {

// The window's Slurm commands, each a `gatefold-cli` child (the window never runs sbatch or
// scancel itself, never waits for a child): a queued run submitted (`train --run ID --slurm`), a
// run submitted again (`resume --run ID --slurm`), a sweep created and submitted as one job array
// (`sweep --grid --config --slurm`), a run cancelled (`runs cancel ID`: scancel on Slurm). What
// each child said comes back in one signal: the array tasks Slurm accepted, or the engine's reason.
class SlurmSubmitter : public QObject
{
    Q_OBJECT
public:
    enum class Kind { Train, Resume, Sweep, Cancel };
    struct Outcome {
        Kind kind = Kind::Train;
        QList<qint64> runs;              // the runs it was about (a sweep's as the engine created them)
        std::map<qint64, QString> jobs;  // run → its Slurm array task ("4711_0"), as submitted
        qint64 sweepId = 0;
        bool ok = false;                 // the command did what was asked (exit status 0)
        QString message;                 // the engine's words: why not, or what cancel did
    };

    SlurmSubmitter(QString enginePath, QString storePath, QObject *parent = nullptr);
    // Waits for the commands under way (Slurm's own commands time out): a submission killed half
    // way would leave a job Gatefold never recorded.
    ~SlurmSubmitter() override;

    void submitRun(qint64 runId, const slurm::SlurmOptions &options);
    // Without options: those of the run's last submission.
    void resubmit(qint64 runId, const std::optional<slurm::SlurmOptions> &options);
    // The sweep of `gridJson` over the run config `configJson`; false with `error` when its files
    // cannot be written (nothing started).
    bool submitSweep(const QByteArray &configJson, const QByteArray &gridJson, const slurm::SlurmOptions &options,
                     QString *error);
    void cancel(qint64 runId);
    // A command about `runId` is under way.
    bool isBusy(qint64 runId) const;
    int underWay() const { return int(m_children.size()); }
    // The options as gatefold-cli's: only those that differ from Slurm's defaults.
    static QStringList arguments(const slurm::SlurmOptions &options);

Q_SIGNALS:
    void done(const gatefold::widgets::SlurmSubmitter::Outcome &outcome);

private:
    struct Child {
        Outcome outcome;
        std::unique_ptr<QProcess> process;
        std::unique_ptr<QTemporaryDir> files;  // a sweep's grid and config, until its child has read them
    };
    void start(Kind kind, const QList<qint64> &runs, const QStringList &arguments,
               std::unique_ptr<QTemporaryDir> files = {});
    void finished(Child *child);
    // What the child printed, read into its outcome.
    static void read(Child &child);

    QString m_enginePath;
    QString m_storePath;
    std::vector<std::unique_ptr<Child>> m_children;
};

} // namespace gatefold::widgets

Q_DECLARE_METATYPE(gatefold::widgets::SlurmSubmitter::Outcome)
