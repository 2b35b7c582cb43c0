#include "newrun.h"

#include "config/runconfigjson.h"
#include "config/runpaths.h"
#include "store/runstore.h"

namespace gatefold::launch {

store::NewRun newRunOf(const train::RunConfig &config)
{
    store::NewRun run;
    run.configJson = train::runConfigToJson(train::withAbsolutePaths(config));
    run.seed = qint64(config.train.seed);
    return run;
}

std::optional<qint64> createQueuedRun(store::RunStore &store, const train::RunConfig &config,
                                      const QueuedRunDetails &details, QString *error, store::NewRun *created)
{
    store::NewRun run = newRunOf(config);
    run.name = details.name;
    run.sweepId = details.sweepId;
    run.parentId = details.parentId;
    run.tags = details.tags;
    run.notes = details.notes;
    const auto id = store.createRun(run);
    if (!id && error)
        *error = store.lastError();
    if (created)
        *created = std::move(run);
    return id;
}

} // namespace gatefold::launch
