#pragma once

#include <QStringList>

namespace gatefold::cli {

// `runs export-mlflow` and `runs import-mlflow`: `arguments` as runRuns got
// them, with the action still in place.
int runExportMlflow(const QStringList &arguments);
int runImportMlflow(const QStringList &arguments);

} // namespace gatefold::cli
