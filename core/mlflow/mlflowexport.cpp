#include "mlflowexport.h"

#include "filestore.h"
#include "flatyaml.h"
#include "mlflowformat.h"
#include "runwriter.h"

#include "json/strictjson.h"
#include "store/runstore.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace gatefold::mlflow {
namespace {

// An empty directory, or one MLflow's FileStore made: its experiments; else an error.
std::optional<std::vector<ExperimentDir>> prepareRoot(const QString &root, QString *error)
{
    QDir dir(root);
    if (QFileInfo(root).exists() && !QFileInfo(root).isDir()) {
        if (error)
            *error = QStringLiteral("%1 is a file; give a directory for the MLflow file store").arg(root);
        return std::nullopt;
    }
    const bool empty = !dir.exists() || dir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty();
    if (empty) {
        if (!dir.mkpath(QStringLiteral("."))) {
            if (error)
                *error = QStringLiteral("cannot create %1; choose a directory you can write to").arg(root);
            return std::nullopt;
        }
        return std::vector<ExperimentDir>{};
    }
    QString why;
    auto experiments = readExperiments(root, &why);
    if (!experiments) {
        if (error)
            *error = QStringLiteral("%1 is not empty and not an MLflow file store (%2); choose a new or empty directory, "
                                    "or an existing MLflow file store")
                         .arg(root, why);
        return std::nullopt;
    }
    return experiments;
}

QString writeExperiment(const QString &root, const QString &id, const QString &name, QString *error)
{
    const QString dir = QDir(root).absoluteFilePath(id);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const QByteArray meta = writeFlatYaml({{"artifact_location", yamlString(fileUri(dir))},
                                           {"creation_time", yamlNumber(now)},
                                           {"experiment_id", QLatin1Char('\'') + id + QLatin1Char('\'')},
                                           {"last_update_time", yamlNumber(now)},
                                           {"lifecycle_stage", QStringLiteral("active")},
                                           {"name", yamlString(name)}});
    if (!writeFile(dir + QStringLiteral("/meta.yaml"), meta, error))
        return QString();
    return dir;
}

// The same run of the same store exported into the same experiment again gets
// the same id (and replaces its directory); run ids are unique across a file store.
QString mlflowRunId(const store::RunStore &store, const store::RunRecord &r, const QString &experimentId)
{
    const QByteArray seed = (store.path() + QLatin1Char('#') + QString::number(r.id) + QLatin1Char('#')
                             + QString::number(r.created, 'f', 3) + QLatin1Char('#') + experimentId)
                                .toUtf8();
    return QString::fromLatin1(QCryptographicHash::hash(seed, QCryptographicHash::Md5).toHex());
}

// Every run's stored config must be readable: its settings become the MLflow params, and a run
// exported without them would come back from MLflow without a config.
bool configsReadable(const std::vector<store::RunRecord> &records, QString *error)
{
    for (const store::RunRecord &r : records) {
        QString why;
        const auto doc = json::StrictJson::parse(r.configJson, &why);
        if (doc && !doc->root().isObject())
            why = QStringLiteral("it is %1, not an object of settings").arg(json::describeJsonType(doc->root()));
        if (why.isEmpty())
            continue;
        if (error)
            *error = QStringLiteral("run %1's stored config cannot be read (%2): its settings cannot be exported, and "
                                    "the MLflow copy would come back without them. Nothing was exported; leave run %1 "
                                    "out (--runs), or repair its config in the store (`gatefold-cli runs show %1`)")
                         .arg(r.id)
                         .arg(why);
        return false;
    }
    return true;
}

// Refuses a request without an output directory or without runs.
bool checkRequest(const ExportOptions &options, QString *error)
{
    if (options.outDir.isEmpty()) {
        if (error)
            *error = QStringLiteral("no output directory; give one (--out DIR)");
        return false;
    }
    if (options.runIds.empty()) {
        if (error)
            *error = QStringLiteral("no runs to export; select some (--runs, --sweep or --all)");
        return false;
    }
    return true;
}

// The records of runs `ids`; an id that is not in the store is an error.
std::optional<std::vector<store::RunRecord>> runRecords(store::RunStore &store, const std::vector<qint64> &ids,
                                                        QString *error)
{
    std::vector<store::RunRecord> records;
    for (qint64 id : ids) {
        auto r = store.run(id);
        if (!r) {
            if (error)
                *error = QStringLiteral("there is no run %1 in %2; `gatefold-cli runs` lists the runs").arg(id).arg(store.displayName());
            return std::nullopt;
        }
        records.push_back(*r);
    }
    return records;
}

// Sets `result`'s experiment: the one named `name` in `root` (not deleted), else a new one numbered
// after the others (0 for "Default"). MLflow's FileStore creates experiment 0 "Default" in a new
// store; so do we.
bool chooseExperiment(const QString &root, const std::vector<ExperimentDir> &experiments, const QString &name,
                      ExportResult *result, QString *error)
{
    bool haveDefault = false;
    qint64 nextId = 1;
    for (const ExperimentDir &e : experiments) {
        haveDefault = haveDefault || e.id == QLatin1String("0");
        bool numeric = false;
        const qint64 n = e.id.toLongLong(&numeric);
        if (numeric)
            nextId = std::max(nextId, n + 1);
        if (e.name == name && e.lifecycleStage != QLatin1String("deleted")) {
            result->experimentId = e.id;
            result->experimentDir = e.dir;
        }
    }
    if (!haveDefault && writeExperiment(root, QStringLiteral("0"), QStringLiteral("Default"), error).isEmpty())
        return false;
    QDir(root).mkpath(QStringLiteral(".trash"));
    if (!result->experimentId.isEmpty())
        return true;
    if (name == QLatin1String("Default")) {
        result->experimentId = QStringLiteral("0");
        result->experimentDir = QDir(root).absoluteFilePath(QStringLiteral("0"));
        return true;
    }
    result->experimentId = QString::number(nextId);
    result->experimentDir = writeExperiment(root, result->experimentId, name, error);
    return !result->experimentDir.isEmpty();
}

// Writes run `r` under `staging` first and moves it into the experiment when complete, so a reader
// never sees half a run. A failed write or move clears `staging`.
std::optional<ExportedRun> exportRun(store::RunStore &store, const store::RunRecord &r, const ExportOptions &options,
                                     const ExportResult &experiment, const QString &staging, QString *error)
{
    ExportedRun out;
    out.runId = r.id;
    out.mlflowRunId = mlflowRunId(store, r, experiment.experimentId);
    out.runDir = experiment.experimentDir + QLatin1Char('/') + out.mlflowRunId;
    const QString tmp = staging + QLatin1Char('/') + out.mlflowRunId;
    QDir(tmp).removeRecursively();
    if (!QDir().mkpath(tmp)) {
        if (error)
            *error = QStringLiteral("cannot create %1; choose a directory you can write to").arg(tmp);
        return std::nullopt;
    }
    if (!writeRun(store, r, options, experiment.experimentId, out.runDir, tmp, &out, error)) {
        QDir(staging).removeRecursively();
        return std::nullopt;
    }
    QDir(out.runDir).removeRecursively();
    if (!QDir().rename(tmp, out.runDir)) {
        if (error)
            *error = QStringLiteral("cannot move the exported run into %1").arg(out.runDir);
        QDir(staging).removeRecursively();
        return std::nullopt;
    }
    return out;
}

} // namespace

std::optional<ExportResult> exportRuns(store::RunStore &store, const ExportOptions &options, QString *error)
{
    if (!checkRequest(options, error))
        return std::nullopt;
    const QString experimentName = options.experiment.trimmed().isEmpty() ? QStringLiteral("Gatefold") : options.experiment.trimmed();
    const auto records = runRecords(store, options.runIds, error);
    if (!records || !configsReadable(*records, error))
        return std::nullopt;
    const QString root = QFileInfo(options.outDir).absoluteFilePath();
    const auto experiments = prepareRoot(root, error);
    if (!experiments)
        return std::nullopt;

    ExportResult result;
    if (!chooseExperiment(root, *experiments, experimentName, &result, error))
        return std::nullopt;
    const QString staging = QDir(root).absoluteFilePath(QStringLiteral(".gatefold-staging"));
    for (const store::RunRecord &r : *records) {
        auto out = exportRun(store, r, options, result, staging, error);
        if (!out)
            return std::nullopt;
        result.runs.push_back(std::move(*out));
    }
    QDir(staging).removeRecursively();
    return result;
}

} // namespace gatefold::mlflow
