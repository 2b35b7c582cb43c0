#pragma once

#include "flatyaml.h"
#include "mlflowformat.h"

#include <QString>

#include <map>
#include <optional>

namespace gatefold::mlflow {

struct ExperimentDir;

// What a run's meta.yaml says, checked: it names this run (its directory) of
// this experiment, its status is an MLflow RunStatus and its times are whole
// milliseconds.
struct RunMeta {
    QString path;                                  // the meta.yaml
    std::map<QString, YamlScalar> yaml;
    QString runId;                                 // run_id, else run_uuid
    MlflowStatus status = MlflowStatus::Running;   // RUNNING when the file has none
    std::optional<qint64> startMillis, endMillis;  // nullopt: none (absent or null)

    // A key's text; empty when it is absent or null.
    QString field(const char *key) const;
};

// Reads `runDir`/meta.yaml of a run of `experiment`; errors name the file and
// what to do.
std::optional<RunMeta> readRunMeta(const ExperimentDir &experiment, const QString &runDir, QString *error);

} // namespace gatefold::mlflow
