#pragma once

#include "mlflowexport.h"

#include "store/storetypes.h"

#include <QString>

namespace gatefold::mlflow {

// Writes run `r` into `dir`, a fresh directory that becomes `finalDir` once
// complete (meta.yaml's artifact_uri names the final place), as a run of
// experiment `experimentId`: meta.yaml, params/, metrics/, tags/ and
// artifacts/ with Gatefold's manifest (manifestPath). `out` brings the MLflow
// run id and takes the counts and notes. The run's stored config must be
// readable (mlflowexport.cpp checks every run's first). false, with `error`
// naming the file and what to do, when a file cannot be written or copied.
bool writeRun(store::RunStore &store, const store::RunRecord &r, const ExportOptions &options,
              const QString &experimentId, const QString &finalDir, const QString &dir, ExportedRun *out,
              QString *error);

} // namespace gatefold::mlflow
