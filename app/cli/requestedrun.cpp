#include "requestedrun.h"
#include "clitext.h"

#include "teachercheck.h"
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
    if (config.train.distill.enabled()) {  // the run holds the teacher's file; the teacher run is its parent
        std::vector<train::CheckItem> problems;
        const auto teacher = checkedTeacher(&store, config, &problems);
        if (!teacher) {
            QStringList lines;
            for (const auto &p : problems)
                lines << p.line();
            *error = commandErrors(ExitUsage, tr("the run config is not valid (nothing was created):"), lines);
            return std::nullopt;
        }
        config.train.distill.teacher = teacher->file.toStdString();
        if (details.parentId == 0)
            details.parentId = teacher->runId;
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
