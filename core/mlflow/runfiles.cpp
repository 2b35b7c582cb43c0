#include "runfiles.h"

#include "filestore.h"

#include "files/userfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace gatefold::mlflow {
namespace {

// Whether `path` (canonical) is `root` (canonical) or lies under it.
bool inside(const QString &path, const QString &root)
{
    return !path.isEmpty() && (path == root || path.startsWith(root + QLatin1Char('/')));
}

QString canonicalRoot(const QString &storeRoot)
{
    const QString canonical = QFileInfo(storeRoot).canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(QFileInfo(storeRoot).absoluteFilePath()) : canonical;
}

struct Walker {
    QString root;  // the store, canonical
    QString top;   // the folder walked
    std::map<QString, QString> files;
    QString *error;

    bool fail(const QString &message)
    {
        if (error)
            *error = message;
        return false;
    }

    // A file to list: a regular file, or a link to one inside the store.
    bool addFile(const QFileInfo &entry)
    {
        const QString path = entry.absoluteFilePath();
        if (entry.isSymLink() && !inside(entry.canonicalFilePath(), root) && !entry.canonicalFilePath().isEmpty())
            return fail(QStringLiteral("%1 is a symbolic link to %2, outside the MLflow store %3; an import reads "
                                       "nothing beyond the store: put the file itself there, or remove the link")
                            .arg(path, entry.symLinkTarget(), root));
        const std::string problem = files::regularFileProblem(QFile::encodeName(path).toStdString(), true);
        if (!problem.empty())
            return fail(QString::fromStdString(problem));
        if (files.size() >= size_t(kMaxWalkFiles))
            return fail(QStringLiteral("%1 holds more than %2 files: not one MLflow run's; check the store (and its "
                                       "runs' artifact_uri)")
                            .arg(top)
                            .arg(kMaxWalkFiles));
        files[QDir(top).relativeFilePath(path)] = path;
        return true;
    }

    bool walk(const QString &dir, int depth)
    {
        if (depth > kMaxWalkDepth)
            return fail(QStringLiteral("%1 is nested more than %2 folders deep under %3: not one MLflow run's; check "
                                       "the store")
                            .arg(dir)
                            .arg(kMaxWalkDepth)
                            .arg(top));
        const auto entries = QDir(dir).entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System
                                                         | QDir::NoDotAndDotDot,
                                                     QDir::Name);
        for (const QFileInfo &entry : entries) {
            if (entry.isDir() && entry.isSymLink())
                continue;  // never followed: a link to a folder may lead anywhere, or back here
            if (entry.isDir() ? !walk(entry.absoluteFilePath(), depth + 1) : !addFile(entry))
                return false;
        }
        return true;
    }
};

} // namespace

std::optional<std::map<QString, QString>> filesUnder(const QString &dir, const QString &storeRoot, QString *error)
{
    if (!QFileInfo(dir).isDir())
        return std::map<QString, QString>{};
    Walker walker{canonicalRoot(storeRoot), dir, {}, error};
    const QString canonical = QFileInfo(dir).canonicalFilePath();
    if (!inside(canonical, walker.root)) {
        if (error)
            *error = QStringLiteral("%1 leads to %2, outside the MLflow store %3; an import reads nothing beyond the "
                                    "store: move the folder into it, or remove the link")
                         .arg(dir, canonical, walker.root);
        return std::nullopt;
    }
    if (!walker.walk(dir, 0))
        return std::nullopt;
    return std::move(walker.files);
}

std::optional<QString> artifactRoot(const QString &uri, const QString &runDir, const QString &storeRoot,
                                    QString *error)
{
    const QString own = runDir + QStringLiteral("/artifacts");
    const QString local = localPathFromUri(uri, runDir);
    if (local.isEmpty() || !QFileInfo(local).isDir())
        return own;  // remote (s3://, …) or gone: what the run has here
    if (inside(QFileInfo(local).canonicalFilePath(), canonicalRoot(storeRoot)))
        return local;
    // A store moved or copied: its meta.yaml still names <old store>/<experiment>/<run>/artifacts.
    const QString tail = QStringLiteral("/%1/%2/artifacts").arg(QFileInfo(QFileInfo(runDir).path()).fileName(),
                                                                 QFileInfo(runDir).fileName());
    if (QDir::cleanPath(local).endsWith(tail))
        return own;
    if (error)
        *error = QStringLiteral("run %1: its artifact_uri '%2' (in %3/meta.yaml) is %4, outside the MLflow store %5; "
                                "an import reads artifacts only from inside the store: set artifact_uri to the run's "
                                "own artifacts folder (file://%6), or remove the run")
                     .arg(QFileInfo(runDir).fileName(), uri, runDir, QDir::cleanPath(local), storeRoot, own);
    return std::nullopt;
}

} // namespace gatefold::mlflow
