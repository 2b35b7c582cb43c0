#pragma once

#include "flatyaml.h"

#include <QString>

#include <optional>
#include <vector>

namespace gatefold::mlflow {

// One experiment directory of an MLflow file store.
struct ExperimentDir {
    QString id;
    QString name;
    QString dir;               // absolute
    QString artifactLocation;  // as meta.yaml says
    QString lifecycleStage;
};

// The experiments of file store `root`: every sub-directory with a meta.yaml
// (except .trash and models). A meta.yaml that cannot be read is an error
// naming the file and line; a directory with no experiment at all is not a
// file store (error says so and what one looks like).
std::optional<std::vector<ExperimentDir>> readExperiments(const QString &root, QString *error);

// The bytes of a regular file of at most `maxBytes`; errors name the file and
// what is wrong with it (files/userfile.h: a folder, a fifo, a dangling link, …).
std::optional<QByteArray> readSmallFile(const QString &path, QString *error, qint64 maxBytes);

// Writes `bytes` to `path`, making its folder first; the error names the file
// and what to do.
bool writeFile(const QString &path, const QByteArray &bytes, QString *error);

// Whether something (a file, a folder, a link, even a dangling one) is at `path`.
bool existsAsEntry(const QString &path);

// Reads `path` as flat YAML; errors name the file (and line).
std::optional<std::map<QString, YamlScalar>> readMetaYaml(const QString &path, QString *error);

// A local directory from an artifact URI: file:///x, file:x or a plain path
// (relative ones against `base`); empty for remote URIs (s3://, …).
QString localPathFromUri(const QString &uri, const QString &base);
QString fileUri(const QString &absolutePath);

// Lower-case hex SHA-256 of a file's bytes, empty if unreadable.
QString sha256OfFile(const QString &path);

} // namespace gatefold::mlflow
