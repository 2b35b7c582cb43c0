#include "mlflowexport.h"

#include "filestore.h"
#include "configparams.h"
#include "mlflowformat.h"

#include "json/strictjson.h"
#include "store/runstore.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <cmath>
#include <map>

namespace gatefold::mlflow {
namespace {

bool writeFile(const QString &path, const QByteArray &bytes, QString *error)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size() || !file.flush()) {
        if (error)
            *error = QStringLiteral("cannot write %1: %2; choose a directory you can write to").arg(path, file.errorString());
        return false;
    }
    return true;
}

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

// A time of the run's record as meta.yaml's milliseconds, or null (with a note saying so) when the
// store holds no finite number there.
QString yamlMillis(double seconds, const char *what, const char *key, ExportedRun *out)
{
    if (const auto millis = toMillis(seconds))
        return yamlNumber(*millis);
    out->notes << QStringLiteral("its %1 time is not a time (%2): %3 written as missing (null)")
                      .arg(QLatin1String(what))
                      .arg(seconds)
                      .arg(QLatin1String(key));
    return yamlNull();
}

// "<timestamp ms> <value> <step>\n"; a point whose time is no finite number gets timestamp 0 (counted).
QByteArray metricLine(double wall, double value, qint64 step, int *badTimes)
{
    const auto millis = toMillis(wall);
    if (!millis)
        ++*badTimes;
    return QByteArray::number(millis.value_or(0)) + ' ' + pythonFloat(value).toLatin1() + ' ' + QByteArray::number(step)
         + '\n';
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

} // namespace

