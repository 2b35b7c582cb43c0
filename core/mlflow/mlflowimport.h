#pragma once

#include "store/storetypes.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::mlflow {

struct ImportOptions {
    QString dir;          // an MLflow file store (e.g. ./mlruns)
    QString experiment;   // a name or id; empty: every experiment
};

// One MLflow run as it will enter the store.
struct ImportedMlflowRun {
    QString experimentId, experimentName, mlflowRunId, runDir;
    store::ImportedRun run;
    QMap<QString, QString> foreignParams;  // params that are not settings (also in notes and the source artifact)
    QString skipReason;                    // non-empty: not imported (e.g. imported before, as run N)
};

// Reads every run of the file store (or of one experiment) without touching
// the store. NaN metric points (a diverged run) are left out — the store
// holds numbers only — and counted in the mlflow/run artifact's info
// ("nan_points_dropped"). Bad input — not a file store, a damaged meta.yaml, a metric line
// that is not "<ms> <value> [<step>]", a setting with a bad value — is refused
// with an error naming the file (and line) and what to do.
std::optional<std::vector<ImportedMlflowRun>> readMlflowRuns(const ImportOptions &options, QString *error);

struct ImportResult {
    std::vector<ImportedMlflowRun> runs;  // read, in order
    std::vector<qint64> newIds;           // the store ids of the runs imported (those without a skipReason)
};

// readMlflowRuns, then every new run into the store in one transaction: all or
// nothing. Runs imported before (same MLflow run id, recorded in their
// mlflow/run artifact) are skipped and said so.
std::optional<ImportResult> importMlflow(store::RunStore &store, const ImportOptions &options, QString *error);
// The second half of importMlflow, for runs already read (so that bad input is refused before a store is opened).
std::optional<ImportResult> importMlflowRuns(store::RunStore &store, std::vector<ImportedMlflowRun> runs, QString *error);

} // namespace gatefold::mlflow
