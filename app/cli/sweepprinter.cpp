#include "sweepprinter.h"
#include "clitext.h"

#include "clicommon.h"
#include "trainprinter.h"

#include "launch/engineevents.h"

#include <cstdio>

namespace gatefold::cli {

int sweepExitCode(const SweepTally &tally)
{
    if (tally.failed > 0)
        return ExitFailure;
    return tally.cancelled > 0 ? ExitCancelled : ExitOk;
}

SweepPrinter::SweepPrinter(bool json)
    : m_json(json)
{
}

void SweepPrinter::sweepCreated(qint64 sweepId, const QString &name, qsizetype runs, int parallel,
                                const QString &store) const
{
    if (m_json)
        TrainPrinter::printEvent(launch::SweepEvent{sweepId, qint64(runs), store});
    else
        printOut(tr("sweep %1 '%2': %3 runs, %4 at a time, in %5")
                     .arg(sweepId)
                     .arg(name)
                     .arg(runs)
                     .arg(parallel)
                     .arg(store));
}

void SweepPrinter::sweepQueued(qint64 sweepId, const QString &name, qsizetype runs, const QString &store) const
{
    if (m_json)
        TrainPrinter::printEvent(launch::SweepEvent{sweepId, qint64(runs), store});
    else
        printOut(tr("sweep %1 '%2': %3 runs in %4, for Slurm").arg(sweepId).arg(name).arg(runs).arg(store));
}

void SweepPrinter::runStarted(qint64 runId, const QString &label) const
{
    if (!m_json)
        printOut(tr("run %1 (%2) started").arg(runId).arg(label));
}

void SweepPrinter::engineLine(const QByteArray &line) const
{
    if (!m_json)
        return;
    std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

void SweepPrinter::runEnded(qint64 runId, const QString &label, const QString &status, const QString &message) const
{
    if (!m_json)
        printOut(tr("run %1 (%2) %3: %4").arg(runId).arg(label, status, message));
}

void SweepPrinter::sweepEnded(qint64 sweepId, const SweepTally &tally) const
{
    if (m_json)
        TrainPrinter::printEvent(launch::SweepEndEvent{sweepId, tally.finished, tally.failed, tally.cancelled, tally.stopped});
    else if (tally.stopped > 0)
        printOut(tr("sweep %1: %2 finished, %3 stopped early, %4 failed, %5 cancelled")
                     .arg(sweepId)
                     .arg(tally.finished)
                     .arg(tally.stopped)
                     .arg(tally.failed)
                     .arg(tally.cancelled));
    else
        printOut(tr("sweep %1: %2 finished, %3 failed, %4 cancelled")
                     .arg(sweepId)
                     .arg(tally.finished)
                     .arg(tally.failed)
                     .arg(tally.cancelled));
}

} // namespace gatefold::cli