namespace {

// Writes one run into `dir` (a fresh directory); fills `out`.
bool writeRun(store::RunStore &store, const store::RunRecord &r, const ExportOptions &options, const QString &experimentId,
              const QString &finalDir, const QString &dir, ExportedRun *out, QString *error)
{
    const QString user = options.user.isEmpty() ? qEnvironmentVariable("USER", QStringLiteral("gatefold")) : options.user;
    const double start = r.started > 0 ? r.started : r.created;
    const bool ended = r.ended > 0 && store::isTerminal(r.status);
    const QByteArray meta = writeFlatYaml({{"artifact_uri", yamlString(fileUri(finalDir + QStringLiteral("/artifacts")))},
                                           {"end_time", ended ? yamlMillis(r.ended, "end", "end_time", out) : yamlNull()},
                                           {"entry_point_name", QStringLiteral("''")},
                                           {"experiment_id", QLatin1Char('\'') + experimentId + QLatin1Char('\'')},
                                           {"lifecycle_stage", QStringLiteral("active")},
                                           {"run_id", out->mlflowRunId},
                                           {"run_name", yamlString(r.name)},
                                           {"run_uuid", out->mlflowRunId},
                                           {"source_name", QStringLiteral("''")},
                                           {"source_type", yamlNumber(4)},  // SourceType.LOCAL
                                           {"source_version", QStringLiteral("''")},
                                           {"start_time", yamlMillis(start, r.started > 0 ? "start" : "creation", "start_time", out)},
                                           {"status", yamlNumber(int(toMlflow(r.status)))},
                                           {"tags", QStringLiteral("[]")},
                                           {"user_id", yamlString(user)}});
    if (!writeFile(dir + QStringLiteral("/meta.yaml"), meta, error))
        return false;

    // Params: every config key, flattened, and the seed.
    std::map<QString, QString> params = configParams(r.configJson);  // readable: configsReadable()
    params[QStringLiteral("seed")] = QString::number(r.seed);
    // A run imported from MLflow gives back the params that were not settings.
    for (const store::Artifact &a : store.artifacts(r.id, QLatin1String(sourceArtifactKind))) {
        const QJsonObject foreign = QJsonDocument::fromJson(a.infoJson).object().value("params").toObject();
        for (auto it = foreign.begin(); it != foreign.end(); ++it)
            params.try_emplace(it.key(), it.value().toString());
    }
    for (const auto &[key, value] : params) {
        if (!isValidMlflowKey(key))
            continue;
        if (!writeFile(dir + QStringLiteral("/params/") + key, value.toUtf8(), error))
            return false;
        ++out->params;
    }

    // Metrics: "<timestamp ms> <value> <step>" per point, keys with '/' nested.
    std::map<qint64, std::pair<double, double>> epochAtStep;  // step → (epoch, wall of its first point)
    int badTimes = 0;
    const QStringList keys = store.metricKeys(r.id);
    for (const QString &key : keys) {
        if (!isValidMlflowKey(key))
            continue;
        QByteArray lines;
        for (const store::MetricPoint &p : store.metrics(r.id, key)) {
            lines += metricLine(p.wall, p.value, p.step, &badTimes);
            epochAtStep.try_emplace(p.step, p.epoch, p.wall);
            ++out->metricPoints;
        }
        if (!writeFile(dir + QStringLiteral("/metrics/") + key, lines, error))
            return false;
    }
    const bool epochMetric = !keys.contains(QLatin1String(epochMetricKey)) && !epochAtStep.empty();
    if (epochMetric) {
        int epochBadTimes = 0;  // the times of points already counted
        QByteArray lines;
        for (const auto &[step, ew] : epochAtStep)
            lines += metricLine(ew.second, ew.first, step, &epochBadTimes);
        if (!writeFile(dir + QStringLiteral("/metrics/") + QLatin1String(epochMetricKey), lines, error))
            return false;
    }

    if (badTimes > 0)
        out->notes << QStringLiteral("%1 metric point(s) have a time that is not a time: written with timestamp 0")
                          .arg(badTimes);

    // Tags: MLflow's own, Gatefold's record fields, and the run's tags.
    std::map<QString, QString> tagValues{{tags::runName, r.name},
                                         {tags::user, user},
                                         {tags::sourceName, QStringLiteral("gatefold")},
                                         {tags::sourceType, QStringLiteral("LOCAL")},
                                         {tags::status, store::toString(r.status)},
                                         {tags::tagList, QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(r.tags)).toJson(QJsonDocument::Compact))},
                                         {tags::runId, QString::number(r.id)},
                                         {tags::store, store.displayName()}};
    if (std::isfinite(r.created))
        tagValues[tags::created] = QString::number(r.created, 'f', 3);
    else
        out->notes << QStringLiteral("its creation time is not a time (%1): tag %2 left out")
                          .arg(r.created)
                          .arg(QLatin1String(tags::created));
    if (!r.notes.isEmpty())
        tagValues[tags::note] = r.notes;
    if (!r.device.isEmpty())
        tagValues[tags::device] = r.device;
    if (!r.host.isEmpty())
        tagValues[tags::host] = r.host;
    if (!r.versions.isEmpty())
        tagValues[tags::versions] = r.versions;
    if (!r.message.isEmpty())
        tagValues[tags::message] = r.message;
    if (r.sweepId > 0)
        tagValues[tags::sweep] = QString::number(r.sweepId);
    if (epochMetric)
        tagValues[tags::epochMetric] = QLatin1String(epochMetricKey);
    // A tag "key=value" is an MLflow tag key → value; a plain tag a key with an empty value.
    for (const QString &tag : r.tags) {
        const int eq = tag.indexOf(QLatin1Char('='));
        const QString key = (eq > 0 ? tag.left(eq) : tag).trimmed();
        if (isValidMlflowKey(key) && !key.startsWith(QLatin1String("mlflow.")) && !key.startsWith(QLatin1String("gatefold."))
            && !tagValues.count(key))
            tagValues[key] = eq > 0 ? tag.mid(eq + 1) : QString();
    }
    for (const auto &[key, value] : tagValues)
        if (!writeFile(dir + QStringLiteral("/tags/") + key, value.toUtf8(), error))
            return false;

    // Artifacts: files up to maxCopyBytes copied under artifacts/<kind>/; every
    // one listed with its original path and sha256 in artifacts/gatefold/artifacts.json.
    QDir().mkpath(dir + QStringLiteral("/artifacts"));
    QJsonArray manifest;
    for (const store::Artifact &a : store.artifacts(r.id)) {
        const QString file = QDir(store.dataDirectory()).absoluteFilePath(a.path);
        const QFileInfo info(file);
        QJsonObject entry{{"kind", a.kind}, {"path", file}, {"sha256", a.sha256}, {"created", a.created},
                          {"info", QJsonDocument::fromJson(a.infoJson).object()}};
        const QString kindDir = isValidMlflowKey(a.kind) ? a.kind : QStringLiteral("other");
        const QString copy = kindDir + QLatin1Char('/') + info.fileName();
        if (info.isDir()) {  // e.g. data/set: the data set the run trained on, recorded by its folder
            entry.insert("copy", QJsonValue::Null);
            entry.insert("why", QStringLiteral("a folder, not a file"));
            ++out->listedArtifacts;
        } else if (!info.isFile()) {
            entry.insert("copy", QJsonValue::Null);
            entry.insert("why", QStringLiteral("the file is missing"));
            ++out->listedArtifacts;
        } else if (info.size() > options.maxCopyBytes) {
            entry.insert("copy", QJsonValue::Null);
            entry.insert("why", QStringLiteral("larger than the copy limit (%1 bytes)").arg(options.maxCopyBytes));
            ++out->listedArtifacts;
        } else {
            const QString target = dir + QStringLiteral("/artifacts/") + copy;
            QDir().mkpath(QFileInfo(target).absolutePath());
            QFile::remove(target);
            if (!QFile::copy(file, target)) {
                if (error)
                    *error = QStringLiteral("cannot copy %1 to %2; check the space and permissions there").arg(file, target);
                return false;
            }
            entry.insert("copy", copy);
            ++out->copiedArtifacts;
        }
        manifest.append(entry);
    }
    if (!manifest.isEmpty()
        && !writeFile(dir + QStringLiteral("/artifacts/") + QLatin1String(manifestPath),
                      QJsonDocument(manifest).toJson(QJsonDocument::Indented), error))
        return false;
    return true;
}

} // namespace

