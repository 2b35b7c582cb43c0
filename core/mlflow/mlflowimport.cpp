#include "mlflowimport.h"

#include "filestore.h"
#include "mlflowformat.h"
#include "runartifacts.h"
#include "runkeys.h"
#include "runmeta.h"

#include "config/settingsconfig.h"
#include "json/strictjson.h"
#include "store/runstore.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <map>

namespace gatefold::mlflow {
namespace {

// Gatefold's tag list (a JSON list of texts), read strictly.
std::optional<QStringList> readTagList(const QString &text, const QString &path, QString *error)
{
    QString why;
    const auto doc = json::StrictJson::parse(text.toUtf8(), &why);
    QStringList out;
    if (doc && doc->root().isArray()) {
        for (const QJsonValue &v : doc->root().toArray()) {
            if (v.isString())
                out << v.toString();
            else
                why = QStringLiteral("item %1 is not a text").arg(json::describeJsonType(v));
        }
    } else if (doc) {
        why = QStringLiteral("it is %1, not a list of tags").arg(json::describeJsonType(doc->root()));
    }
    if (!why.isEmpty()) {
        if (error)
            *error = QStringLiteral("%1 is not Gatefold's tag list (%2); repair or remove it").arg(path, why);
        return std::nullopt;
    }
    return out;
}

// The record's fields: Gatefold's tags where the run came from Gatefold, else what meta.yaml says.
store::RunRecord recordOf(const RunMeta &meta, const QMap<QString, QString> &tagValues)
{
    store::RunRecord r;
    r.name = tagValues.value(tags::runName, meta.field("run_name"));
    if (r.name.isEmpty())
        r.name = meta.runId.left(8);
    const auto exactStatus = store::runStatusFromString(tagValues.value(tags::status));
    r.status = exactStatus ? *exactStatus : fromMlflow(meta.status);
    r.started = meta.startMillis && r.status != store::RunStatus::Queued ? fromMillis(*meta.startMillis) : 0;
    r.ended = meta.endMillis ? fromMillis(*meta.endMillis) : 0;
    bool createdOk = false;
    r.created = tagValues.value(tags::created).toDouble(&createdOk);
    if (!createdOk || !std::isfinite(r.created) || r.created <= 0)
        r.created = meta.startMillis ? fromMillis(*meta.startMillis)
                                     : QFileInfo(meta.path).lastModified().toMSecsSinceEpoch() / 1000.0;
    r.device = tagValues.value(tags::device);
    r.host = tagValues.value(tags::host);
    r.versions = tagValues.value(tags::versions);
    r.message = tagValues.value(tags::message);
    if (!exactStatus && meta.status == MlflowStatus::Running && r.message.isEmpty())
        r.message = QStringLiteral("imported from MLflow while it was running; no engine here follows it");
    return r;
}

// The run's tags: Gatefold's own list when the run came from Gatefold, else the user's MLflow tags.
std::optional<QStringList> runTags(const QMap<QString, QString> &tagValues, const QString &runDir, QString *error)
{
    if (tagValues.contains(tags::tagList))
        return readTagList(tagValues.value(tags::tagList), runDir + QStringLiteral("/tags/") + tags::tagList, error);
    QStringList out;
    for (auto it = tagValues.begin(); it != tagValues.end(); ++it)
        if (!it.key().startsWith(QLatin1String("mlflow.")) && !it.key().startsWith(QLatin1String("gatefold.")))
            out << (it.value().isEmpty() ? it.key() : it.key() + QLatin1Char('=') + it.value());
    return out;
}

// Params: settings become the config (config/settingsconfig.h, validated);
// `seed` the seed; the rest go to `foreignParams` (kept in the notes and the source artifact).
bool applyParams(const QMap<QString, QString> &params, const QString &runDir, store::RunRecord *r,
                 QMap<QString, QString> *foreignParams, QString *error)
{
    QMap<QString, QString> settings;
    for (auto it = params.begin(); it != params.end(); ++it) {
        bool seedOk = false;
        if (it.key() == QLatin1String("seed")) {
            r->seed = it.value().toLongLong(&seedOk);
            if (seedOk)
                continue;
        }
        if (train::isRunSetting(it.key()))
            settings.insert(it.key(), it.value());
        else
            foreignParams->insert(it.key(), it.value());
    }
    r->configJson = QByteArrayLiteral("{}");
    if (settings.isEmpty())
        return true;
    QStringList problems;
    if (train::runConfigFromSettings(settings, &r->configJson, &problems))
        return true;
    if (error)
        *error = QStringLiteral("%1: the run's settings are not a valid Gatefold config: %2; repair or remove "
                                "those files under params/")
                     .arg(runDir, problems.join(QStringLiteral("; ")));
    return false;
}

// The run's note, then the params that are not settings.
QString notesWithForeignParams(const QString &note, const QMap<QString, QString> &foreignParams)
{
    if (foreignParams.isEmpty())
        return note;
    QStringList lines;
    for (auto it = foreignParams.begin(); it != foreignParams.end(); ++it)
        lines << it.key() + QStringLiteral(" = ") + it.value();
    return note + (note.isEmpty() ? QString() : QStringLiteral("\n\n")) + QStringLiteral("MLflow params:\n")
           + lines.join(QLatin1Char('\n'));
}

// Metrics: epochs from the epoch metric (Gatefold's exports carry it; Lightning logs one too), which
// is itself left out when the tag `epochCarrier` names it. NaN points are left out too, counted in
// `droppedNan`: the store holds numbers only (a NaN would be SQL NULL).
std::vector<store::MetricPoint> storeMetrics(const std::map<QString, std::vector<MetricFilePoint>> &metrics,
                                             const QString &epochCarrier, int *droppedNan)
{
    std::map<qint64, double> epochAtStep;
    if (const auto it = metrics.find(QLatin1String(epochMetricKey)); it != metrics.end())
        for (const MetricFilePoint &p : it->second)
            epochAtStep[p.step] = p.value;
    std::vector<store::MetricPoint> out;
    for (const auto &[key, points] : metrics) {
        if (key == epochCarrier)
            continue;
        for (const MetricFilePoint &p : points) {
            if (std::isnan(p.value)) {
                ++*droppedNan;
                continue;
            }
            double epoch = 0;
            auto at = epochAtStep.upper_bound(p.step);
            if (at != epochAtStep.begin())
                epoch = std::prev(at)->second;
            out.push_back({key, p.step, epoch, fromMillis(p.millis), p.value});
        }
    }
    return out;
}

// Where the run came from, so a second import skips it and nothing is lost.
store::Artifact sourceArtifact(const ImportedMlflowRun &run, const QString &metaPath,
                               const QMap<QString, QString> &tagValues, int droppedNan)
{
    QJsonObject foreign, allTags;
    for (auto it = run.foreignParams.begin(); it != run.foreignParams.end(); ++it)
        foreign.insert(it.key(), it.value());
    for (auto it = tagValues.begin(); it != tagValues.end(); ++it)
        allTags.insert(it.key(), it.value());
    store::Artifact source;
    source.kind = QLatin1String(sourceArtifactKind);
    source.path = run.runDir;
    source.sha256 = sha256OfFile(metaPath);
    source.infoJson = QJsonDocument(QJsonObject{{"run_id", run.mlflowRunId},
                                                {"experiment_id", run.experimentId},
                                                {"experiment", run.experimentName},
                                                {"params", foreign},
                                                {"tags", allTags},
                                                {"nan_points_dropped", droppedNan}})
                          .toJson(QJsonDocument::Compact);
    return source;
}

// The run in `runDir` (its meta.yaml exists).
std::optional<ImportedMlflowRun> readRun(const ExperimentDir &experiment, const QString &runDir,
                                         const QString &storeRoot, QString *error)
{
    const auto meta = readRunMeta(experiment, runDir, error);
    const auto keys = meta ? readRunKeys(runDir, storeRoot, error) : std::nullopt;
    if (!keys)
        return std::nullopt;
    ImportedMlflowRun out;
    out.experimentId = experiment.id;
    out.experimentName = experiment.name;
    out.runDir = runDir;
    out.mlflowRunId = meta->runId;
    if (meta->field("lifecycle_stage") == QLatin1String("deleted"))
        out.skipReason = QStringLiteral("deleted in MLflow");

    store::RunRecord &r = out.run.record;
    r = recordOf(*meta, keys->tags);
    const auto tagList = runTags(keys->tags, runDir, error);
    if (!tagList || !applyParams(keys->params, runDir, &r, &out.foreignParams, error))
        return std::nullopt;
    r.tags = *tagList;
    r.notes = notesWithForeignParams(keys->tags.value(tags::note), out.foreignParams);

    int droppedNan = 0;
    out.run.metrics = storeMetrics(keys->metrics, keys->tags.value(tags::epochMetric), &droppedNan);
    auto artifacts = readRunArtifacts(meta->field("artifact_uri"), runDir, storeRoot, error);
    if (!artifacts)
        return std::nullopt;
    out.run.artifacts = std::move(*artifacts);
    out.run.artifacts.push_back(sourceArtifact(out, meta->path, keys->tags, droppedNan));
    return out;
}

} // namespace

std::optional<std::vector<ImportedMlflowRun>> readMlflowRuns(const ImportOptions &options, QString *error)
{
    const QString root = QFileInfo(options.dir).absoluteFilePath();
    auto experiments = readExperiments(root, error);
    if (!experiments)
        return std::nullopt;
    std::vector<ExperimentDir> chosen;
    QStringList known;
    for (const ExperimentDir &e : *experiments) {
        known << QStringLiteral("%1 (%2)").arg(e.id, e.name);
        if (e.lifecycleStage == QLatin1String("deleted"))
            continue;
        if (options.experiment.isEmpty() || options.experiment == e.id || options.experiment == e.name)
            chosen.push_back(e);
    }
    if (chosen.empty()) {
        if (error)
            *error = QStringLiteral("%1 has no experiment '%2'; it has %3").arg(root, options.experiment, known.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    std::vector<ImportedMlflowRun> out;
    for (const ExperimentDir &e : chosen) {
        const QDir dir(e.dir);
        for (const QString &name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            if (name == QLatin1String("tags") || name == QLatin1String("datasets") || name == QLatin1String("traces"))
                continue;
            const QString runDir = dir.absoluteFilePath(name);
            if (!existsAsEntry(runDir + QStringLiteral("/meta.yaml")))
                continue;  // MLflow skips such directories too
            auto run = readRun(e, runDir, root, error);
            if (!run)
                return std::nullopt;
            out.push_back(std::move(*run));
        }
    }
    return out;
}

std::optional<ImportResult> importMlflow(store::RunStore &store, const ImportOptions &options, QString *error)
{
    auto runs = readMlflowRuns(options, error);
    if (!runs)
        return std::nullopt;
    return importMlflowRuns(store, std::move(*runs), error);
}

std::optional<ImportResult> importMlflowRuns(store::RunStore &store, std::vector<ImportedMlflowRun> read, QString *error)
{
    auto runs = &read;
    // MLflow run ids already in the store (their source artifacts), and the runs exported from it.
    std::map<QString, qint64> imported;
    std::map<QString, qint64> storeRuns;  // "<id>#<created>" → id
    for (const store::RunRecord &r : store.runs()) {
        storeRuns[QString::number(r.id) + QLatin1Char('#') + QString::number(r.created, 'f', 3)] = r.id;
        for (const store::Artifact &a : store.artifacts(r.id, QLatin1String(sourceArtifactKind)))
            imported[QJsonDocument::fromJson(a.infoJson).object().value("run_id").toString()] = r.id;
    }
    ImportResult result;
    std::vector<store::ImportedRun> fresh;
    for (ImportedMlflowRun &run : *runs) {
        const QJsonObject tagsOf = QJsonDocument::fromJson(run.run.artifacts.back().infoJson).object().value("tags").toObject();
        const QString self = tagsOf.value(tags::runId).toString() + QLatin1Char('#') + tagsOf.value(tags::created).toString();
        if (!run.skipReason.isEmpty()) {
        } else if (const auto it = imported.find(run.mlflowRunId); it != imported.end()) {
            run.skipReason = QStringLiteral("imported before, as run %1").arg(it->second);
        } else if (tagsOf.value(tags::store).toString() == store.displayName() && storeRuns.count(self)) {
            run.skipReason = QStringLiteral("exported from this store's run %1").arg(storeRuns[self]);
        } else {
            fresh.push_back(run.run);
        }
    }
    const auto ids = store.importRuns(fresh);
    if (!ids) {
        if (error)
            *error = QStringLiteral("%1; nothing was imported").arg(store.lastError());
        return std::nullopt;
    }
    result.newIds = *ids;
    result.runs = std::move(*runs);
    return result;
}

} // namespace gatefold::mlflow
