#include "exportfiles.h"
#include "exporttext.h"

#include "createdfolders.h"

#include "inspect/inspectrun.h"
#include "store/runstore.h"
#include "train/checkpoint.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryFile>

#include <algorithm>
#include <cstdio>

namespace gatefold::exporting {
namespace {

// A file already at `path` may be replaced when it is what run `runId`'s last export of `kind` wrote there.
bool replaceable(store::RunStore &store, qint64 runId, const QString &kind, const QString &path, QString *found)
{
    if (!QFileInfo::exists(path))
        return true;
    *found = train::sha256OfFile(path);
    for (const auto &artifact : store.artifacts(runId, kind))
        if (QFileInfo(artifact.path).absoluteFilePath() == QFileInfo(path).absoluteFilePath()
            && artifact.sha256 == *found)
            return true;
    return false;
}

// The config.json of a safetensors export, as its record names it.
bool configReplaceable(store::RunStore &store, qint64 runId, const QString &path)
{
    if (!QFileInfo::exists(path))
        return true;
    const QString found = train::sha256OfFile(path);
    for (const auto &artifact : store.artifacts(runId, QStringLiteral("export/safetensors"))) {
        const auto info = QJsonDocument::fromJson(artifact.infoJson).object();
        if (info.value(QLatin1String("config")).toString() == path
            && info.value(QLatin1String("config_sha256")).toString() == found)
            return true;
    }
    return false;
}

// Every output path that holds a file the store does not know as ours, with a sentence each.
std::map<QString, QString> unknownFiles(store::RunStore &store, const ExportRequest &request, const QString &outDir)
{
    std::map<QString, QString> out;
    for (const QString &format : request.formats) {
        const QString path = QDir(outDir).filePath(exportFileName(format));
        QString found;
        if (!replaceable(store, request.runId, QStringLiteral("export/") + format, path, &found))
            out[path] = tr("%1 (sha256 %2…) is not the file run %3's export wrote there")
                            .arg(path, found.left(12))
                            .arg(request.runId);
        const QString config = QDir(outDir).filePath(QStringLiteral("config.json"));
        if (format == QLatin1String("safetensors") && !configReplaceable(store, request.runId, config))
            out[config] = tr("%1 is not the config run %2's export wrote there").arg(config).arg(request.runId);
    }
    return out;
}

// Temporary files an export killed before it moved them into place left in `outDir`
// (<name>.tmp-<pid> of a process that is gone): removed, they are nobody's.
void removeStaleTemps(const QString &outDir)
{
    const QDir dir(outDir);
    for (const QString &name : dir.entryList({QStringLiteral("*.tmp-*")}, QDir::Files | QDir::Hidden)) {
        bool isPid = false;
        const qint64 pid = name.section(QStringLiteral(".tmp-"), -1).toLongLong(&isPid);
        const QString target = name.section(QStringLiteral(".tmp-"), 0, -2);
        const bool ours = target == QLatin1String("config.json")
                       || std::any_of(exportFormats().begin(), exportFormats().end(),
                                      [&](const QString &f) { return exportFileName(f) == target; });
        if (isPid && ours && pid > 0 && pid != QCoreApplication::applicationPid()
            && !QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid)))
            QFile::remove(dir.filePath(name));
    }
}

} // namespace

const QStringList &exportFormats()
{
    static const QStringList formats{QStringLiteral("torchscript"), QStringLiteral("onnx"),
                                     QStringLiteral("safetensors")};
    return formats;
}

QString exportFileName(const QString &format)
{
    if (format == QLatin1String("torchscript"))
        return QStringLiteral("model.torchscript.pt");
    if (format == QLatin1String("onnx"))
        return QStringLiteral("model.onnx");
    return QStringLiteral("model.safetensors");
}

QString cannotExportOver(const std::map<QString, QString> &unknown)
{
    QStringList sentences;
    for (const auto &entry : unknown)
        sentences << entry.second;
    return tr("cannot export over files that were changed or are not this run's exports (nothing was written): "
              "%1. Move them away, choose another folder with --out, or pass --overwrite to replace them")
        .arg(sentences.join(QStringLiteral("; ")));
}

void removeTemps(const std::vector<PendingFile> &pending)
{
    for (const auto &p : pending) {
        QFile::remove(p.temp);
        if (!p.configTemp.isEmpty())
            QFile::remove(p.configTemp);
    }
}

// <run dir>/export/<checkpoint>, unless the request names a folder.
QString outputFolder(store::RunStore &store, const ExportRequest &request)
{
    return request.outDir.isEmpty()
        ? QDir(store.runDirectory(request.runId))
              .filePath(QStringLiteral("export/") + inspect::checkpointDirName(request.checkpoint))
        : QFileInfo(request.outDir).absoluteFilePath();
}

// The output folder must be writable before any work is done. Files the store does not know as this
// run's go to `unknown`: refused later, unless they hold exactly the bytes this export writes (an export
// of the same run killed before it recorded them) — known only once they are written, so the check ends
// before anything is moved into place.
bool prepareOutputFolder(store::RunStore &store, const ExportRequest &request, const QString &outDir,
                         CreatedFolders *created, std::map<QString, QString> *unknown, QString *why)
{
    if (QFileInfo(outDir).exists() && !QFileInfo(outDir).isDir()) {
        *why = tr("the output folder %1 is a file; give a folder with --out").arg(outDir);
        return false;
    }
    if (!created->create(outDir)) {
        *why = tr("cannot create the output folder %1; give a writable folder with --out").arg(outDir);
        return false;
    }
    if (!request.overwrite)
        *unknown = unknownFiles(store, request, outDir);
    removeStaleTemps(outDir);
    QTemporaryFile probe(QDir(outDir).filePath(QStringLiteral(".gatefold-export-XXXXXX")));
    if (!probe.open()) {
        *why = tr("cannot write into %1 (%2); give a writable folder with --out").arg(outDir, probe.errorString());
        return false;
    }
    return true;
}

// Takes out of `unknown` every file in the way that holds exactly the bytes written in its place.
void forgetIdenticalFiles(const std::vector<PendingFile> &pending, std::map<QString, QString> *unknown)
{
    for (const auto &p : pending) {
        if (unknown->count(p.final)) {  // hashed only where a file is in the way
            const QString written = train::sha256OfFile(p.temp);
            if (!written.isEmpty() && train::sha256OfFile(p.final) == written)
                unknown->erase(p.final);
        }
        if (!p.configFinal.isEmpty() && unknown->count(p.configFinal)
            && train::sha256OfFile(p.configTemp) == train::sha256OfFile(p.configFinal))
            unknown->erase(p.configFinal);
    }
}

bool moveIntoPlace(const std::vector<PendingFile> &pending, const QString &outDir, QString *why)
{
    for (const auto &p : pending) {
        if (std::rename(QFile::encodeName(p.temp).constData(), QFile::encodeName(p.final).constData()) != 0
            || (!p.configTemp.isEmpty()
                && std::rename(QFile::encodeName(p.configTemp).constData(), QFile::encodeName(p.configFinal).constData())
                    != 0)) {
            *why = tr("cannot move the verified %1 file into place in %2").arg(p.format, outDir);
            return false;
        }
    }
    return true;
}

} // namespace gatefold::exporting
