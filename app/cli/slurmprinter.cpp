#include "slurmprinter.h"
#include "clitext.h"

#include "clicommon.h"
#include "trainprinter.h"

#include "launch/engineevents.h"

#include <QDir>

namespace gatefold::cli {

SlurmPrinter::SlurmPrinter(bool json, QHash<qint64, QString> labels)
    : m_json(json)
    , m_labels(std::move(labels))
{
}

QString SlurmPrinter::runName(qint64 runId) const
{
    const QString label = m_labels.value(runId);
    return label.isEmpty() ? tr("run %1").arg(runId) : tr("run %1 (%2)").arg(runId).arg(label);
}

void SlurmPrinter::submitted(const launch::SlurmSubmitted &submitted) const
{
    if (m_json) {
        for (const auto &job : submitted.jobs)
            TrainPrinter::printEvent(launch::SubmittedEvent{job.runId, job.jobId, submitted.scriptPath});
        return;
    }
    printOut(tr("submitted to Slurm as job %1 (%2 task(s)); script %3")
                 .arg(submitted.arrayJobId)
                 .arg(submitted.jobs.size())
                 .arg(QDir::toNativeSeparators(submitted.scriptPath)));
    for (const auto &job : submitted.jobs)
        printOut(tr("  %1: job %2").arg(runName(job.runId), job.jobId));
}

void SlurmPrinter::state(qint64 runId, const QString &jobId, slurm::JobState state) const
{
    if (m_json)
        TrainPrinter::printEvent(launch::JobStateEvent{runId, jobId, slurm::stateKey(state)});
    else
        printOut(tr("%1, job %2: %3").arg(runName(runId), jobId, slurm::toString(state)));
}

void SlurmPrinter::note(const QString &text)
{
    printErr(tr("note: %1").arg(text));
}

} // namespace gatefold::cli
