#pragma once

#include "launch/slurmrunstates.h"

#include <QObject>
#include <QProcess>
#include <QString>
#include <QTimer>

#include <map>
#include <memory>

namespace gatefold::widgets {

// Where Slurm has the store's runs that were submitted to it, as `gatefold-cli runs list --json`
// says (squeue, sacct): a child process — never on the GUI thread, one at a time — asked every few
// seconds while watching (some such run may still change), and once more when watching ends.
class SchedulerStates : public QObject
{
    Q_OBJECT
public:
    SchedulerStates(QString enginePath, QString storePath, QObject *parent = nullptr);
    ~SchedulerStates() override;

    void setWatching(bool on);
    bool isWatching() const { return m_timer.isActive(); }
    // Asks now; while a child asks, once it has answered.
    void refresh();
    // By run id: only runs submitted to Slurm, as last answered.
    const std::map<qint64, launch::SlurmStateLine> &states() const { return m_states; }
    const launch::SlurmStateLine *find(qint64 runId) const;
    // Why the last answer did not come (the engine could not list the runs); empty when it did.
    QString problem() const { return m_problem; }
    void setInterval(int ms) { m_timer.setInterval(ms); }

Q_SIGNALS:
    void changed();

private:
    void answered();

    QString m_enginePath;
    QString m_storePath;
    QTimer m_timer;
    std::unique_ptr<QProcess> m_process;
    bool m_again = false;  // refresh() while a child asked: ask again once it answers
    std::map<qint64, launch::SlurmStateLine> m_states;
    QString m_problem;
};

} // namespace gatefold::widgets
