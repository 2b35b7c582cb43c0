#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gatefold::store {
class RunStore;
}

namespace gatefold::mlflow {

struct ExportOptions {
    QString outDir;                        // an MLflow file store, or a new/empty directory
    QString experiment = QStringLiteral("Gatefold");  // found by name, else created
    std::vector<qint64> runIds;            // in the store
    // Artifact files up to this size are copied into the run's artifacts/;
    // larger ones (and missing ones) are only listed by path in the manifest.
    qint64 maxCopyBytes = qint64(512) << 20;
    QString user;                          // mlflow.user; empty: $USER
};

struct ExportedRun {
    qint64 runId = 0;
    QString mlflowRunId;   // 32 hex digits, the same for the same run of the same store
    QString runDir;
    int params = 0, metricPoints = 0, copiedArtifacts = 0, listedArtifacts = 0;
    QStringList notes;     // what could not be written as recorded (a time that is no number), and how it was
};

struct ExportResult {
    QString experimentId;
    QString experimentDir;
    std::vector<ExportedRun> runs;
};

// Writes the runs into MLflow's file-store layout (what `mlflow ui
// --backend-store-uri file:DIR` reads): <exp>/meta.yaml, <exp>/<run>/meta.yaml,
// params/, metrics/ (keys with '/' nest), tags/, artifacts/. Exporting a run
// again replaces its directory. Refuses (nullopt, `error` says what to do) an
// unknown run, a run whose stored config cannot be read (nothing is written),
// a directory that is neither empty nor an MLflow file store, and one it
// cannot write; a run directory appears only once complete. A time of the
// record that is not a finite number is written as missing, and said in the
// run's notes.
std::optional<ExportResult> exportRuns(store::RunStore &store, const ExportOptions &options, QString *error);

} // namespace gatefold::mlflow
