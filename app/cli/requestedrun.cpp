#include "requestedrun.h"
#include "clitext.h"

#include "trainprinter.h"

#include "launch/newrun.h"
#include "store/runstore.h"
#include "train/datarecord.h"

namespace gatefold::cli {

std::optional<qint64> createRequestedRun(store::RunStore &store, const TrainRequest &request, CommandError *error)
{
    std::optional<InitCheckpoint> init = request.init;
    if (request.initFromRun) {  // RUN, RUN:best or RUN:last: verified now that the store is open
        init = verifiedInitRun(store, *request.initFromRun, request.config, request.acceptModifiedCheckpoint, error);
        if (!init)
            return std::nullopt;
    }
    train::RunConfig config = request.config;
    launch::QueuedRunDetails details = request.details;
    if (init) {
        details.parentId = init->runId;
        config.train.initFrom = init->file.toStdString();
    }
    QString why;
    const auto runId = launch::createQueuedRun(store, config, details, &why);
    if (!runId) {
        *error = commandError(ExitFailure, why);
        return std::nullopt;
    }
    if (init && init->check.state == train::CheckpointState::Modified)
        recordAcceptance(store, *runId, *init);
    if (const auto record = train::dataSetArtifact(*runId, request.dataFacts, config); record && !store.addArtifact(*record))
        printErr(tr("warning: cannot record the data set with run %1 (its first start does): %2")
                     .arg(*runId)
                     .arg(store.lastError()));
    return runId;
}

void printCreated(const store::RunStore &store, qint64 runId, const TrainRequest &request)
{
    if (request.json)
        TrainPrinter::printEvent(launch::CreatedEvent{runId, store.displayName()});
    else
        printOut(tr("created run %1 '%2' in %3").arg(runId).arg(request.details.name, store.displayName()));
}

} // namespace gatefold::cli
