#include "filestore.h"

#include "files/userfile.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUrl>

namespace gatefold::mlflow {

std::optional<QByteArray> readSmallFile(const QString &path, QString *error, qint64 maxBytes)
{
    // MLflow writes an empty param or tag as an empty file: that is a value, not damage (a metric or
    // meta.yaml without content is judged by its reader).
    if (const QFileInfo info(path); info.isFile() && info.size() == 0)
        return QByteArray();
    std::string content, why;
    if (!files::readFile(QFile::encodeName(path).toStdString(), std::uint64_t(maxBytes), files::Accept::RegularFile,
                         &content, &why)) {
        if (error)
            *error = QString::fromStdString(why);
        return std::nullopt;
    }
    return QByteArray::fromStdString(content);
}

std::optional<std::map<QString, YamlScalar>> readMetaYaml(const QString &path, QString *error)
{
    const auto bytes = readSmallFile(path, error, qint64(1) << 20);
    if (!bytes)
        return std::nullopt;
    QString why;
    auto yaml = readFlatYaml(*bytes, &why);
    if (!yaml && error)
        *error = QStringLiteral("%1: %2").arg(path, why);
    return yaml;
}

std::optional<std::vector<ExperimentDir>> readExperiments(const QString &root, QString *error)
{
    const QDir dir(root);
    if (!dir.exists()) {
        if (error)
            *error = QStringLiteral("%1 does not exist; give the directory an MLflow file store lives in "
                                    "(the one `mlflow ui --backend-store-uri file:DIR` shows, e.g. ./mlruns)")
                         .arg(root);
        return std::nullopt;
    }
    std::vector<ExperimentDir> out;
    for (const QString &name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        if (name == QLatin1String(".trash") || name == QLatin1String("models") || name.startsWith(QLatin1Char('.')))
            continue;
        const QString meta = dir.filePath(name + QStringLiteral("/meta.yaml"));
        if (!existsAsEntry(meta))
            continue;
        auto yaml = readMetaYaml(meta, error);
        if (!yaml)
            return std::nullopt;
        const auto field = [&](const char *key) {
            const auto it = yaml->find(QLatin1String(key));
            return it == yaml->end() ? QString() : it->second.text;
        };
        if (field("experiment_id").isEmpty() || !yaml->count(QStringLiteral("name"))) {
            if (error)
                *error = QStringLiteral("%1 is not an MLflow experiment's meta.yaml (it needs experiment_id and name); "
                                        "repair or remove that directory")
                             .arg(meta);
            return std::nullopt;
        }
        if (field("experiment_id") != name) {
            if (error)
                *error = QStringLiteral("%1 says experiment_id %2, but its directory is %3; repair the file")
                             .arg(meta, field("experiment_id"), name);
            return std::nullopt;
        }
        out.push_back({name, field("name"), QFileInfo(dir.filePath(name)).absoluteFilePath(), field("artifact_location"),
                       field("lifecycle_stage")});
    }
    if (out.empty() && error)
        *error = QStringLiteral("%1 is not an MLflow file store: no <experiment id>/meta.yaml in it (an MLflow file "
                                "store is the directory `mlflow ui --backend-store-uri file:DIR` reads, e.g. ./mlruns)")
                     .arg(root);
    if (out.empty())
        return std::nullopt;
    return out;
}

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

bool existsAsEntry(const QString &path)
{
    return QFileInfo(path).exists() || QFileInfo(path).isSymLink();  // a dangling link is there, to be reported
}

QString localPathFromUri(const QString &uri, const QString &base)
{
    if (uri.isEmpty())
        return QString();
    if (uri.startsWith(QLatin1String("file:"))) {
        const QUrl url(uri);
        QString path = url.toLocalFile();
        if (path.isEmpty())  // file:relative/path
            path = uri.mid(5);
        return QDir(base).absoluteFilePath(path);
    }
    if (uri.contains(QLatin1String("://")))
        return QString();
    return QDir(base).absoluteFilePath(uri);
}

QString fileUri(const QString &absolutePath)
{
    return QUrl::fromLocalFile(absolutePath).toString(QUrl::FullyEncoded);
}

QString sha256OfFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QString();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&file))
        return QString();
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace gatefold::mlflow
