#pragma once

#include "launch/engineevents.h"
#include "train/trainevents.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QString>

namespace gatefold::cli {

// Shows a run as it trains. Human form: a progress bar with ETA on a terminal
// (stderr), a line per evaluation on stdout. JSON form (--json): one object
// per line on stdout, {"event": …}, for the GUI and scripts (README lists them).
class TrainPrinter : public train::TrainEvents
{
public:
    TrainPrinter(bool json, qint64 runId);

    void started(const train::RunStart &start) override;
    void metrics(const std::vector<store::MetricPoint> &points) override;
    void progress(const train::Progress &progress) override;
    void evaluated(const train::EvalReport &report) override;
    bool checkpointed(const train::CheckpointReport &report, QString *error) override;
    void message(const QString &text) override;

    // The last line: {"event": "end", "status": …} or a human summary.
    void finished(const QString &status, const QString &message);

    // One line on stdout: an engine event through the one writer (launch/engineevents.h), or
    // another command's JSON answer.
    static void printEvent(const launch::EngineEvent &event);
    static void printJson(const QJsonObject &object);

private:
    void clearBar();
    static void logLine(const QString &text);

    bool m_json;
    bool m_bar;  // stderr is a terminal and not --json
    bool m_barShown = false;
    qint64 m_runId;
    QElapsedTimer m_sinceProgress;
};

QString formatDuration(double seconds);

} // namespace gatefold::cli
