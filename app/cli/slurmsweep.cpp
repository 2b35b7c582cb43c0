#include "slurmsweep.h"
#include "clitext.h"

#include "slurmsubmit.h"
#include "sweepcreation.h"
#include "sweepprinter.h"
#include "sweeprequest.h"

#include "store/runstore.h"
#include "store/storetext.h"

namespace gatefold::cli {
namespace {

QHash<qint64, QString> labelsOf(const CreatedSweep &sweep)
{
    QHash<qint64, QString> labels;
    for (const SweepRun &r : sweep.runs)
        labels.insert(r.runId, r.label);
    return labels;
}

// --wait: each run's end as sweep says it, and the sweep's exit status.
int followSweep(store::RunStore &store, const slurm::SlurmClient &client, const SlurmPrinter &printer,
                const SweepPrinter &sweepPrinter, const CreatedSweep &sweep)
{
    std::vector<qint64> ids;
    for (const SweepRun &r : sweep.runs)
        ids.push_back(r.runId);
    const auto records = waitForRuns(store, client, printer, ids);
    if (!records)
        return ExitFailure;
    const QHash<qint64, QString> labels = labelsOf(sweep);
    SweepTally tally;
    for (const auto &r : *records) {
        const int code = runExitCode(r);
        (code == ExitOk ? tally.finished : code == ExitCancelled ? tally.cancelled : tally.failed) += 1;
        sweepPrinter.runEnded(r.id, labels.value(r.id), store::toString(r.status), store::escapedForTerminal(r.message));
    }
    sweepPrinter.sweepEnded(sweep.id, tally);
    return sweepExitCode(tally);
}

} // namespace

int submitSweep(const SweepRequest &request)
{
    const slurm::SlurmClient client;
    const slurm::SlurmOptions &options = request.slurm->options;
    if (const auto refusal = slurmStoreRefusal(request.storePath, options, client))
        return printCommandError(*refusal);
    QString why;
    auto store = store::RunStore::open(request.storePath, &why);
    if (!store)
        return printCommandError(commandError(ExitFailure, why));
    CommandError error;
    const auto sweep = createSweep(*store, request, &error);
    if (!sweep)
        return printCommandError(error);
    const SweepPrinter sweepPrinter(request.json);
    sweepPrinter.sweepQueued(sweep->id, request.plan.name, qsizetype(sweep->runs.size()), store->displayName());
    std::vector<qint64> ids;
    for (const SweepRun &r : sweep->runs)
        ids.push_back(r.runId);
    launch::SlurmBatch batch = slurmBatch(ids, slurm::EngineCommand::Train, options, QStringLiteral("sweep"));
    batch.jobName = QStringLiteral("gatefold-sweep-%1").arg(sweep->id);
    batch.description = QStringLiteral("sweep %1 '%2', %3 runs").arg(sweep->id).arg(request.plan.name).arg(ids.size());
    batch.folder = launch::SlurmSubmission::sweepFolder(*store, sweep->id);
    const SlurmPrinter printer(request.json, labelsOf(*sweep));
    if (!submitBatch(*store, client, batch, printer, /*newRuns=*/true, &error))
        return printCommandError(error);
    return request.slurm->wait ? followSweep(*store, client, printer, sweepPrinter, *sweep) : ExitOk;
}

} // namespace gatefold::cli