std::optional<ExportResult> exportRuns(store::RunStore &store, const ExportOptions &options, QString *error)
{
    if (options.outDir.isEmpty()) {
        if (error)
            *error = QStringLiteral("no output directory; give one (--out DIR)");
        return std::nullopt;
    }
    if (options.runIds.empty()) {
        if (error)
            *error = QStringLiteral("no runs to export; select some (--runs, --sweep or --all)");
        return std::nullopt;
    }
    const QString experimentName = options.experiment.trimmed().isEmpty() ? QStringLiteral("Gatefold") : options.experiment.trimmed();
    std::vector<store::RunRecord> records;
    for (qint64 id : options.runIds) {
        auto r = store.run(id);
        if (!r) {
            if (error)
                *error = QStringLiteral("there is no run %1 in %2; `gatefold-cli runs` lists the runs").arg(id).arg(store.displayName());
            return std::nullopt;
        }
        records.push_back(*r);
    }
    if (!configsReadable(records, error))
        return std::nullopt;
    const QString root = QFileInfo(options.outDir).absoluteFilePath();
    auto experiments = prepareRoot(root, error);
    if (!experiments)
        return std::nullopt;

    ExportResult result;
    // MLflow's FileStore creates experiment 0 "Default" in a new store; so do we.
    bool haveDefault = false;
    qint64 nextId = 1;
    for (const ExperimentDir &e : *experiments) {
        haveDefault = haveDefault || e.id == QLatin1String("0");
        bool numeric = false;
        const qint64 n = e.id.toLongLong(&numeric);
        if (numeric)
            nextId = std::max(nextId, n + 1);
        if (e.name == experimentName && e.lifecycleStage != QLatin1String("deleted")) {
            result.experimentId = e.id;
            result.experimentDir = e.dir;
        }
    }
    if (!haveDefault && writeExperiment(root, QStringLiteral("0"), QStringLiteral("Default"), error).isEmpty())
        return std::nullopt;
    QDir(root).mkpath(QStringLiteral(".trash"));
    if (result.experimentId.isEmpty()) {
        if (experimentName == QLatin1String("Default")) {
            result.experimentId = QStringLiteral("0");
            result.experimentDir = QDir(root).absoluteFilePath(QStringLiteral("0"));
        } else {
            result.experimentId = QString::number(nextId);
            result.experimentDir = writeExperiment(root, result.experimentId, experimentName, error);
            if (result.experimentDir.isEmpty())
                return std::nullopt;
        }
    }

    // Each run is written beside the store's experiments first and moved into
    // place when complete, so a reader never sees half a run.
    const QString staging = QDir(root).absoluteFilePath(QStringLiteral(".gatefold-staging"));
    for (const store::RunRecord &r : records) {
        ExportedRun out;
        out.runId = r.id;
        out.mlflowRunId = mlflowRunId(store, r, result.experimentId);
        out.runDir = result.experimentDir + QLatin1Char('/') + out.mlflowRunId;
        const QString tmp = staging + QLatin1Char('/') + out.mlflowRunId;
        QDir(tmp).removeRecursively();
        if (!QDir().mkpath(tmp)) {
            if (error)
                *error = QStringLiteral("cannot create %1; choose a directory you can write to").arg(tmp);
            return std::nullopt;
        }
        if (!writeRun(store, r, options, result.experimentId, out.runDir, tmp, &out, error)) {
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
        result.runs.push_back(out);
    }
    QDir(staging).removeRecursively();
    return result;
}

} // namespace gatefold::mlflow
