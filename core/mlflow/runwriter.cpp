#include "runwriter.h"

#include "configparams.h"
#include "filestore.h"
#include "flatyaml.h"
#include "mlflowformat.h"

#include "store/runstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <map>
#include <optional>
#include <utility>

namespace gatefold::mlflow {
namespace {

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

// meta.yaml: the run's identity, status and times, as MLflow's FileStore writes them.
bool writeRunMeta(const store::RunRecord &r, const QString &user, const QString &experimentId, const QString &finalDir,
                  const QString &dir, ExportedRun *out, QString *error)
{
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
    return writeFile(dir + QStringLiteral("/meta.yaml"), meta, error);
}

// Params: every config key, flattened, and the seed.
bool writeParams(store::RunStore &store, const store::RunRecord &r, const QString &dir, ExportedRun *out, QString *error)
{
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
    return true;
}

using EpochAtStep = std::map<qint64, std::pair<double, double>>;  // step → (epoch, wall of its first point)

// MLflow has no epoch field: each step's epoch becomes a point of metric `epoch`.
bool writeEpochMetric(const EpochAtStep &epochAtStep, const QString &dir, QString *error)
{
    int epochBadTimes = 0;  // the times of points already counted
    QByteArray lines;
    for (const auto &[step, ew] : epochAtStep)
        lines += metricLine(ew.second, ew.first, step, &epochBadTimes);
    return writeFile(dir + QStringLiteral("/metrics/") + QLatin1String(epochMetricKey), lines, error);
}

// Metrics: "<timestamp ms> <value> <step>" per point, keys with '/' nested; and the epochs, unless
// the run has a metric of that name itself (`epochMetric` says whether they were written).
bool writeMetrics(store::RunStore &store, const store::RunRecord &r, const QString &dir, ExportedRun *out,
                  bool *epochMetric, QString *error)
{
    EpochAtStep epochAtStep;
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
    *epochMetric = !keys.contains(QLatin1String(epochMetricKey)) && !epochAtStep.empty();
    if (*epochMetric && !writeEpochMetric(epochAtStep, dir, error))
        return false;

    if (badTimes > 0)
        out->notes << QStringLiteral("%1 metric point(s) have a time that is not a time: written with timestamp 0")
                          .arg(badTimes);
    return true;
}

// The run's own tags: "key=value" is an MLflow tag key → value; a plain tag a key with an empty
// value. None replaces a tag already in `tagValues`, nor is one of MLflow's or Gatefold's.
void addRunTags(const QStringList &runTags, std::map<QString, QString> *tagValues)
{
    for (const QString &tag : runTags) {
        const int eq = tag.indexOf(QLatin1Char('='));
        const QString key = (eq > 0 ? tag.left(eq) : tag).trimmed();
        if (isValidMlflowKey(key) && !key.startsWith(QLatin1String("mlflow.")) && !key.startsWith(QLatin1String("gatefold."))
            && !tagValues->count(key))
            (*tagValues)[key] = eq > 0 ? tag.mid(eq + 1) : QString();
    }
}

// Tags: MLflow's own, Gatefold's record fields, and the run's tags.
std::map<QString, QString> tagValuesOf(store::RunStore &store, const store::RunRecord &r, const QString &user,
                                       bool epochMetric, ExportedRun *out)
{
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
    addRunTags(r.tags, &tagValues);
    return tagValues;
}

bool writeTags(const std::map<QString, QString> &tagValues, const QString &dir, QString *error)
{
    for (const auto &[key, value] : tagValues)
        if (!writeFile(dir + QStringLiteral("/tags/") + key, value.toUtf8(), error))
            return false;
    return true;
}

// Why an artifact's file is only listed, not copied; empty when it is copied.
QString whyNotCopied(const QFileInfo &info, qint64 maxCopyBytes)
{
    if (info.isDir())  // e.g. data/set: the data set the run trained on, recorded by its folder
        return QStringLiteral("a folder, not a file");
    if (!info.isFile())
        return QStringLiteral("the file is missing");
    if (info.size() > maxCopyBytes)
        return QStringLiteral("larger than the copy limit (%1 bytes)").arg(maxCopyBytes);
    return QString();
}

// One artifact's manifest entry: its file copied under artifacts/<kind>/ when it is one of at most
// `maxCopyBytes`, else only listed, with why.
std::optional<QJsonObject> exportArtifact(const store::Artifact &a, const QString &dataDirectory, qint64 maxCopyBytes,
                                          const QString &dir, ExportedRun *out, QString *error)
{
    const QString file = QDir(dataDirectory).absoluteFilePath(a.path);
    const QFileInfo info(file);
    QJsonObject entry{{"kind", a.kind}, {"path", file}, {"sha256", a.sha256}, {"created", a.created},
                      {"info", QJsonDocument::fromJson(a.infoJson).object()}};
    const QString whyListed = whyNotCopied(info, maxCopyBytes);
    if (!whyListed.isEmpty()) {
        entry.insert("copy", QJsonValue::Null);
        entry.insert("why", whyListed);
        ++out->listedArtifacts;
        return entry;
    }
    const QString kindDir = isValidMlflowKey(a.kind) ? a.kind : QStringLiteral("other");
    const QString copy = kindDir + QLatin1Char('/') + info.fileName();
    const QString target = dir + QStringLiteral("/artifacts/") + copy;
    QDir().mkpath(QFileInfo(target).absolutePath());
    QFile::remove(target);
    if (!QFile::copy(file, target)) {
        if (error)
            *error = QStringLiteral("cannot copy %1 to %2; check the space and permissions there").arg(file, target);
        return std::nullopt;
    }
    entry.insert("copy", copy);
    ++out->copiedArtifacts;
    return entry;
}

// Artifacts: copied or listed (exportArtifact); every one listed with its original path and sha256
// in artifacts/gatefold/artifacts.json.
bool writeArtifacts(store::RunStore &store, const store::RunRecord &r, qint64 maxCopyBytes, const QString &dir,
                    ExportedRun *out, QString *error)
{
    QDir().mkpath(dir + QStringLiteral("/artifacts"));
    QJsonArray manifest;
    for (const store::Artifact &a : store.artifacts(r.id)) {
        const auto entry = exportArtifact(a, store.dataDirectory(), maxCopyBytes, dir, out, error);
        if (!entry)
            return false;
        manifest.append(*entry);
    }
    return manifest.isEmpty()
        || writeFile(dir + QStringLiteral("/artifacts/") + QLatin1String(manifestPath),
                     QJsonDocument(manifest).toJson(QJsonDocument::Indented), error);
}

} // namespace

bool writeRun(store::RunStore &store, const store::RunRecord &r, const ExportOptions &options,
              const QString &experimentId, const QString &finalDir, const QString &dir, ExportedRun *out,
              QString *error)
{
    const QString user = options.user.isEmpty() ? qEnvironmentVariable("USER", QStringLiteral("gatefold")) : options.user;
    bool epochMetric = false;
    return writeRunMeta(r, user, experimentId, finalDir, dir, out, error)
        && writeParams(store, r, dir, out, error)
        && writeMetrics(store, r, dir, out, &epochMetric, error)
        && writeTags(tagValuesOf(store, r, user, epochMetric, out), dir, error)
        && writeArtifacts(store, r, options.maxCopyBytes, dir, out, error);
}

} // namespace gatefold::mlflow
