#pragma once

#include "store/storetypes.h"

#include <QString>

#include <optional>

namespace gatefold::mlflow {

// MLflow's RunStatus as its file store writes it in meta.yaml.
enum class MlflowStatus { Running = 1, Scheduled = 2, Finished = 3, Failed = 4, Killed = 5 };

MlflowStatus toMlflow(store::RunStatus status);
// A run read from MLflow: RUNNING has no engine here, so it is crashed.
store::RunStatus fromMlflow(MlflowStatus status);
std::optional<MlflowStatus> mlflowStatusFromInt(int value);

// Whether `key` is a name MLflow accepts for a param, metric or tag
// (letters, digits, _ - . space /; no '..' or leading '/').
bool isValidMlflowKey(const QString &key);

// Unix seconds <-> MLflow's integer milliseconds; nullopt for a time that is
// not a finite number or lies beyond what 64-bit milliseconds hold (a damaged record).
std::optional<qint64> toMillis(double unixSeconds);
double fromMillis(qint64 millis);

// Tags Gatefold writes and reads besides MLflow's own.
namespace tags {
inline constexpr char runName[] = "mlflow.runName";
inline constexpr char note[] = "mlflow.note.content";
inline constexpr char user[] = "mlflow.user";
inline constexpr char sourceName[] = "mlflow.source.name";
inline constexpr char sourceType[] = "mlflow.source.type";
inline constexpr char status[] = "gatefold.status";          // the exact Gatefold status
inline constexpr char tagList[] = "gatefold.tags";           // JSON array of the run's tags
inline constexpr char created[] = "gatefold.created";        // Unix seconds
inline constexpr char device[] = "gatefold.device";
inline constexpr char host[] = "gatefold.host";
inline constexpr char versions[] = "gatefold.versions";      // JSON object
inline constexpr char message[] = "gatefold.message";
inline constexpr char runId[] = "gatefold.run_id";           // the id in the exporting store
inline constexpr char store[] = "gatefold.store";            // the exporting store
inline constexpr char sweep[] = "gatefold.sweep";            // sweep id in the exporting store
inline constexpr char epochMetric[] = "gatefold.epoch_metric";  // the metric that carries epochs
} // namespace tags

// The metric that carries each step's epoch (MLflow has no epoch field).
inline constexpr char epochMetricKey[] = "epoch";
// Artifact kinds an import records.
inline constexpr char sourceArtifactKind[] = "mlflow/run";   // the MLflow run it came from
inline constexpr char plainArtifactKind[] = "mlflow/artifact";
// Where an export lists the run's artifacts (kind, path, sha256, info, copy).
inline constexpr char manifestPath[] = "gatefold/artifacts.json";

} // namespace gatefold::mlflow
