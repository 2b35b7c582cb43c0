#pragma once

// A run trained in this process into `store` (train::executeRun, no child
// process), for tests that need real checkpoints; a failure stops the test.

#include "store/runstore.h"
#include "config/runconfigjson.h"
#include "train/runexecution.h"

#include <QString>
#include <QtGlobal>

namespace {

inline qint64 trainInProcess(gatefold::store::RunStore &store, const gatefold::train::RunConfig &config,
                             const QString &name)
{
    gatefold::store::NewRun run;
    run.name = name;
    run.configJson = gatefold::train::runConfigToJson(config);
    const auto id = store.createRun(run);
    if (!id)
        qFatal("createRun: %s", qPrintable(store.lastError()));
    const auto result = gatefold::train::executeRun(store, *id, {});
    if (result.end != gatefold::train::TrainEnd::Finished)
        qFatal("training %s: %s", qPrintable(name), qPrintable(result.message));
    return *id;
}

} // namespace
