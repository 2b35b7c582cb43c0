#pragma once

#include "launch/slurmsubmission.h"
#include "slurm/jobstate.h"

#include <QHash>
#include <QString>

namespace gatefold::cli {

// What the Slurm side of sweep, train and resume says on stdout: lines for a person, or with
// --json one "submitted" line per run, "job_state" lines while --wait follows the tasks.
class SlurmPrinter
{
public:
    // `labels`: what sets each run apart, by run id ("optim.lr=0.001 seed=0"); may be empty.
    SlurmPrinter(bool json, QHash<qint64, QString> labels);

    void submitted(const launch::SlurmSubmitted &submitted) const;
    // Where Slurm has a run's task now (--wait), said when it changes.
    void state(qint64 runId, const QString &jobId, slurm::JobState state) const;
    // Something a person should know (on stderr, "note: …"), also with --json.
    static void note(const QString &text);

private:
    QString runName(qint64 runId) const;

    bool m_json;
    QHash<qint64, QString> m_labels;
};

} // namespace gatefold::cli
