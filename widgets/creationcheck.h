#pragma once

#include <QList>
#include <QObject>
#include <QProcess>
#include <QString>

#include <memory>

namespace gatefold::widgets {

// Confirms that runs this window just created are in the store for everyone
// before an engine is started for them: a fresh process (`gatefold-cli runs
// show ID --json`) must see them. A window whose connection writes into a WAL
// file that another process already deleted sees its own writes, nobody else
// does — that engine would fail with "there is no run N". A connection in
// this process would not do: SQLite shares one wal-index per file within a
// process. Runs created together are confirmed by their last one (a store
// lost in between loses every later write); a run not seen is checked alone.
class CreationCheck : public QObject
{
    Q_OBJECT
public:
    CreationCheck(QString enginePath, QString storePath, QObject *parent = nullptr);
    ~CreationCheck() override;

    void add(qint64 runId);
    bool remove(qint64 runId);  // cancelled before it was confirmed
    QList<qint64> pending() const { return m_waiting + m_checking; }

Q_SIGNALS:
    // Seen by a fresh process, or the check itself could not run (then the engine will say what it finds).
    void confirmed(qint64 runId);
    // A fresh process does not see it.
    void notVisible(qint64 runId);

private:
    void checkNext();
    void answered(int exitCode, QProcess::ExitStatus status);

    QString m_enginePath;
    QString m_storePath;
    QList<qint64> m_waiting;
    QList<qint64> m_checking;   // confirmed together when the last one is seen
    int m_singles = 0;          // after a batch not seen: how many runs to look at one by one
    std::unique_ptr<QProcess> m_process;
};

} // namespace gatefold::widgets
