#include "runartifacts.h"

#include "filestore.h"
#include "mlflowformat.h"
#include "runfiles.h"

#include "json/strictjson.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>

namespace gatefold::mlflow {
namespace {

struct ManifestEntry {
    store::Artifact artifact;
    QString copy;  // the artifact's file in the MLflow run, when it was copied
};

// Whether `value` has the type `key` takes in an entry: "copy" is the copied
// file, or null with "why" for an artifact the export only listed (too large,
// a folder, missing).
bool entryValueOk(const QString &key, const QJsonValue &value)
{
    if (key == "kind" || key == "path" || key == "sha256" || key == "why")
        return value.isString();
    if (key == "copy")
        return value.isString() || value.isNull();
    if (key == "created")
        return value.isDouble();
    return key == "info" && value.isObject();
}

// Gatefold's artifact list: [{"kind", "path", "sha256", "created", "info", "copy"[, "why"]}, …],
// read strictly.
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
        static const QStringList keys = {"kind", "path", "sha256", "created", "info", "copy", "why"};
        for (auto it = e.begin(); it != e.end(); ++it) {
            const QString &k = it.key();
            if (!entryValueOk(k, it.value()))
                return fail(doc->lineOf(json::StrictJson::member(at, k)),
                            keys.contains(k)
                                ? QStringLiteral("entry %1: %2 is %3").arg(i).arg(k, json::describeJsonType(it.value()))
                                : QStringLiteral("entry %1: unknown key %2").arg(i).arg(json::quoteForMessage(k)));
        }
        if (e.value("copy").isNull() != e.contains("why"))
            return fail(line, QStringLiteral("entry %1: \"why\" goes with \"copy\": null (an artifact listed, not "
                                             "copied), and only with it").arg(i));
        ManifestEntry entry;
        store::Artifact &a = entry.artifact;
        a.kind = e.value("kind").toString();
        a.sha256 = e.value("sha256").toString();
        a.created = e.value("created").toDouble();
        QJsonObject info = e.value("info").toObject();
        if (e.contains("why"))  // listed, not copied: the path is the original file's, wherever that is
            info.insert(QStringLiteral("not_copied"), e.value("why"));
        a.infoJson = QJsonDocument(info).toJson(QJsonDocument::Compact);
        a.path = e.value("path").toString();
        entry.copy = e.value("copy").toString();
        if (a.kind.isEmpty() || a.path.isEmpty())
            return fail(line, QStringLiteral("entry %1 has no kind or no path").arg(i));
        out.push_back(std::move(entry));
    }
    return out;
}

// The artifacts the manifest `manifestFile` lists. A copy it names that is in
// `files` (relative path → file) becomes the artifact's path once its sha256
// matches the recorded one, and leaves `files`.
bool addManifestArtifacts(const QString &manifestFile, std::map<QString, QString> *files,
                          std::vector<store::Artifact> *out, QString *error)
{
    const auto manifest = readManifest(manifestFile, error);
    if (!manifest)
        return false;
    for (const ManifestEntry &e : *manifest) {
        store::Artifact a = e.artifact;
        if (!e.copy.isEmpty() && files->count(e.copy)) {
            a.path = (*files)[e.copy];
            const QString sha = sha256OfFile(a.path);
            if (!a.sha256.isEmpty() && sha != a.sha256) {
                if (error)
                    *error = QStringLiteral("%1 does not match the sha256 %2 recorded for it in %3; the copy is "
                                            "damaged — export the run again")
                                 .arg(a.path, a.sha256, manifestFile);
                return false;
            }
            a.sha256 = sha;
            files->erase(e.copy);
        }
        out->push_back(a);
    }
    return true;
}

// A file of the run that no manifest lists: its path relative to the artifact folder in the info.
store::Artifact plainArtifact(const QString &rel, const QString &path)
{
    store::Artifact a;
    a.kind = QLatin1String(plainArtifactKind);
    a.path = path;
    a.sha256 = sha256OfFile(path);
    a.created = QFileInfo(path).lastModified().toMSecsSinceEpoch() / 1000.0;
    a.infoJson = QJsonDocument(QJsonObject{{"path", rel}}).toJson(QJsonDocument::Compact);
    return a;
}

} // namespace

std::optional<std::vector<store::Artifact>> readRunArtifacts(const QString &artifactUri, const QString &runDir,
                                                             const QString &storeRoot, QString *error)
{
    const auto artifactDir = artifactRoot(artifactUri, runDir, storeRoot, error);
    auto files = artifactDir ? filesUnder(*artifactDir, storeRoot, error) : std::nullopt;
    if (!files)
        return std::nullopt;
    std::vector<store::Artifact> out;
    if (const auto m = files->find(QLatin1String(manifestPath)); m != files->end()) {
        const QString manifestFile = m->second;  // kept: `m` is erased here, and messages name the file
        files->erase(m);
        if (!addManifestArtifacts(manifestFile, &*files, &out, error))
            return std::nullopt;
    }
    for (const auto &[rel, path] : *files)
        out.push_back(plainArtifact(rel, path));
    return out;
}

} // namespace gatefold::mlflow
