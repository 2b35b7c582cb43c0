#include "runmeta.h"

#include "filestore.h"

#include <QFileInfo>

namespace gatefold::mlflow {
namespace {

std::optional<qint64> yamlInteger(const std::map<QString, YamlScalar> &yaml, const char *key, const QString &path,
                                  bool *present, QString *error)
{
    const auto it = yaml.find(QLatin1String(key));
    *present = it != yaml.end() && !it->second.isNull;
    if (!*present)
        return 0;
    bool ok = false;
    const qint64 v = it->second.text.toLongLong(&ok);
    if (!ok) {
        if (error)
            *error = QStringLiteral("%1: %2 is '%3', not a whole number; repair the file").arg(path, QLatin1String(key), it->second.text);
        return std::nullopt;
    }
    return v;
}

// The run id, when meta.yaml has one and it names this run of this experiment.
bool readRunId(RunMeta *meta, const ExperimentDir &experiment, const QString &runDir, QString *error)
{
    const QString &metaPath = meta->path;
    meta->runId = meta->field("run_id").isEmpty() ? meta->field("run_uuid") : meta->field("run_id");
    if (meta->runId.isEmpty()) {
        if (error)
            *error = QStringLiteral("%1 has no run_id (nor run_uuid); it is not an MLflow run's meta.yaml — repair it "
                                    "or remove the directory").arg(metaPath);
        return false;
    }
    if (meta->runId != QFileInfo(runDir).fileName()) {
        if (error)
            *error = QStringLiteral("%1 says run_id %2, but its directory is %3; repair the file")
                         .arg(metaPath, meta->runId, QFileInfo(runDir).fileName());
        return false;
    }
    if (!meta->field("experiment_id").isEmpty() && meta->field("experiment_id") != experiment.id) {
        if (error)
            *error = QStringLiteral("%1 says experiment_id %2, but it lies in experiment %3; repair the file")
                         .arg(metaPath, meta->field("experiment_id"), experiment.id);
        return false;
    }
    return true;
}

// The status and the start and end times. All three are read before any is
// refused (the last bad one is the error).
bool readStatusAndTimes(RunMeta *meta, QString *error)
{
    bool hasStatus = false, hasStart = false, hasEnd = false;
    const auto statusInt = yamlInteger(meta->yaml, "status", meta->path, &hasStatus, error);
    const auto start = yamlInteger(meta->yaml, "start_time", meta->path, &hasStart, error);
    const auto end = yamlInteger(meta->yaml, "end_time", meta->path, &hasEnd, error);
    if (!statusInt || !start || !end)
        return false;
    const auto status = hasStatus ? mlflowStatusFromInt(int(*statusInt)) : std::optional<MlflowStatus>(MlflowStatus::Running);
    if (!status) {
        if (error)
            *error = QStringLiteral("%1: status %2 is not an MLflow RunStatus (1 running, 2 scheduled, 3 finished, "
                                    "4 failed, 5 killed); repair the file").arg(meta->path).arg(*statusInt);
        return false;
    }
    meta->status = *status;
    meta->startMillis = hasStart ? start : std::nullopt;
    meta->endMillis = hasEnd ? end : std::nullopt;
    return true;
}

} // namespace

QString RunMeta::field(const char *key) const
{
    const auto it = yaml.find(QLatin1String(key));
    return it == yaml.end() ? QString() : it->second.text;
}

std::optional<RunMeta> readRunMeta(const ExperimentDir &experiment, const QString &runDir, QString *error)
{
    RunMeta meta;
    meta.path = runDir + QStringLiteral("/meta.yaml");
    auto yaml = readMetaYaml(meta.path, error);
    if (!yaml)
        return std::nullopt;
    meta.yaml = std::move(*yaml);
    if (!readRunId(&meta, experiment, runDir, error) || !readStatusAndTimes(&meta, error))
        return std::nullopt;
    return meta;
}

} // namespace gatefold::mlflow
