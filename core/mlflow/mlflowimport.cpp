#include "mlflowimport.h"

#include "filestore.h"
#include "mlflowformat.h"
#include "runfiles.h"

#include "config/settingsconfig.h"
#include "json/strictjson.h"
#include "store/runstore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>

#include <cmath>
#include <limits>
#include <map>

namespace gatefold::mlflow {
namespace {

// A param's or tag's value: MLflow keeps them under 8000 characters.
std::optional<QString> readText(const QString &path, QString *error)
{
    const auto bytes = readSmallFile(path, error, qint64(1) << 20);
    if (!bytes)
        return std::nullopt;
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);  // a cut sequence at the end is an error too
    QString text = utf8.decode(*bytes);
    if (utf8.hasError()) {
        if (error)
            *error = QStringLiteral("%1 is not UTF-8 text; repair or remove it").arg(path);
        return std::nullopt;
    }
    if (text.endsWith(QLatin1Char('\n')))  // MLflow writes none; a hand-written file may have one
        text.chop(1);
    return text;
}

// A value as Python's float() reads it.
std::optional<double> pythonFloat(const QString &text)
{
    const QString t = text.toLower();
    if (t == QLatin1String("nan") || t == QLatin1String("+nan") || t == QLatin1String("-nan"))
        return std::numeric_limits<double>::quiet_NaN();
    if (t == QLatin1String("inf") || t == QLatin1String("+inf") || t == QLatin1String("infinity") || t == QLatin1String("+infinity"))
        return std::numeric_limits<double>::infinity();
    if (t == QLatin1String("-inf") || t == QLatin1String("-infinity"))
        return -std::numeric_limits<double>::infinity();
    bool ok = false;
    const double v = QLocale::c().toDouble(text, &ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

struct RawPoint {
    qint64 millis = 0;
    double value = 0;
    qint64 step = 0;
};

// "<timestamp ms> <value> [<step>]" per line, as FileStore._get_metric_from_line reads them.
std::optional<std::vector<RawPoint>> readMetric(const QString &path, QString *error)
{
    const auto bytes = readSmallFile(path, error, qint64(1) << 30);
    if (!bytes)
        return std::nullopt;
    std::vector<RawPoint> out;
    int lineNo = 0;
    for (const QByteArray &raw : bytes->split('\n')) {
        ++lineNo;
        const QString line = QString::fromLatin1(raw).trimmed();
        if (line.isEmpty())
            continue;
        const QStringList parts = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        bool tsOk = false, stepOk = true;
        RawPoint p;
        if (parts.size() == 2 || parts.size() == 3) {
            p.millis = parts[0].toLongLong(&tsOk);
            if (parts.size() == 3)
                p.step = parts[2].toLongLong(&stepOk);
        }
        const auto value = parts.size() >= 2 ? pythonFloat(parts[1]) : std::nullopt;
        if (!tsOk || !stepOk || !value) {
            if (error)
                *error = QStringLiteral("%1 line %2: '%3' is not '<timestamp ms> <value> <step>' (whole-number "
                                        "milliseconds, a number, a whole-number step); repair or remove the line")
                             .arg(path).arg(lineNo).arg(line.left(80));
            return std::nullopt;
        }
        p.value = *value;
        out.push_back(p);
    }
    if (out.empty()) {
        if (error)
            *error = QStringLiteral("%1 holds no points (MLflow refuses it too); remove the file").arg(path);
        return std::nullopt;
    }
    return out;
}

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

struct ManifestEntry {
    store::Artifact artifact;
    QString copy;  // the artifact's file in the MLflow run, when it was copied
};

// Gatefold's artifact list: [{"kind", "path", "sha256", "created", "info", "copy"}, …], read strictly.
std::optional<std::vector<ManifestEntry>> readManifest(const QString &path, QString *error)
{
    const auto bytes = readSmallFile(path, error, qint64(64) << 20);
    if (!bytes)
        return std::nullopt;
    auto fail = [&](int line, const QString &why) -> std::optional<std::vector<ManifestEntry>> {
        if (error)
            *error = QStringLiteral("%1%2: %3; repair or remove it")
                         .arg(path, line > 0 ? QStringLiteral(", line %1").arg(line) : QString(), why);
        return std::nullopt;
    };
    QString why;
    const auto doc = json::StrictJson::parse(*bytes, &why);
    if (!doc)
        return fail(0, QStringLiteral("not Gatefold's artifact list: %1").arg(why));
    if (!doc->root().isArray())
        return fail(1, QStringLiteral("Gatefold's artifact list is a JSON list, not %1").arg(json::describeJsonType(doc->root())));
    std::vector<ManifestEntry> out;
    const QJsonArray list = doc->root().toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString at = json::StrictJson::item(QString(), i);
        const int line = doc->lineOf(at);
        if (!list.at(i).isObject())
            return fail(line, QStringLiteral("entry %1 is %2, not an object").arg(i).arg(json::describeJsonType(list.at(i))));
        const QJsonObject e = list.at(i).toObject();
        for (auto it = e.begin(); it != e.end(); ++it) {
            const QString &k = it.key();
            const bool text = k == "kind" || k == "path" || k == "sha256" || k == "copy";
            const bool ok = text ? it.value().isString()
                          : k == "created" ? it.value().isDouble()
                          : k == "info" ? it.value().isObject()
                                        : false;
            if (!ok)
                return fail(doc->lineOf(json::StrictJson::member(at, k)),
                            text || k == "created" || k == "info"
                                ? QStringLiteral("entry %1: %2 is %3").arg(i).arg(k, json::describeJsonType(it.value()))
                                : QStringLiteral("entry %1: unknown key %2").arg(i).arg(json::quoteForMessage(k)));
        }
        ManifestEntry entry;
        store::Artifact &a = entry.artifact;
        a.kind = e.value("kind").toString();
        a.sha256 = e.value("sha256").toString();
        a.created = e.value("created").toDouble();
        a.infoJson = QJsonDocument(e.value("info").toObject()).toJson(QJsonDocument::Compact);
        a.path = e.value("path").toString();
        entry.copy = e.value("copy").toString();
        if (a.kind.isEmpty() || a.path.isEmpty())
            return fail(line, QStringLiteral("entry %1 has no kind or no path").arg(i));
        out.push_back(std::move(entry));
    }
    return out;
}

// The run in `runDir` (its meta.yaml exists).
std::optional<ImportedMlflowRun> readRun(const ExperimentDir &experiment, const QString &runDir,
                                         const QString &storeRoot, QString *error)
{
    const QString metaPath = runDir + QStringLiteral("/meta.yaml");
    auto meta = readMetaYaml(metaPath, error);
    if (!meta)
        return std::nullopt;
    const auto field = [&](const char *key) {
        const auto it = meta->find(QLatin1String(key));
        return it == meta->end() ? QString() : it->second.text;
    };
    ImportedMlflowRun out;
    out.experimentId = experiment.id;
    out.experimentName = experiment.name;
    out.runDir = runDir;
    out.mlflowRunId = field("run_id").isEmpty() ? field("run_uuid") : field("run_id");
    if (out.mlflowRunId.isEmpty()) {
        if (error)
            *error = QStringLiteral("%1 has no run_id (nor run_uuid); it is not an MLflow run's meta.yaml — repair it "
                                    "or remove the directory").arg(metaPath);
        return std::nullopt;
    }
    if (out.mlflowRunId != QFileInfo(runDir).fileName()) {
        if (error)
            *error = QStringLiteral("%1 says run_id %2, but its directory is %3; repair the file")
                         .arg(metaPath, out.mlflowRunId, QFileInfo(runDir).fileName());
        return std::nullopt;
    }
    if (!field("experiment_id").isEmpty() && field("experiment_id") != experiment.id) {
        if (error)
            *error = QStringLiteral("%1 says experiment_id %2, but it lies in experiment %3; repair the file")
                         .arg(metaPath, field("experiment_id"), experiment.id);
        return std::nullopt;
    }
    bool hasStatus = false, hasStart = false, hasEnd = false;
    const auto statusInt = yamlInteger(*meta, "status", metaPath, &hasStatus, error);
    const auto start = yamlInteger(*meta, "start_time", metaPath, &hasStart, error);
    const auto end = yamlInteger(*meta, "end_time", metaPath, &hasEnd, error);
    if (!statusInt || !start || !end)
        return std::nullopt;
    const auto status = hasStatus ? mlflowStatusFromInt(int(*statusInt)) : std::optional<MlflowStatus>(MlflowStatus::Running);
    if (!status) {
        if (error)
            *error = QStringLiteral("%1: status %2 is not an MLflow RunStatus (1 running, 2 scheduled, 3 finished, "
                                    "4 failed, 5 killed); repair the file").arg(metaPath).arg(*statusInt);
        return std::nullopt;
    }
    if (field("lifecycle_stage") == QLatin1String("deleted"))
        out.skipReason = QStringLiteral("deleted in MLflow");

    // Params, tags and metrics: one file per key, keys with '/' nested.
    QMap<QString, QString> params, tagValues;
    const auto paramFiles = filesUnder(runDir + QStringLiteral("/params"), storeRoot, error);
    const auto tagFiles = filesUnder(runDir + QStringLiteral("/tags"), storeRoot, error);
    const auto metricFiles = filesUnder(runDir + QStringLiteral("/metrics"), storeRoot, error);
    if (!paramFiles || !tagFiles || !metricFiles)
        return std::nullopt;
    for (const auto &[key, path] : *paramFiles) {
        const auto text = readText(path, error);
        if (!text)
            return std::nullopt;
        params.insert(key, *text);
    }
    for (const auto &[key, path] : *tagFiles) {
        const auto text = readText(path, error);
        if (!text)
            return std::nullopt;
        tagValues.insert(key, *text);
    }
    std::map<QString, std::vector<RawPoint>> metrics;
    for (const auto &[key, path] : *metricFiles) {
        auto points = readMetric(path, error);
        if (!points)
            return std::nullopt;
        metrics[key] = std::move(*points);
    }

    store::RunRecord &r = out.run.record;
    r.name = tagValues.value(tags::runName, field("run_name"));
    if (r.name.isEmpty())
        r.name = out.mlflowRunId.left(8);
    const auto exactStatus = store::runStatusFromString(tagValues.value(tags::status));
    r.status = exactStatus ? *exactStatus : fromMlflow(*status);
    r.started = hasStart && r.status != store::RunStatus::Queued ? fromMillis(*start) : 0;
    r.ended = hasEnd ? fromMillis(*end) : 0;
    bool createdOk = false;
    r.created = tagValues.value(tags::created).toDouble(&createdOk);
    if (!createdOk || !std::isfinite(r.created) || r.created <= 0)
        r.created = hasStart ? fromMillis(*start) : QFileInfo(metaPath).lastModified().toMSecsSinceEpoch() / 1000.0;
    r.device = tagValues.value(tags::device);
    r.host = tagValues.value(tags::host);
    r.versions = tagValues.value(tags::versions);
    r.message = tagValues.value(tags::message);
    if (!exactStatus && *status == MlflowStatus::Running && r.message.isEmpty())
        r.message = QStringLiteral("imported from MLflow while it was running; no engine here follows it");

    // Tags: Gatefold's own list when the run came from Gatefold, else the user's MLflow tags.
    if (tagValues.contains(tags::tagList)) {
        const auto list = readTagList(tagValues.value(tags::tagList), runDir + QStringLiteral("/tags/") + tags::tagList, error);
        if (!list)
            return std::nullopt;
        r.tags = *list;
    } else {
        for (auto it = tagValues.begin(); it != tagValues.end(); ++it)
            if (!it.key().startsWith(QLatin1String("mlflow.")) && !it.key().startsWith(QLatin1String("gatefold.")))
                r.tags << (it.value().isEmpty() ? it.key() : it.key() + QLatin1Char('=') + it.value());
    }

    // Params: settings become the config (config/settingsconfig.h, validated);
    // `seed` the seed; the rest are kept in the notes and the source artifact.
    QMap<QString, QString> settings;
    for (auto it = params.begin(); it != params.end(); ++it) {
        bool seedOk = false;
        if (it.key() == QLatin1String("seed")) {
            r.seed = it.value().toLongLong(&seedOk);
            if (seedOk)
                continue;
        }
        if (train::isRunSetting(it.key()))
            settings.insert(it.key(), it.value());
        else
            out.foreignParams.insert(it.key(), it.value());
    }
    r.configJson = QByteArrayLiteral("{}");
    if (!settings.isEmpty()) {
        QStringList problems;
        if (!train::runConfigFromSettings(settings, &r.configJson, &problems)) {
            if (error)
                *error = QStringLiteral("%1: the run's settings are not a valid Gatefold config: %2; repair or remove "
                                        "those files under params/")
                             .arg(runDir, problems.join(QStringLiteral("; ")));
            return std::nullopt;
        }
    }
    r.notes = tagValues.value(tags::note);
    if (!out.foreignParams.isEmpty()) {
        QStringList lines;
        for (auto it = out.foreignParams.begin(); it != out.foreignParams.end(); ++it)
            lines << it.key() + QStringLiteral(" = ") + it.value();
        r.notes += (r.notes.isEmpty() ? QString() : QStringLiteral("\n\n")) + QStringLiteral("MLflow params:\n")
                   + lines.join(QLatin1Char('\n'));
    }

    // Metrics: epochs from the epoch metric (Gatefold's exports carry it; Lightning logs one too).
    std::map<qint64, double> epochAtStep;
    if (const auto it = metrics.find(QLatin1String(epochMetricKey)); it != metrics.end())
        for (const RawPoint &p : it->second)
            epochAtStep[p.step] = p.value;
    const QString epochCarrier = tagValues.value(tags::epochMetric);
    int droppedNan = 0;
    for (const auto &[key, points] : metrics) {
        if (key == epochCarrier)
            continue;
        for (const RawPoint &p : points) {
            if (std::isnan(p.value)) {  // the store holds numbers only (a NaN would be SQL NULL)
                ++droppedNan;
                continue;
            }
            double epoch = 0;
            auto at = epochAtStep.upper_bound(p.step);
            if (at != epochAtStep.begin())
                epoch = std::prev(at)->second;
            out.run.metrics.push_back({key, p.step, epoch, fromMillis(p.millis), p.value});
        }
    }

    // Artifacts by path: Gatefold's manifest says each one's kind, original path and hash.
    const auto artifactDir = artifactRoot(field("artifact_uri"), runDir, storeRoot, error);
    const auto artifactFiles = artifactDir ? filesUnder(*artifactDir, storeRoot, error) : std::nullopt;
    if (!artifactFiles)
        return std::nullopt;
    std::map<QString, QString> files = *artifactFiles;
    if (const auto m = files.find(QLatin1String(manifestPath)); m != files.end()) {
        const QString manifestFile = m->second;  // kept: `m` is erased below, and messages name the file
        const auto manifest = readManifest(manifestFile, error);
        if (!manifest)
            return std::nullopt;
        files.erase(m);
        for (const ManifestEntry &e : *manifest) {
            store::Artifact a = e.artifact;
            if (!e.copy.isEmpty() && files.count(e.copy)) {
                a.path = files[e.copy];
                const QString sha = sha256OfFile(a.path);
                if (!a.sha256.isEmpty() && sha != a.sha256) {
                    if (error)
                        *error = QStringLiteral("%1 does not match the sha256 %2 recorded for it in %3; the copy is "
                                                "damaged — export the run again")
                                     .arg(a.path, a.sha256, manifestFile);
                    return std::nullopt;
                }
                a.sha256 = sha;
                files.erase(e.copy);
            }
            out.run.artifacts.push_back(a);
        }
    }
    for (const auto &[rel, path] : files) {
        store::Artifact a;
        a.kind = QLatin1String(plainArtifactKind);
        a.path = path;
        a.sha256 = sha256OfFile(path);
        a.created = QFileInfo(path).lastModified().toMSecsSinceEpoch() / 1000.0;
        a.infoJson = QJsonDocument(QJsonObject{{"path", rel}}).toJson(QJsonDocument::Compact);
        out.run.artifacts.push_back(a);
    }
    // Where the run came from, so a second import skips it and nothing is lost.
    QJsonObject foreign, allTags;
    for (auto it = out.foreignParams.begin(); it != out.foreignParams.end(); ++it)
        foreign.insert(it.key(), it.value());
    for (auto it = tagValues.begin(); it != tagValues.end(); ++it)
        allTags.insert(it.key(), it.value());
    store::Artifact source;
    source.kind = QLatin1String(sourceArtifactKind);
    source.path = runDir;
    source.sha256 = sha256OfFile(metaPath);
    source.infoJson = QJsonDocument(QJsonObject{{"run_id", out.mlflowRunId},
                                                {"experiment_id", experiment.id},
                                                {"experiment", experiment.name},
                                                {"params", foreign},
                                                {"tags", allTags},
                                                {"nan_points_dropped", droppedNan}})
                          .toJson(QJsonDocument::Compact);
    out.run.artifacts.push_back(source);
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
